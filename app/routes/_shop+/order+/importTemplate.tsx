import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18n.server";
import { importTemplate } from "~/modules/excel/export.server";
import { requireFunction } from "~/utils/guard.server";
import { xlsxResponse } from "~/utils/xlsx.server";

/** /order/importTemplate: the batch import template with headers in the user's language. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFunction(request, "order:import");
  return xlsxResponse(importTemplate(await getLanguage(request, user.language)));
}
