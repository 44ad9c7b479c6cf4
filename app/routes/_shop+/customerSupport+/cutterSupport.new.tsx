import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/utils/meta";
import { SupportNewPage } from "./__SupportViews";
import { supportNewAction, supportNewLoader } from "./__support.server";

export const handle = { i18n: ["support"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.newRequestToolBodySupport");

/** A new Tool-body support request (decision 050): the form carries a one-time token, so a double post files it once. */
export async function loader({ request }: LoaderFunctionArgs) {
  return supportNewLoader(request, "tool_body");
}

export async function action({ request }: ActionFunctionArgs) {
  return supportNewAction(request, "tool_body");
}

export default SupportNewPage;
