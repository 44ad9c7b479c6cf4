import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { shopRedirectPath } from "~/modules/services/redirect";

/**
 * Spec §2 /redirect/{path}: an internal hop, /redirect/order/order → /order/order (with the query).
 * Anything that could leave the shop (`//host`, backslashes, schemes, encoded variants) → /homePage.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.pathname.slice("/redirect".length);
  return redirect(shopRedirectPath(raw, params["*"] ?? "", url.search), { headers: { "Cache-Control": "no-store" } });
}
