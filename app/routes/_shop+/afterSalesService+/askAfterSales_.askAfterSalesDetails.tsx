import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/**
 * Spec §2 /afterSalesService/askAfterSales/askAfterSalesDetails?id=&updateId=: the details page
 * lives at /afterSalesService/askAfterSalesDetails (decision 049, which checks the owner); this
 * address leads there with the same query.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/afterSalesService/askAfterSalesDetails${new URL(request.url).search}`);
}
