import type { Language } from "~/i18n/config";
import { formatDate, formatMoney } from "~/i18n/format";
import type { ListContext, ListItem } from "~/modules/catalogue/listing.server";
import type { PriceTier, PromotionKind } from "~/modules/promotions/rules";
import { Thumbnail } from "./Thumbnail";

/**
 * A product list's row and the two small product forms (add to cart, favourite star), also used
 * by the product detail page. The forms are plain <form> elements: without JavaScript they post
 * and redirect; with it, useRowForms on a surrounding element sends them through fetchers.
 */
export type T = (key: string, options?: Record<string, string | number>) => string;

export interface RowMessage {
  ok: boolean;
  text: string;
}

/** Add to cart (the cart area's contract in docs/decisions/022): quantity field and button. */
export function CartForm({
  p,
  redirectTo,
  t,
  busy,
  message,
}: {
  p: Pick<ListItem, "id" | "moq" | "mpq" | "promotionItemId">;
  redirectTo: string;
  t: T;
  busy: boolean;
  message?: RowMessage;
}) {
  return (
    <form method="post" action="/shopCart?index" className="qty-form" data-row-form="cart" data-product={p.id}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={p.id} />
      {p.promotionItemId ? <input type="hidden" name="promotionItemId" value={p.promotionItemId} /> : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input
        type="number"
        name="qty"
        defaultValue={Math.max(p.moq, p.mpq)}
        min={p.moq}
        step={p.mpq}
        aria-label={t("cart.qty")}
        title={t("cart.qtyHint", { moq: p.moq, mpq: p.mpq })}
        inputMode="numeric"
      />
      <button type="submit" className="btn" disabled={busy}>
        {t("cart.add")}
      </button>
      {message ? (
        <span className={message.ok ? "cart-msg" : "cart-msg cart-msg-error"} role="status">
          {message.text}
        </span>
      ) : null}
    </form>
  );
}

/**
 * The favourite star (posts to /order/myCollect). A product without a price cannot be starred
 * (spec §5; the action refuses it too): it gets a star that cannot be pressed, unless it is
 * starred already (then it can still be removed).
 */
export function FavStar({
  id,
  fav,
  priceEmpty,
  redirectTo,
  t,
  error,
}: {
  id: number;
  fav: boolean;
  priceEmpty: boolean;
  redirectTo: string;
  t: T;
  error?: string;
}) {
  if (priceEmpty && !fav) {
    return (
      <span className="fav-star fav-disabled" title={t("favourite.priceEmpty")} aria-hidden="true">
        ☆
      </span>
    );
  }
  const label = fav ? t("favourite.remove") : t("favourite.add");
  return (
    <form method="post" action="/order/myCollect" className="inline-form" data-row-form="fav" data-product={id}>
      <input type="hidden" name="intent" value={fav ? "remove" : "add"} />
      <input type="hidden" name="productId" value={id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={fav ? "fav-star fav-on" : "fav-star"} aria-pressed={fav} aria-label={label} title={label}>
        {fav ? "★" : "☆"}
      </button>
      {error ? (
        <span className="fav-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}

/** The promotion tags of a product (flash sale, sale, new, hot, delisted), titled with the promotion. */
export function PromoTags({ tags, t }: { tags: { kind: PromotionKind; title: string | null }[]; t: T }) {
  return (
    <>
      {tags.map((tag, i) => (
        <span key={i} className={`tag tag-${tag.kind}`} title={tag.title ?? ""}>
          {t(`tags.${tag.kind}`)}
        </span>
      ))}
    </>
  );
}

/**
 * A product's price as the viewer may see it: the promotion price beside the struck-out list
 * price, "on request", hidden for an account without prices; signed out, a dash in a list row or,
 * where a sign-in link is given (the product page), that link. A promotion price that needs a
 * larger quantity is no unit price: it follows as "满N件 ¥x" / "from N pcs ¥x" (decision 074).
 */
export function PriceText(props: {
  price: number | null;
  promoPrice: number | null;
  tiers?: PriceTier[];
  onRequest: boolean;
  ctx: Pick<ListContext, "signedIn" | "priceVisible" | "currency">;
  t: T;
  lang: Language;
  signInHref?: string;
}) {
  const { price, promoPrice, ctx, t } = props;
  if (!ctx.signedIn) return props.signInHref ? <a href={props.signInHref}>{t("price.loginToSee")}</a> : <span className="muted">—</span>;
  if (!ctx.priceVisible) return <span className="muted">{t("price.hidden")}</span>;
  if (props.onRequest || price === null) return <span className="muted">{t("price.onRequest")}</span>;
  const money = (v: number) => formatMoney(v, ctx.currency, props.lang);
  const tiers = props.tiers?.length ? (
    <span className="price-tiers">
      {props.tiers.map((tier) => (
        <span key={tier.qty} className="price-tier" data-testid="price-tier" data-qty={tier.qty}>
          {t("price.fromQty", { qty: tier.qty, price: money(tier.price) })}
        </span>
      ))}
    </span>
  ) : null;
  if (promoPrice !== null && promoPrice < price) {
    return (
      <>
        <span className="price price-promo">{money(promoPrice)}</span> <del className="price-was">{money(price)}</del>
        {tiers}
      </>
    );
  }
  return (
    <>
      <span className="price">{money(price)}</span>
      {tiers}
    </>
  );
}

export interface RowState {
  fav: boolean;
  cartBusy: boolean;
  cartMessage?: RowMessage;
  favError?: string;
}

/** One product row. Below 760 px each row becomes a card whose cells carry their column name (catalogue.css, data-label). */
export function ProductRow({
  p,
  ctx,
  t,
  lang,
  redirectTo,
  state,
}: {
  p: ListItem;
  ctx: ListContext;
  t: T;
  lang: Language;
  redirectTo: string;
  state: RowState;
}) {
  const hidden = (visible: boolean) => (ctx.signedIn && !visible ? t("stock.hidden") : "—");
  return (
    <tr data-code={p.code}>
      <td className="cell-product">
        <div className="with-thumb">
          <Thumbnail shape={p.thumb} />
          <div>
            <a className="code" data-nav href={`/item?code=${encodeURIComponent(p.code)}`}>
              {p.code}
            </a>
            <div className="product-name">{p.name}</div>
          </div>
        </div>
      </td>
      <td className="cell-spec" data-label={t("columns.specification")}>
        {p.spec}
      </td>
      <td className="num" data-label={t("columns.price")}>
        <PriceText price={p.price} promoPrice={p.promoPrice} tiers={p.promoTiers} onRequest={p.onRequest} ctx={ctx} t={t} lang={lang} />
      </td>
      <td className="num" data-label={t("columns.stock")}>
        {p.stock === null ? <span className="muted">{hidden(ctx.stockVisible)}</span> : p.stock}
      </td>
      <td className="num" data-label={t("columns.mpq")}>
        {p.mpq}
      </td>
      <td className="num" data-label={t("columns.moq")}>
        {p.moq}
      </td>
      <td className="nowrap" data-label={t("columns.esd")}>
        {p.esd ? formatDate(p.esd) : <span className="muted">—</span>}
      </td>
      <td data-label={p.tags.length ? t("columns.promotions") : undefined}>
        <PromoTags tags={p.tags} t={t} />
      </td>
      {ctx.signedIn ? (
        <>
          <td className="cell-fav">
            {ctx.canFavourite ? <FavStar id={p.id} fav={state.fav} priceEmpty={p.onRequest} redirectTo={redirectTo} t={t} error={state.favError} /> : null}
          </td>
          <td className="cell-cart">
            {p.canCart && ctx.canOrder ? (
              <CartForm p={p} redirectTo={redirectTo} t={t} busy={state.cartBusy} message={state.cartMessage} />
            ) : (
              <span className="muted">{!ctx.canOrder ? t("cart.noPermission") : t("cart.unavailable")}</span>
            )}
          </td>
        </>
      ) : null}
    </tr>
  );
}
