import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/**
 * Spec §2 names the feedback table a child of askAfterSales
 * (/afterSalesService/askAfterSales/askAfterSalesTable); the table lives at
 * /afterSalesService/askAfterSalesTable (decision 049): this address leads there, query kept.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/afterSalesService/askAfterSalesTable${new URL(request.url).search}`);
}
