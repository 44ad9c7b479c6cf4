import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PromotionListView } from "~/components/catalogue/PromotionViews";
import { loadPromotionList } from "../__promotions.server";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.promotions");

/** /promotion: the company's running and upcoming promotions, with countdowns. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPromotionList(request, false);
}

export default function PromotionList() {
  const d = useLoaderData<typeof loader>();
  return <PromotionListView d={d} flash={false} />;
}
