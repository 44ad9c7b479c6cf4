import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18n.server";
import { requireUser } from "~/utils/guard.server";
import { templateResponse } from "~/modules/excel/export.server";

/** /order/importTemplate: the batch import template with headers in the user's language. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return templateResponse(await getLanguage(request, user.language));
}
