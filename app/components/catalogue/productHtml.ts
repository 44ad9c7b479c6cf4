import type { Language } from "~/i18n/config";
import { formatDate, formatMoney } from "~/i18n/format";
import type { ListContext, ListItem } from "~/modules/catalogue/listing.server";
import type { PromotionKind } from "~/modules/promotions/rules";
import { escapeHtml } from "~/utils/html";

/**
 * The product list's rows and the two small product forms (add to cart, favourite star) as HTML
 * text. A 50-row list is about a thousand elements; React renders each with several function
 * calls, and that was the largest part of a list page's server time (decision 029). The same pure
 * functions run in the browser, so the markup React hydrates is the markup the server sent.
 *
 * The forms are plain <form> elements: without JavaScript they post and redirect; with it,
 * useRowForms on a surrounding element sends them through fetchers. Their fixed fields (intent,
 * product, return path) travel in the action URL, not as hidden inputs (readPostedForm).
 */
export type T = (key: string, options?: Record<string, string | number>) => string;

/** `path?name=value&…` for a form's action (empty fields left out), escaped for an attribute. */
export function actionUrl(path: string, fields: Record<string, string | number | null>): string {
  let url = escapeHtml(path);
  let separator = path.includes("?") ? "&amp;" : "?";
  for (const name in fields) {
    const value = fields[name];
    if (value === null || value === "") continue;
    url += `${separator}${name}=${typeof value === "number" ? value : encodedValue(value)}`;
    separator = "&amp;";
  }
  return url;
}

// Every form of a list carries the same return path: it is encoded once, not once per form
// (plain words such as the intent need no encoding and do not take its place).
const PLAIN = /^[\w.-]*$/;
let lastValue = "";
let lastEncoded = "";
function encodedValue(value: string): string {
  if (PLAIN.test(value)) return value;
  if (value !== lastValue) {
    lastEncoded = escapeHtml(encodeURIComponent(value));
    lastValue = value;
  }
  return lastEncoded;
}

export interface RowMessage {
  ok: boolean;
  text: string;
}

/** Add to cart (the cart area's contract in docs/decisions/022): quantity field and button. */
export function cartFormHtml(
  p: Pick<ListItem, "id" | "moq" | "mpq" | "promotionItemId">,
  redirectTo: string,
  t: T,
  busy = false,
  message?: RowMessage,
): string {
  const action = actionUrl("/shopCart?index", { intent: "add", productId: p.id, promotionItemId: p.promotionItemId, redirectTo });
  const feedback = message
    ? `<span class="cart-msg${message.ok ? "" : " cart-msg-error"}" role="status">${escapeHtml(message.text)}</span>`
    : "";
  return (
    `<form method="post" action="${action}" class="qty-form" data-row-form="cart" data-product="${p.id}">` +
    `<input type="number" name="qty" value="${Math.max(p.moq, p.mpq)}" min="${p.moq}" step="${p.mpq}" aria-label="${escapeHtml(t("cart.qty"))}" title="${escapeHtml(t("cart.qtyHint", { moq: p.moq, mpq: p.mpq }))}" inputmode="numeric"/>` +
    `<button type="submit" class="btn"${busy ? " disabled" : ""}>${escapeHtml(t("cart.add"))}</button>${feedback}</form>`
  );
}

/**
 * The favourite star (posts to /order/myCollect). A product without a price cannot be starred
 * (spec §5; the action refuses it too): it gets a star that cannot be pressed, unless it is
 * starred already (then it can still be removed).
 */
export function favStarHtml(input: { id: number; fav: boolean; priceEmpty: boolean; redirectTo: string; t: T; error?: string }): string {
  const { id, fav, redirectTo, t, error } = input;
  if (input.priceEmpty && !fav) {
    return `<span class="fav-star fav-disabled" title="${escapeHtml(t("favourite.priceEmpty"))}" aria-hidden="true">☆</span>`;
  }
  const label = escapeHtml(fav ? t("favourite.remove") : t("favourite.add"));
  const action = actionUrl("/order/myCollect", { intent: fav ? "remove" : "add", productId: id, redirectTo });
  return (
    `<form method="post" action="${action}" class="inline-form" data-row-form="fav" data-product="${id}">` +
    `<button type="submit" class="fav-star${fav ? " fav-on" : ""}" aria-pressed="${fav}" aria-label="${label}" title="${label}">${fav ? "★" : "☆"}</button>` +
    (error ? `<span class="fav-error" role="alert">${escapeHtml(error)}</span>` : "") +
    `</form>`
  );
}

