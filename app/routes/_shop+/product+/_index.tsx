import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NodeOverview } from "~/components/catalogue/NodeOverview";
import { loadRoot } from "./__list.server";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.products");

export async function loader({ request }: LoaderFunctionArgs) {
  return loadRoot(request);
}

export default function ProductIndex() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <div className="catalogue-page">
      <nav aria-label="breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to="/homePage">{t("home")}</Link>
          </li>
          <li>
            <span aria-current="page">{t("products")}</span>
          </li>
        </ol>
      </nav>
      <header className="page-head">
        <h1>{t("allProducts")}</h1>
      </header>
      <NodeOverview items={data.children} />
    </div>
  );
}
