import type { LoaderFunctionArgs } from "@remix-run/node";
import { IdParam } from "./__quotationAdmin.server";
import { getDb } from "~/db/index.server";
import { readQuotationFile } from "~/modules/quotation/drawings.server";
import { fileResponse, viewsInBrowser } from "~/utils/file-response.server";
import { notFound, requireStaff } from "~/utils/guard.server";

/** A drawing of a quotation of the staff member's entity (decision 051); another entity's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request, "svc:quote:view");
  const id = IdParam.safeParse(params.id ?? "");
  if (!id.success) notFound();
  const file = await readQuotationFile(getDb(), { tenantId: user.tenantId }, id.data);
  if (!file) notFound();
  return fileResponse(request, { body: file.body, type: file.type, name: file.name, inline: viewsInBrowser(file.type), cache: "private, max-age=3600" });
}
