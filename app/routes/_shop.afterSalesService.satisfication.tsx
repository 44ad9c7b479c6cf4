import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ServicePage } from "~/components/content/ServicePage";

import { getSiteConfig } from "~/modules/site/site.server";

export async function loader({ request }: LoaderFunctionArgs) {

  void request;
  const { hotline, contactEmail } = getSiteConfig();
  return { hotline, contactEmail };
}

export default function Page() {
  const d = useLoaderData<typeof loader>();
  return <ServicePage titleKey="menu.satisfication" textKey="service.satisfication" hotline={d.hotline} contactEmail={d.contactEmail} />;
}
