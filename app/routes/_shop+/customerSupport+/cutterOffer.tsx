import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import feedbackCss from "~/styles/feedback.css";
import ordersCss from "~/styles/orders.css";
import quotationCss from "~/styles/quotation.css";
import { requireRole } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { QuotationRequestPage } from "~/components/quotation/QuotationRequestPage";
import { quotationPageAction, quotationPageLoader } from "../technologyService+/__quotation.server";
import { SUPPORT_ROLES } from "./__support.server";

export const handle = { i18n: ["quotation"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: feedbackCss },
  { rel: "stylesheet", href: quotationCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.customizedToolQuotation");

/**
 * Spec §2 /customerSupport/cutterOffer: the same quotation service as under technical service
 * (decision 051), for the roles customer support and customer master account only (§2, §6).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return quotationPageLoader(request, await requireRole(request, SUPPORT_ROLES));
}

export async function action({ request }: ActionFunctionArgs) {
  return quotationPageAction(request, await requireRole(request, SUPPORT_ROLES));
}

export default function Page() {
  return <QuotationRequestPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()?.result} />;
}
