import type { LoaderFunctionArgs } from "@remix-run/node";
import { toLanguage } from "~/i18n/config";
import { priceTemplate } from "~/modules/admin/price-import.server";
import { requireStaff } from "~/utils/guard.server";
import { xlsxResponse } from "~/utils/xlsx.server";

/** /system/priceImport/template?lang=zh|en: the price and stock import template in either language. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "cus:price:import");
  return xlsxResponse(priceTemplate(toLanguage(new URL(request.url).searchParams.get("lang"))));
}
