import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { allColumns, getColumns, saveColumns, type ColumnModule } from "~/modules/columns/columns.server";
import { readFormData } from "~/utils/form.server";
import { requireUser } from "~/utils/guard.server";
import { safeRedirect } from "~/utils/redirect";
import { redirectWithToast, replyInvalid } from "~/utils/reply.server";
import { ColumnChoiceSchema, moduleParam } from "./routes.schemas.server";

/**
 * Spec §7 POST/PUT/GET /userModuleField (decision 053): the signed-in user's column choices per
 * table (module). GET answers them as JSON (?module= for one table). POST (a form) or PUT saves
 * one table's choice; with redirectTo the browser goes back to the table (POST/redirect/GET, no
 * JavaScript needed), else the saved columns come back as JSON.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const module = moduleParam.safeParse(new URL(request.url).searchParams.get("module") ?? undefined);
  if (!module.success) throw new Response("Not Found", { status: 404 });
  const db = getDb();
  if (!module.data) return json({ fields: await allColumns(db, user.id) }, { headers: { "Cache-Control": "private, no-store" } });
  const m = module.data as ColumnModule;
  return json({ module: m, fields: await getColumns(db, user.id, m) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "PUT") throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, POST, PUT" } });
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: ColumnChoiceSchema });
  // a module the shop does not have: conform's reply (400), its message in the user's language
  if (submission.status !== "success") return replyInvalid(request, submission);
  const { module, col, redirectTo } = submission.value;
  const fields = await saveColumns(getDb(), user.id, module as ColumnModule, col);
  if (redirectTo === undefined) return json({ module, fields });
  return redirectWithToast(safeRedirect(redirectTo, "/order/order"), "order:orders.columnsSaved");
}
