import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { requireFunction } from "~/utils/guard.server";
import { exportResponse } from "~/modules/excel/export.server";

/** /order/export?kind=orders|details|records&<filters>: streaming .xlsx downloads. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFunction(request, "order:export"); // function code from the role menus (spec §6)
  const lang = await getLanguage(request, user.language);
  return exportResponse(getDb(), user, new URL(request.url).searchParams, lang);
}
