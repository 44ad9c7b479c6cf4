import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { DeskFilterSchema } from "./__orderDesk.server";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { deskOrdersExport } from "~/modules/desk/excel.server";
import { requireStaff } from "~/utils/guard.server";
import { xlsxResponse } from "~/utils/xlsx.server";

/** /system/orders/export?<the list's filters>: the desk's order list as a streamed .xlsx. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "ord:order:view", db);
  const lang = await getLanguage(request, staff.language);
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: DeskFilterSchema });
  const filter = submission.status === "success" ? submission.value : DeskFilterSchema.parse({});
  return xlsxResponse(deskOrdersExport(db, { id: staff.id, code: staff.code, tenantId: staff.tenantId }, filter, lang));
}
