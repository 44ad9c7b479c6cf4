import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CatalogueOverview } from "~/components/catalogue/CatalogueOverview";
import { loadOverview } from "./__list.server";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "titles.productNode", { name: data?.node.label ?? "" });

/** /product/productSecond?catalogueCode=<node>&parentCode=<parent>: the node's children and grandchildren. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadOverview(request);
}

export default function ProductSecond() {
  return <CatalogueOverview data={useLoaderData<typeof loader>()} />;
}
