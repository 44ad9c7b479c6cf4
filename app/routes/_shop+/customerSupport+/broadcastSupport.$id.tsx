import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import { SupportDetail } from "./__SupportViews";
import { supportDetailLoader } from "./__support.server";

export const handle = { i18n: ["support"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.marketingSupportRequest");

/** One marketing-support request of the customer (decision 052); another customer's is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return supportDetailLoader(request, "marketing", params.id);
}

export default function Page() {
  const { kind, request } = useLoaderData<typeof loader>();
  return <SupportDetail kind={kind} request={request} />;
}
