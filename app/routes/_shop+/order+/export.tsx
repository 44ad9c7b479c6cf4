import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { prepareExport } from "~/modules/excel/export.server";
import { notFound, requireFunction } from "~/utils/guard.server";
import { xlsxResponse } from "~/utils/xlsx.server";

/** /order/export?kind=orders|details|records&<the list page's filters>: streaming .xlsx downloads. */
const ExportParamsSchema = z.object({
  kind: z.enum(["orders", "details", "records"]),
  orderNo: z.string().max(40).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFunction(request, "order:export"); // function code from the role menus (spec §6)
  const lang = await getLanguage(request, user.language);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const params = ExportParamsSchema.safeParse(query);
  if (!params.success) notFound();
  const workbook = await prepareExport(getDb(), user, { ...params.data, filters: query }, lang);
  if (!workbook) notFound();
  return xlsxResponse(workbook);
}
