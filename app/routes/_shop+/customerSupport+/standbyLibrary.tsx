import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ServicePage } from "~/components/content/ServicePage";
import { requireRole } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "备库支持", "Standby stock");

/** Spec §2 /customerSupport/standbyLibrary (customer-support roles, Chinese only like its siblings). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["customer_support", "customer_master"]);
  return null;
}

export default function Page() {
  return <ServicePage titleKey="services:menu.standbyLibrary" textKey="services:service.standbyLibrary" />;
}
