import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

/**
 * Spec §2 /afterSalesService/askAfterSales/askAfterSalesDetails?id=&updateId=: the shop keeps
 * customer feedback as order messages, so the details are the message (myMessage?id=, which
 * checks the owner); without an id, the feedback page.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  return redirect(/^\d{1,10}$/.test(id) ? `/order/myMessage?id=${id}` : "/afterSalesService/askAfterSales");
}
