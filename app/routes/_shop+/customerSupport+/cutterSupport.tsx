import type { LoaderFunctionArgs } from "@remix-run/node";
import { ServicePage } from "~/components/content/ServicePage";
import { requireRole } from "~/utils/guard.server";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["customer_support", "customer_master"]);
  return null;
}

export default function Page() {
  return <ServicePage titleKey="menu.cutterSupport" textKey="service.cutterSupport" />;
}
