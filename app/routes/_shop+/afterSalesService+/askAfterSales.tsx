import { ServicePage } from "~/components/content/ServicePage";

export default function Page() {
  return <ServicePage titleKey="menu.askAfterSales" textKey="service.askAfterSales" />;
}
