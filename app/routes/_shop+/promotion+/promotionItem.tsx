import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PromotionItemView } from "~/components/catalogue/PromotionViews";
import { loadPromotionItem } from "../__promotions.server";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "titles.promotionItem", { name: data?.promotion.title ?? "" });

/** /promotion/promotionItem?id=: one promotion and its products (add to cart under the promotion). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPromotionItem(request, false);
}

export default function PromotionItem() {
  const d = useLoaderData<typeof loader>();
  return <PromotionItemView d={d} flash={false} />;
}
