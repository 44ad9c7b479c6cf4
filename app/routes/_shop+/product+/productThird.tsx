import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProductListView } from "~/components/catalogue/ProductListView";
import { loadProductList } from "./__list.server";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "titles.productNode", { name: data?.node.label ?? "" });

/** /product/productThird?catalogueCode=<node>&parentCode=<parent>[&leaf=<L4>][&sort=][&page=]: the product table. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadProductList(request);
}

export default function ProductThird() {
  const data = useLoaderData<typeof loader>();
  return <ProductListView data={data} basePath="/product/productThird" />;
}