/** The promotion tags of a product (flash sale, sale, new, hot, delisted), titled with the promotion. */
export function promoTagsHtml(tags: { kind: PromotionKind; title: string | null }[], t: T): string {
  return tags.map((tag) => `<span class="tag tag-${tag.kind}" title="${escapeHtml(tag.title ?? "")}">${escapeHtml(t(`tags.${tag.kind}`))}</span>`).join("");
}

export interface RowState {
  fav: boolean;
  cartBusy: boolean;
  cartMessage?: RowMessage;
  favError?: string;
}

const muted = (text: string) => `<span class="muted">${escapeHtml(text)}</span>`;

function priceHtml(p: ListItem, ctx: ListContext, t: T, lang: Language): string {
  if (!ctx.signedIn) return muted("—");
  if (!ctx.priceVisible) return muted(t("price.hidden"));
  if (p.onRequest || p.price === null) return muted(t("price.onRequest"));
  const money = (v: number) => escapeHtml(formatMoney(v, ctx.currency, lang));
  if (p.promoPrice !== null && p.promoPrice < p.price) {
    return `<span class="price price-promo">${money(p.promoPrice)}</span><del class="price-was">${money(p.price)}</del>`;
  }
  return `<span class="price">${money(p.price)}</span>`;
}

// ` data-label="…"` of each column, once per translate function (one per page render), not per row.
const columnLabels = new WeakMap<T, Map<string, string>>();
function columnLabel(t: T, key: string): string {
  let labels = columnLabels.get(t);
  if (!labels) columnLabels.set(t, (labels = new Map()));
  let label = labels.get(key);
  if (label === undefined) labels.set(key, (label = ` data-label="${escapeHtml(t(`columns.${key}`))}"`));
  return label;
}

/**
 * The cells of one product row (the inside of its <tr>). Below 760 px each row becomes a card
 * whose cells carry their column name (catalogue.css, data-label).
 */
export function productRowHtml(p: ListItem, ctx: ListContext, t: T, lang: Language, redirectTo: string, state: RowState): string {
  const label = (key: string) => columnLabel(t, key);
  const hidden = (visible: boolean) => (ctx.signedIn && !visible ? t("stock.hidden") : "—");
  let cells =
    `<td class="cell-product"><a class="code" data-nav href="/item?code=${escapeHtml(encodeURIComponent(p.code))}">${escapeHtml(p.code)}</a>` +
    `<div class="product-name">${escapeHtml(p.name)}</div></td>` +
    `<td class="cell-spec"${label("specification")}>${escapeHtml(p.spec)}</td>` +
    `<td class="num"${label("price")}>${priceHtml(p, ctx, t, lang)}</td>` +
    `<td class="num"${label("stock")}>${p.stock === null ? muted(hidden(ctx.stockVisible)) : p.stock}</td>` +
    `<td class="num"${label("mpq")}>${p.mpq}</td>` +
    `<td class="num"${label("moq")}>${p.moq}</td>` +
    `<td class="nowrap"${label("esd")}>${p.esd ? escapeHtml(formatDate(p.esd)) : muted("—")}</td>` +
    `<td${p.tags.length ? label("promotions") : ""}>${promoTagsHtml(p.tags, t)}</td>`;
  if (ctx.signedIn) {
    const fav = favStarHtml({ id: p.id, fav: state.fav, priceEmpty: p.onRequest, redirectTo, t, error: state.favError });
    const cart = p.canCart
      ? cartFormHtml(p, redirectTo, t, state.cartBusy, state.cartMessage)
      : muted(!ctx.canOrder ? t("cart.noPermission") : t("cart.unavailable"));
    cells += `<td class="cell-fav">${fav}</td><td class="cell-cart">${cart}</td>`;
  }
  return cells;
}
