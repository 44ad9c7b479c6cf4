import { ServicePage } from "~/components/content/ServicePage";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export default function Page() {
  return <ServicePage titleKey="menu.cutterOffer" textKey="service.cutterOffer" />;
}
