import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ServicePage } from "~/components/content/ServicePage";
import { requireRole } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "播报支持", "Broadcast support");

/** Spec §2 /customerSupport/broadcastSupport (customer-support roles, Chinese only like its siblings). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["customer_support", "customer_master"]);
  return null;
}

export default function Page() {
  return <ServicePage titleKey="services:menu.broadcastSupport" textKey="services:service.broadcastSupport" />;
}
