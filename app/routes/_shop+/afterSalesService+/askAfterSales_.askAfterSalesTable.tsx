import type { MetaFunction } from "@remix-run/node";
import { ServicePage } from "~/components/content/ServicePage";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "反馈记录", "Feedback records");

/** Spec §2 /afterSalesService/askAfterSales/askAfterSalesTable: how feedback is recorded (Chinese only). */
export default function Page() {
  return <ServicePage titleKey="services:menu.askAfterSalesTable" textKey="services:service.askAfterSalesTable" />;
}
