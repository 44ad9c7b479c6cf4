import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import { SupportList } from "./__SupportViews";
import { supportListLoader } from "./__support.server";

export const handle = { i18n: ["support"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.toolBodySupport");

/** Tool-body support (spec §2 /customerSupport/cutterSupport, decision 050): the customer's requests. */
export async function loader({ request }: LoaderFunctionArgs) {
  return supportListLoader(request, "tool_body");
}

export default function Page() {
  const { kind, requests, page, total, pageSize } = useLoaderData<typeof loader>();
  return <SupportList kind={kind} requests={requests} page={page} total={total} pageSize={pageSize} />;
}
