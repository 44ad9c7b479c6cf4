import type { DomainError } from "~/modules/result";
import { toSearchCode } from "~/modules/search/normalize";

/**
 * The product and cart rules of spec §5 as pure functions. The server enforces them (cart
 * actions, quick order, import, order submission); the browser may reuse them for hints.
 * Each rule returns null (fine) or a RuleError: an i18n key ("ns:key") and its values.
 */
export type RuleError = DomainError;

export interface RuleProduct {
  status: string; // active | delisted
  moq: number;
  mpq: number;
  unitPrice: number | null; // null: empty price (on request / not visible)
  stock: number; // available stock of the tenant (0 when no row)
}

export interface RulePromotion {
  kind: string; // flash | sale | new | hot | out
  active: boolean; // inside its time window and still offered
  flashStock: number | null;
  flashSold: number;
  minQty: number | null;
  minAmount: number | null;
  perCustomerLimit: number | null;
  giftQty: number | null;
}

export interface RuleActor {
  canOrder: boolean;
}

const err = (key: string, values?: RuleError["values"]): RuleError => (values ? { key, values } : { key });

/** Accounts without order permission are refused ('contact the master account administrator'). */
export function checkPermission(actor: RuleActor): RuleError | null {
  return actor.canOrder ? null : err("common:errors.noOrderPermission");
}

/** A product must be selected, and still exist for this customer. */
export function checkProductChosen(productId: number | null | undefined): RuleError | null {
  return productId && productId > 0 ? null : err("order:rules.selectProduct");
}

export function checkAvailable(product: RuleProduct | null | undefined): RuleError | null {
  return product ? null : err("common:errors.itemUnavailable");
}

/** Quantity: a whole number, not zero, at least the MOQ, a multiple of the MPQ. */
export function checkQuantity(qty: number, product: Pick<RuleProduct, "moq" | "mpq">): RuleError | null {
  if (!Number.isInteger(qty) || qty < 0) return err("order:rules.qtyInvalid");
  if (qty === 0) return err("order:rules.qtyZero");
  if (qty < product.moq) return err("order:rules.belowMoq", { moq: product.moq });
  if (product.mpq > 1 && qty % product.mpq !== 0) return err("order:rules.notMpq", { mpq: product.mpq });
  return null;
}

/** Items with an empty price cannot go to favourites or the cart. */
export function checkPrice(product: Pick<RuleProduct, "unitPrice">): RuleError | null {
  return product.unitPrice === null ? err("order:rules.emptyPrice") : null;
}

/** Delisted items only while stock lasts, and never above the stock. */
export function checkDelisted(product: Pick<RuleProduct, "status" | "stock">, qty: number): RuleError | null {
  if (product.status !== "delisted") return null;
  if (product.stock <= 0) return err("order:rules.delistedNoStock");
  if (qty > product.stock) return err("order:rules.delistedAboveStock", { stock: product.stock });
  return null;
}

/** Quantity cannot exceed what is left of the flash-sale stock. */
export function checkFlashStock(promo: Pick<RulePromotion, "kind" | "flashStock" | "flashSold">, qty: number): RuleError | null {
  if (promo.flashStock === null) return null;
  const left = Math.max(0, promo.flashStock - promo.flashSold);
  if (qty > left) return err("order:rules.flashStock", { left });
  return null;
}

/** Promotion conditions: still active, minimum quantity, minimum amount, per-customer limit. */
export function checkPromotionConditions(
  promo: RulePromotion | null | undefined,
  line: { qty: number; amount: number; alreadyBought?: number },
): RuleError | null {
  if (!promo || !promo.active) return err("common:errors.promotionEmpty");
  if (promo.minQty !== null && line.qty < promo.minQty) return err("order:rules.promoMinQty", { min: promo.minQty });
  if (promo.minAmount !== null && line.amount < promo.minAmount) return err("order:rules.promoMinAmount", { min: promo.minAmount });
  if (promo.perCustomerLimit !== null && line.qty + (line.alreadyBought ?? 0) > promo.perCustomerLimit) {
    return err("order:rules.promoLimit", { limit: promo.perCustomerLimit });
  }
  return checkFlashStock(promo, line.qty);
}

/** A line's quantity and price, and what the customer already bought under each promotion item. */
export interface PromotionLine {
  qty: number;
  unitPrice: number;
  alreadyBought: (promotionItemId: number) => number;
}

/** Whether the line qualifies for the promotion now (conditions, per-customer limit, flash stock). */
export const qualifiesFor = (o: RulePromotion & { promotionItemId: number }, line: PromotionLine) =>
  !checkPromotionConditions(o, { qty: line.qty, amount: line.unitPrice * line.qty, alreadyBought: line.alreadyBought(o.promotionItemId) });

/**
 * The promotion the cart pre-selects for a line (issue 29 item 3, decision 065): among the ones the
 * line qualifies for (conditions met with its quantity and amount, what the customer already bought
 * counted), the lowest unit price — the price the product list shows —; at the same price the one
 * with the larger free gift, then the oldest. Null when it qualifies for none.
 */
