import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ServicePage } from "~/components/content/ServicePage";
import { requireRole } from "~/modules/auth/guard.server";
import { getSiteConfig } from "~/modules/site/site.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["customer_support", "customer_master"]);
  void request;
  const { hotline, contactEmail } = getSiteConfig();
  return { hotline, contactEmail };
}

export default function Page() {
  const d = useLoaderData<typeof loader>();
  return <ServicePage titleKey="menu.customerSupport" textKey="service.customerSupport" hotline={d.hotline} contactEmail={d.contactEmail} />;
}
