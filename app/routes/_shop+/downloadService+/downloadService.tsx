import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DownloadsPage } from "~/components/content/DownloadsPage";
import { loadDownloadsPage } from "../__content.server";
import biddingCss from "~/styles/bidding.css";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminContent", "bidding"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.downloads");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: biddingCss },
];

/** Downloads grouped by category, with a category filter (decision 053). */
export const loader = (args: LoaderFunctionArgs) => loadDownloadsPage(args);

export default function Page() {
  const data = useLoaderData<typeof loader>();
  return <DownloadsPage basePath="/downloadService/downloadService" {...data} />;
}