export function bestPromotion<P extends RulePromotion & { promotionItemId: number; unit: number | null }>(
  options: readonly P[],
  line: PromotionLine,
): P | null {
  const qualifying = options.filter((o) => qualifiesFor(o, line));
  // lowest unit price, then the larger gift, then the oldest item
  const rank = (o: P) => [o.unit ?? line.unitPrice, -giftAllowance(o, line.qty), o.promotionItemId];
  const before = (a: P, b: P) => {
    const [x, y] = [rank(a), rank(b)];
    const i = x.findIndex((v, k) => v !== y[k]);
    return i >= 0 && x[i] < y[i];
  };
  return qualifying.reduce<P | null>((best, o) => (!best || before(o, best) ? o : best), null);
}

/** Free gifts: at most the promotion's gift quantity per qualifying line. */
export function giftAllowance(promo: Pick<RulePromotion, "giftQty" | "minQty"> | null, qty: number): number {
  if (!promo || !promo.giftQty) return 0;
  const times = promo.minQty && promo.minQty > 0 ? Math.floor(qty / promo.minQty) : 1;
  return promo.giftQty * times;
}

/** A gift quantity the dealer asks for: a whole number from 0 (no gift) up to the allowance (spec §5). */
export function checkGift(requested: number, allowed: number): RuleError | null {
  if (!Number.isInteger(requested) || requested < 0) return err("order:rules.qtyInvalid");
  return requested > allowed ? err("order:rules.giftTooMany", { allowed }) : null;
}

/**
 * The gift pieces a line gets: the dealer's choice (null: none made, the whole allowance), never
 * above what the promotion gives for the line's quantity now: a choice made before the quantity
 * went down is cut to the new allowance (decision 074).
 */
export function chosenGiftQty(chosen: number | null, allowance: number): number {
  if (chosen === null || !Number.isInteger(chosen)) return allowance;
  return Math.max(0, Math.min(chosen, allowance));
}

/** At submission: stock shortage (normal or flash) blocks the order. */
export function checkStockForOrder(qty: number, stock: number): RuleError | null {
  return qty > stock ? err("order:rules.stockShort", { stock: Math.max(0, stock) }) : null;
}

/**
 * The rules for putting a line into the cart (add, change quantity, quick order, import), in
 * the order a dealer should hear about them. Returns the first failure or null.
 */
export function validateCartLine(input: {
  actor: RuleActor;
  product: RuleProduct | null;
  qty: number;
  /** undefined: no promotion chosen; null: a chosen promotion that no longer exists */
  promotion?: RulePromotion | null;
  alreadyBought?: number;
}): RuleError | null {
  const { actor, product, qty, promotion } = input;
  return (
    checkPermission(actor) ??
    checkAvailable(product) ??
    checkPrice(product!) ??
    checkQuantity(qty, product!) ??
    checkDelisted(product!, qty) ??
    (promotion !== undefined ? checkPromotionConditions(promotion, { qty, amount: (product!.unitPrice ?? 0) * qty, alreadyBought: input.alreadyBought }) : null)
  );
}

/** The rules again at order submission: the cart rules plus the stock. */
export function validateOrderLine(input: Parameters<typeof validateCartLine>[0]): RuleError | null {
  const first = validateCartLine(input);
  if (first) return first;
  return checkStockForOrder(input.qty, input.product!.stock);
}

/** ISO-code normalisation as in search (NFKC, upper-case, no spaces, hyphens or dots): compared with product.search_code. */
export function normaliseCode(code: string): string {
  return toSearchCode(code);
}

export interface QuickOrderLine {
  lineNo: number;
  raw: string;
  code: string;
  qty: number | null;
  error: RuleError | null;
}

export const QUICK_ORDER_MAX_LINES = 200;

/**
 * Pasted lines of "ordering code, quantity" (tab, comma, semicolon or spaces). The quantity is
 * the last field; everything before it is the code (codes contain spaces: "CNMG120408-DM YBC252").
 */
export function parseQuickOrder(text: string): QuickOrderLine[] {
  const out: QuickOrderLine[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const m = /^(.*?)[\s,;\t，]+(-?\d+(?:\.\d+)?)$/.exec(line);
    if (!m) {
      out.push({ lineNo: i + 1, raw: line, code: line.replace(/[,;\t，]+$/, ""), qty: null, error: err("order:quick.noQty") });
      return;
    }
    const code = m[1].replace(/[,;\t，]+$/, "").trim();
    const qty = Number(m[2]);
    out.push({
      lineNo: i + 1,
      raw: line,
      code,
      qty: Number.isInteger(qty) ? qty : null,
      error: !code ? err("order:quick.noCode") : Number.isInteger(qty) && qty >= 0 ? null : err("order:rules.qtyInvalid"),
    });
  });
  return out;
}
