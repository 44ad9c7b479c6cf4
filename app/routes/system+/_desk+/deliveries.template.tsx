import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { TemplateSchema } from "./__orderDesk.server";
import { getDb } from "~/db/index.server";
import { shipmentTemplate } from "~/modules/desk/excel.server";
import { requireStaff } from "~/utils/guard.server";
import { xlsxResponse } from "~/utils/xlsx.server";

/** /system/deliveries/template?lang=zh|en: the shipment import template with headers in that language. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "ord:delivery:view", getDb());
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: TemplateSchema });
  return xlsxResponse(shipmentTemplate(submission.status === "success" ? submission.value.lang : "zh"));
}
