import { normaliseCode } from "~/modules/cart/rules";
import { PROMOTION_KINDS, type PromotionKind } from "./rules";

/**
 * What the back office may save as a promotion (decision 046), pure: the window, prices,
 * discount, flash stock and limits. The database checks (products in the entity, overlapping
 * flash sales) are in admin.server.ts. Errors are i18n keys of the adminContent namespace.
 */
export interface PromotionItemInput {
  code: string;
  /** fixed promotion price in fen incl. tax, or null (the discount applies) */
  promoPrice: number | null;
  /** flash-sale pieces, or null (no flash limit) */
  flashStock: number | null;
}

export interface PromotionInput {
  kind: PromotionKind;
  titleZh: string;
  titleEn: string;
  startsAt: string; // ISO-8601 UTC
  endsAt: string;
  /** 100..9900: 1 % .. 99 % off the dealer price */
  discountBp: number | null;
  minQty: number | null;
  /** fen */
  minAmount: number | null;
  perCustomerLimit: number | null;
  giftCode: string | null;
  giftQty: number | null;
  items: PromotionItemInput[];
}

export type RuleError = { error: string; params?: Record<string, string | number> };

export const MAX_PROMOTION_ITEMS = 500;

/** The first rule the input breaks, or null. */
export function checkPromotion(p: PromotionInput): RuleError | null {
  if (!PROMOTION_KINDS.includes(p.kind)) return { error: "adminContent:promo.err.kind" };
  if (!p.titleZh.trim() || !p.titleEn.trim()) return { error: "adminContent:promo.err.title" };
  const start = Date.parse(p.startsAt);
  const end = Date.parse(p.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return { error: "adminContent:promo.err.window" };
  if (end <= start) return { error: "adminContent:promo.err.endBeforeStart" };
  if (p.discountBp !== null && (!Number.isInteger(p.discountBp) || p.discountBp < 100 || p.discountBp > 9900)) {
    return { error: "adminContent:promo.err.discount" };
  }
  for (const [name, v] of [
    ["minQty", p.minQty],
    ["perCustomerLimit", p.perCustomerLimit],
    ["giftQty", p.giftQty],
  ] as const) {
    if (v !== null && (!Number.isInteger(v) || v < 1)) return { error: "adminContent:promo.err.positive", params: { field: name } };
  }
  if (p.minAmount !== null && (!Number.isInteger(p.minAmount) || p.minAmount < 1))
    return { error: "adminContent:promo.err.positive", params: { field: "minAmount" } };
  if ((p.giftCode === null) !== (p.giftQty === null)) return { error: "adminContent:promo.err.gift" };
  if (p.items.length === 0) return { error: "adminContent:promo.err.noItems" };
  if (p.items.length > MAX_PROMOTION_ITEMS) return { error: "adminContent:promo.err.tooManyItems", params: { max: MAX_PROMOTION_ITEMS } };
  const seen = new Set<string>();
  for (const item of p.items) {
    const key = normaliseCode(item.code);
    if (seen.has(key)) return { error: "adminContent:promo.err.duplicate", params: { code: item.code } };
    seen.add(key);
    if (item.promoPrice !== null && (!Number.isInteger(item.promoPrice) || item.promoPrice <= 0)) {
      return { error: "adminContent:promo.err.price", params: { code: item.code } };
    }
    if (item.flashStock !== null && (!Number.isInteger(item.flashStock) || item.flashStock < 0)) {
      return { error: "adminContent:promo.err.flashStock", params: { code: item.code } };
    }
    if (p.kind !== "flash" && item.flashStock !== null) return { error: "adminContent:promo.err.flashOnly", params: { code: item.code } };
  }
  // a flash sale or a sale changes the price: each item needs a price, or the promotion a discount
  if ((p.kind === "flash" || p.kind === "sale") && p.discountBp === null && p.giftCode === null) {
    const bare = p.items.find((i) => i.promoPrice === null);
    if (bare) return { error: "adminContent:promo.err.noPrice", params: { code: bare.code } };
  }
  return null;
}

/** Two windows [start, end) overlap. */
export function windowsOverlap(a: { startsAt: string; endsAt: string }, b: { startsAt: string; endsAt: string }): boolean {
  return Date.parse(a.startsAt) < Date.parse(b.endsAt) && Date.parse(b.startsAt) < Date.parse(a.endsAt);
}

/**
 * The items text of the form: one product a line, "ordering code[, price[, flash stock]]" (commas, semicolons or tabs between; a code may hold spaces), the
 * price in yuan (two decimals at most). Null for a line that cannot be read (its 1-based number).
 */
export function parseItemLines(text: string): { ok: true; items: PromotionItemInput[] } | { ok: false; line: number } {
  const items: PromotionItemInput[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const [code, price, stock, ...rest] = line.split(/\s*[,;\t，；]\s*/);
    if (rest.length || !code || code.length > 60) return { ok: false, line: i + 1 };
    let promoPrice: number | null = null;
    if (price !== undefined && price !== "" && price !== "-") {
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(price)) return { ok: false, line: i + 1 };
      promoPrice = Math.round(Number(price) * 100);
    }
    let flashStock: number | null = null;
    if (stock !== undefined && stock !== "" && stock !== "-") {
      if (!/^-?\d{1,9}$/.test(stock)) return { ok: false, line: i + 1 };
      flashStock = Number(stock);
    }
    items.push({ code, promoPrice, flashStock });
  }
  return { ok: true, items };
}

/** The items back as the form's text. */
export function itemLines(items: { code: string; promoPrice: number | null; flashStock: number | null }[]): string {
  return items
    .map((i) =>
      [i.code, i.promoPrice === null ? "-" : (i.promoPrice / 100).toFixed(2), i.flashStock === null ? "" : String(i.flashStock)].join(", ").replace(/, $/, ""),
    )
    .join("\n");
}
