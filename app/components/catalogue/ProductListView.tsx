import type { Language } from "~/i18n/config";
import type { ListContext, ListItem } from "~/modules/catalogue/listing.server";
import type { ProductSort } from "~/modules/catalogue/sorts";
import type { Crumb } from "./Breadcrumbs";
import { NodeHeader } from "./CatalogueOverview";
import { Pager } from "~/components/Pager";
import { ProductTable } from "./ProductTable";
import { SortLinks } from "./SortLinks";
import { useCachedT } from "~/i18n/useCachedT";

export interface ProductListData {
  node: { code: string; label: string; describe: string; isNonStandard: boolean; level: number; parentCode: string | null };
  crumbs: Crumb[];
  leaves: { code: string; label: string; isNonStandard: boolean; count: number }[];
  leaf: string | null;
  sort: ProductSort;
  page: number;
  pageSize: number;
  total: number;
  items: ListItem[];
  ctx: ListContext;
  redirectTo: string;
  lang: Language;
}

/** A series (level 3, with level-4 filter chips) or an application group (level 4): the product table. */
export function ProductListView({ data, basePath }: { data: ProductListData; basePath: string }) {
  const t = useCachedT("catalogue");
  const base = `${basePath}?catalogueCode=${encodeURIComponent(data.node.code)}${data.node.parentCode ? `&parentCode=${encodeURIComponent(data.node.parentCode)}` : ""}&sort=${data.sort}`;
  return (
    <div className="catalogue-page">
      <NodeHeader crumbs={data.crumbs} node={data.node} />
      {data.leaves.length > 1 ? (
        <nav className="chips" aria-label={t("seriesFilter")}>
          <span className="chips-label">{t("seriesFilter")}:</span>
          <a data-nav href={base} className={`chip${data.leaf ? "" : " chip-on"}`} aria-current={data.leaf ? undefined : "true"}>
            {t("allApplications")}
          </a>
          {data.leaves.map((l) => (
            <a
              key={l.code}
              data-nav
              href={`${base}&leaf=${encodeURIComponent(l.code)}`}
              className={`chip${data.leaf === l.code ? " chip-on" : ""}`}
              aria-current={data.leaf === l.code ? "true" : undefined}
            >
              {l.label} <small>({l.count})</small>
              {l.isNonStandard ? <span className="tag tag-nonstd">{t("nonStandard")}</span> : null}
            </a>
          ))}
        </nav>
      ) : null}
      <div className="list-toolbar">
        <span className="list-total">{t("paging.total", { count: data.total })}</span>
        <SortLinks sort={data.sort} />
      </div>
      {!data.ctx.signedIn ? (
        <p className="message message-warning">
          <a data-nav href={`/shop_login?redirect=${encodeURIComponent(data.redirectTo)}`}>
            {t("price.loginToSee")}
          </a>
        </p>
      ) : null}
      {data.items.length ? (
        <ProductTable items={data.items} ctx={data.ctx} redirectTo={data.redirectTo} lang={data.lang} />
      ) : (
        <p className="muted">{t("noProducts")}</p>
      )}
      <Pager page={data.page} total={data.total} pageSize={data.pageSize} />
    </div>
  );
}
