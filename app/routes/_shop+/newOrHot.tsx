import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { ProductTable } from "~/components/catalogue/ProductTable";
import { listNewOrHot, PAGE_SIZE } from "~/modules/catalogue/catalogue.server";
import { buildListItems, listContext } from "~/modules/catalogue/listing.server";
import { pageBase, returnPath } from "~/utils/page.server";
import { parsePage } from "~/modules/catalogue/sorts";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.newAndHotProducts");

/** /newOrHot[?tab=new|hot]: products flagged new or hot (public; prices when signed in). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, lang, url } = await pageBase(request);
  const tab = url.searchParams.get("tab") === "hot" ? "hot" : "new";
  const page = parsePage(url.searchParams.get("page"));
  const list = await listNewOrHot(db, { which: tab, lang, page });
  const items = await buildListItems(db, user, list.rows, lang);
  return { tab, page, total: list.total, pageSize: PAGE_SIZE, items, ctx: listContext(user), redirectTo: returnPath(url), lang };
}

export default function NewOrHot() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <div className="catalogue-page">
      <header className="page-head">
        <h1>{t("newOrHot.title")}</h1>
      </header>
      <nav className="tabs" aria-label={t("newOrHot.title")}>
        <Link to="/newOrHot?tab=new" className={`tab${d.tab === "new" ? " tab-on" : ""}`} aria-current={d.tab === "new" ? "page" : undefined}>
          {t("newOrHot.new")}
        </Link>
        <Link to="/newOrHot?tab=hot" className={`tab${d.tab === "hot" ? " tab-on" : ""}`} aria-current={d.tab === "hot" ? "page" : undefined}>
          {t("newOrHot.hot")}
        </Link>
      </nav>
      <p className="list-total">{t("paging.total", { count: d.total })}</p>
      {d.items.length ? <ProductTable items={d.items} ctx={d.ctx} redirectTo={d.redirectTo} lang={d.lang} /> : <p className="muted">{t("newOrHot.none")}</p>}
      <Pager page={d.page} total={d.total} pageSize={d.pageSize} />
    </div>
  );
}
