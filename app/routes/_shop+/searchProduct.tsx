import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { ProductTable } from "~/components/catalogue/ProductTable";
import { productsByIds } from "~/modules/catalogue/catalogue.server";
import { buildListItems, listContext, type ListItem } from "~/modules/catalogue/listing.server";
import { pageBase, returnPath } from "~/utils/page.server";
import { parsePage } from "~/modules/catalogue/sorts";
import { parseKeyword } from "~/modules/search/normalize";
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, productSearch } from "~/modules/search/search.server";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.productSearch");

/** /searchProduct?keyWord=: public; prices only when signed in. 3+ characters, enforced here. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, lang, url } = await pageBase(request);
  const raw = url.searchParams.get("keyWord");
  const q = parseKeyword(raw);
  const base = { keyword: (raw ?? "").slice(0, 100), ctx: listContext(user), redirectTo: returnPath(url), lang, pageSize: SEARCH_PAGE_SIZE };
  if (!q.ok) {
    return { ...base, error: raw === null ? null : q.error, items: [] as ListItem[], total: 0, capped: false, page: 1 };
  }
  const maxPage = Math.ceil(SEARCH_COUNT_CAP / SEARCH_PAGE_SIZE);
  const page = parsePage(url.searchParams.get("page"), maxPage);
  const result = await productSearch(db).search(q, { offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE });
  const rows = await productsByIds(db, result.ids, lang);
  const items = await buildListItems(db, user, rows, lang);
  return { ...base, keyword: q.keyword, error: null, items, total: result.total, capped: result.capped, page };
}

export default function SearchProduct() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <div className="catalogue-page">
      <header className="page-head">
        <h1>{t("search.title")}</h1>
      </header>
      <Form method="get" action="/searchProduct" className="search-page-form" role="search" aria-label={t("search.title")}>
        <label htmlFor="search-keyword">{t("search.label")}</label>
        <input id="search-keyword" name="keyWord" type="search" defaultValue={d.keyword} maxLength={100} aria-describedby="search-hint" />
        <button type="submit" className="btn">
          {t("search.button")}
        </button>
      </Form>
      <p id="search-hint" className="muted small">
        {t("search.hint")}
      </p>
      {d.error ? (
        <p className="message message-error" role="alert">
          {t(d.error)}
        </p>
      ) : d.keyword && d.items.length === 0 ? (
        <p className="message message-warning">{t("search.none", { keyword: d.keyword })}</p>
      ) : d.items.length ? (
        <>
          <p className="list-total" role="status">
            {d.capped ? t("search.resultsMore", { count: d.total, keyword: d.keyword }) : t("search.results", { count: d.total, keyword: d.keyword })}
          </p>
          {!d.ctx.signedIn ? (
            <p className="message message-warning">
              <Link to={`/shop_login?redirect=${encodeURIComponent(d.redirectTo)}`}>{t("price.loginToSee")}</Link>
            </p>
          ) : null}
          <ProductTable items={d.items} ctx={d.ctx} redirectTo={d.redirectTo} lang={d.lang} />
          <Pager page={d.page} total={d.total} pageSize={d.pageSize} />
        </>
      ) : null}
    </div>
  );
}
