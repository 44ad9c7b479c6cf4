import type { MetaFunction } from "@remix-run/node";
import { ServicePage } from "~/components/content/ServicePage";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "非标刀具报价说明", "Customized tool quotation: details");

/** Spec §2 /technologyService/cutterOfferDetails: what a customized-tool quotation needs (Chinese only). */
export default function Page() {
  return <ServicePage titleKey="services:menu.cutterOfferDetails" textKey="services:service.cutterOfferDetails" />;
}
