import { useCachedT } from "~/i18n/useCachedT";
import type { Language } from "~/i18n/config";
import { formatDate, formatMoney } from "~/i18n/format";
import type { ListContext, ListItem } from "~/modules/catalogue/listing.server";
import { useDelegatedNavigation } from "~/components/useDelegatedNavigation";
import { PromoTags } from "./PromoTags";
import { CartForm, FavForm } from "./ProductForms";
import { useRowForms } from "./useRowForms";

/**
 * The product list: plain table elements with class names (not Chakra per cell, see STACK.md),
 * the same on every list page (series, application group, search, favourites, promotions, selection).
 * Below 760 px each row becomes a card (catalogue.css, data-label).
 */
export function ProductTable({ items, ctx, redirectTo, lang }: { items: ListItem[]; ctx: ListContext; redirectTo: string; lang: Language }) {
  const t = useCachedT("catalogue");
  const rows = useRowForms(t);
  const onClick = useDelegatedNavigation();
  const money = (v: number) => formatMoney(v, ctx.currency, lang);
  const priceCell = (p: ListItem) => {
    if (!ctx.signedIn) return <span className="muted">—</span>;
    if (!ctx.priceVisible) return <span className="muted">{t("price.hidden")}</span>;
    if (p.onRequest || p.price === null) return <span className="muted">{t("price.onRequest")}</span>;
    if (p.promoPrice !== null && p.promoPrice < p.price) {
      return (
        <>
          <span className="price price-promo">{money(p.promoPrice)}</span>
          <del className="price-was">{money(p.price)}</del>
        </>
      );
    }
    return <span className="price">{money(p.price)}</span>;
  };
  const hidden = (visible: boolean) => (ctx.signedIn && !visible ? t("stock.hidden") : "—");
  return (
    <div className="table-scroll product-list" onSubmit={rows.onSubmit} onClick={onClick}>
      <table className="data-table product-table">
        <thead>
          <tr>
            <th scope="col">{t("columns.orderingCode")}</th>
            <th scope="col">{t("columns.specification")}</th>
            <th scope="col" className="num">{t("columns.price")}</th>
            <th scope="col" className="num">{t("columns.stock")}</th>
            <th scope="col" className="num">{t("columns.mpq")}</th>
            <th scope="col" className="num">{t("columns.moq")}</th>
            <th scope="col">{t("columns.esd")}</th>
            <th scope="col">{t("columns.promotions")}</th>
            {ctx.signedIn ? <th scope="col"><span className="visually-hidden">{t("columns.favourite")}</span>★</th> : null}
            {ctx.signedIn ? <th scope="col">{t("columns.cart")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} data-code={p.code}>
              <td className="cell-product">
                <a className="code" data-nav href={`/item?code=${encodeURIComponent(p.code)}`}>{p.code}</a>
                <div className="product-name">{p.name}</div>
              </td>
              <td className="cell-spec" data-label={t("columns.specification")}>{p.spec}</td>
              <td className="num" data-label={t("columns.price")}>{priceCell(p)}</td>
              <td className="num" data-label={t("columns.stock")}>{p.stock === null ? <span className="muted">{hidden(ctx.stockVisible)}</span> : p.stock}</td>
              <td className="num" data-label={t("columns.mpq")}>{p.mpq}</td>
              <td className="num" data-label={t("columns.moq")}>{p.moq}</td>
              <td className="nowrap" data-label={t("columns.esd")}>{p.esd ? formatDate(p.esd) : <span className="muted">—</span>}</td>
              <td data-label={p.tags.length ? t("columns.promotions") : undefined}><PromoTags tags={p.tags} /></td>
              {ctx.signedIn ? (
                <td className="cell-fav">
                  {p.onRequest && !p.fav ? (
                    <span className="fav-star fav-disabled" title={t("favourite.priceEmpty")} aria-hidden="true">☆</span>
                  ) : (
                    <FavForm id={p.id} fav={rows.isFav(p.id, p.fav)} redirectTo={redirectTo} t={t} error={rows.message("fav", p.id)?.text} />
                  )}
                </td>
              ) : null}
              {ctx.signedIn ? (
                <td className="cell-cart">
                  {p.canCart ? (
                    <CartForm p={p} redirectTo={redirectTo} t={t} busy={rows.busy("cart", p.id)} message={rows.message("cart", p.id)} />
                  ) : (
                    <span className="muted">{!ctx.canOrder ? t("cart.noPermission") : t("cart.unavailable")}</span>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
