import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import { MarketingNew } from "./__SupportViews";
import { marketingNewAction, marketingNewLoader } from "./__support.server";

export const handle = { i18n: ["support"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.requestMarketingSupport");

/** A new marketing-support request (decision 052): the entity's items, a one-time token against double posts. */
export async function loader({ request }: LoaderFunctionArgs) {
  return marketingNewLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return marketingNewAction(request);
}

export default function Page() {
  const { token, items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = Object.values(actionData?.result.error ?? {}).flat() as string[];
  return <MarketingNew token={token} items={items} errors={errors} initial={actionData?.result.initialValue as Record<string, unknown> | undefined} />;
}
