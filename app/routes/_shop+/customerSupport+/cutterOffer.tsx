import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ServicePage } from "~/components/content/ServicePage";
import { requireRole } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "非标刀具报价", "Customized tool quotation");

/** Spec §2 /customerSupport/cutterOffer (the same quotation service as under technical service) (customer-support roles, Chinese only like its siblings). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["customer_support", "customer_master"]);
  return null;
}

export default function Page() {
  return <ServicePage titleKey="menu.cutterOffer" textKey="service.cutterOffer" />;
}
