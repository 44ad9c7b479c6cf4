import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CartView } from "~/components/cart/CartView";
import { cartAction, cartLoader } from "./__cart.server";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["order", "quotation"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.shoppingCart");

export const loader = ({ request }: LoaderFunctionArgs) => cartLoader(request);
export const action = ({ request }: ActionFunctionArgs) => cartAction(request, "/shopCart");

export default function ShopCartPage() {
  const data = useLoaderData<typeof loader>();
  return <CartView {...data} variant="table" />;
}
