import { useCachedT } from "~/i18n/useCachedT";
import type { Language } from "~/i18n/config";
import type { ListContext, ListItem } from "~/modules/catalogue/listing.server";
import { ProductRow } from "./ProductRow";
import { useRowForms } from "./useRowForms";

/**
 * The product list, the same on every list page (series, application group, search, favourites,
 * promotions, selection). Below 760 px each row becomes a card (catalogue.css, data-label).
 */
export function ProductTable({ items, ctx, redirectTo, lang }: { items: ListItem[]; ctx: ListContext; redirectTo: string; lang: Language }) {
  const t = useCachedT("catalogue");
  const rows = useRowForms(t);
  return (
    <div className="table-scroll product-list" onSubmit={rows.onSubmit}>
      <table className="data-table product-table">
        <thead>
          <tr>
            <th scope="col">{t("columns.orderingCode")}</th>
            <th scope="col">{t("columns.specification")}</th>
            <th scope="col" className="num">
              {t("columns.price")}
            </th>
            <th scope="col" className="num">
              {t("columns.stock")}
            </th>
            <th scope="col" className="num">
              {t("columns.mpq")}
            </th>
            <th scope="col" className="num">
              {t("columns.moq")}
            </th>
            <th scope="col">{t("columns.esd")}</th>
            <th scope="col">{t("columns.promotions")}</th>
            {ctx.signedIn ? (
              <th scope="col">
                <span className="visually-hidden">{t("columns.favourite")}</span>★
              </th>
            ) : null}
            {ctx.signedIn ? <th scope="col">{t("columns.cart")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <ProductRow
              key={p.id}
              p={p}
              ctx={ctx}
              t={t}
              lang={lang}
              redirectTo={redirectTo}
              state={{
                fav: rows.isFav(p.id, p.fav),
                cartBusy: rows.busy("cart", p.id),
                cartMessage: rows.message("cart", p.id),
                favError: rows.message("fav", p.id)?.text,
              }}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
