import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import feedbackCss from "~/styles/feedback.css";
import ordersCss from "~/styles/orders.css";
import quotationCss from "~/styles/quotation.css";
import { requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { QuotationRequestPage } from "~/components/quotation/QuotationRequestPage";
import { quotationPageAction, quotationPageLoader } from "./__quotation.server";

export const handle = { i18n: ["quotation"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: feedbackCss },
  { rel: "stylesheet", href: quotationCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.customizedToolQuotation");

/** Spec §2 /technologyService/cutterOffer (Chinese only): a dealer asks for a quotation of a non-standard tool (decision 051). */
export async function loader({ request }: LoaderFunctionArgs) {
  return quotationPageLoader(request, await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return quotationPageAction(request, await requireUser(request));
}

export default function Page() {
  return <QuotationRequestPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()?.result} />;
}
