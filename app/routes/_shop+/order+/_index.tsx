import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/utils/guard.server";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

/** Spec §2 /order: the orders area's index is the order list (signed out: sign in first, then there). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/order/order");
}
