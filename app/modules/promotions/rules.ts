import { unitPrice } from "~/modules/pricing/pricing";

/**
 * Promotion rules, pure (no database): the catalogue shows them and the cart applies them
 * (docs/decisions/023-promotions.md). Amounts are integer fen incl. tax, rates in basis points.
 */
export const PROMOTION_KINDS = ["flash", "sale", "new", "hot", "out"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export interface PromotionWindow {
  startsAt: string; // ISO-8601 UTC
  endsAt: string;
}

export type PromotionState = "upcoming" | "active" | "ended";

/** A promotion runs from startsAt (inclusive) to endsAt (exclusive). */
export function promotionState(p: PromotionWindow, now: Date): PromotionState {
  const t = now.getTime();
  if (t < Date.parse(p.startsAt)) return "upcoming";
  if (t >= Date.parse(p.endsAt)) return "ended";
  return "active";
}

export interface PromotionPriceInput {
  /** the dealer's own unit price (pricing.unitPrice with no sub-account factor); null = on request */
  dealerPrice: number | null;
  /** a fixed promotion price for the item, if any */
  promoPrice: number | null;
  /** else a discount on the dealer price */
  discountBp: number | null;
  /** the sub-account's price adjustment (0 for masters), applied after the promotion like every price */
  priceAdjustmentBp: number;
}

/**
 * The unit price under a promotion: the fixed promotion price, else the dealer price less the
 * promotion discount; never above the dealer price (a promotion never makes a price worse). The
 * sub-account factor is applied afterwards through the one pricing function. Null when the
 * product has no price, or the promotion changes nothing about the price (new/hot/out tags).
 */
export function promotionUnitPrice({ dealerPrice, promoPrice, discountBp, priceAdjustmentBp }: PromotionPriceInput): number | null {
  if (dealerPrice === null) return null;
  let price: number;
  if (promoPrice !== null && promoPrice >= 0) price = Math.min(promoPrice, dealerPrice);
  else if (discountBp) price = unitPrice({ listPrice: dealerPrice, customerDiscountBp: discountBp, priceAdjustmentBp: 0 }) ?? dealerPrice;
  else return null;
  return unitPrice({ listPrice: price, customerPrice: price, customerDiscountBp: 0, priceAdjustmentBp });
}

/** A promotion price from a quantity on: "满N件 ¥x" / "from N pcs ¥x". */
export interface PriceTier {
  qty: number;
  price: number;
}

export interface PromotionPrices {
  /** the lowest promotion price for the least quantity the product can be ordered in (its MOQ in whole packs); null: none */
  fromFirst: number | null;
  /** lower promotion prices that need more: quantities ascending, prices descending */
  tiers: PriceTier[];
}

/**
 * What a product list may say about a product's promotion prices (issue 29 item 6, decision 074):
 * a promotion price is the unit price only if the product's least order quantity already meets the
 * promotion's conditions; a promotion with a minimum quantity or amount shows as a tier "from N
 * pieces" instead, N being the least quantity the cart grants it for (the minimum quantity, or the
 * minimum amount at the dealer's own unit price — the cart judges the amount on it —, in whole
 * packs of the MPQ, at least the MOQ). A tier above the per-customer limit or the flash stock left
 * is unreachable and left out. At N the cart pre-selects the lowest price the line qualifies for
 * (`bestPromotion`), so a tier shows what the cart charges for N pieces.
 */
export function promotionPrices(input: {
  /** the actor's unit price (incl. a sub-account's adjustment); null: on request or hidden */
  unitPrice: number | null;
  moq: number;
  mpq: number;
  promotions: readonly {
    price: number | null;
    minQty: number | null;
    minAmount: number | null;
    perCustomerLimit: number | null;
    flashRemaining: number | null;
  }[];
}): PromotionPrices {
  const unit = input.unitPrice;
  if (unit === null || unit <= 0) return { fromFirst: null, tiers: [] };
  const pack = Math.max(1, input.mpq);
  const orderable = (q: number) => Math.ceil(Math.max(q, input.moq, 1) / pack) * pack;
  const first = orderable(1);
  const reachable = input.promotions
    .filter((p): p is typeof p & { price: number } => p.price !== null && p.price < unit)
    .map((p) => ({ price: p.price, qty: orderable(Math.max(p.minQty ?? 0, p.minAmount ? Math.ceil(p.minAmount / unit) : 0)), p }))
    .filter(({ qty, p }) => (p.perCustomerLimit === null || qty <= p.perCustomerLimit) && (p.flashRemaining === null || qty <= p.flashRemaining))
    .sort((a, b) => a.qty - b.qty || a.price - b.price);
  const atFirst = reachable.filter((r) => r.qty === first).map((r) => r.price);
  const fromFirst = atFirst.length ? Math.min(...atFirst) : null;
  const tiers: PriceTier[] = [];
  let best = fromFirst ?? unit;
  for (const r of reachable) {
    if (r.qty === first || r.price >= best) continue;
    best = r.price;
    tiers.push({ qty: r.qty, price: r.price });
  }
  return { fromFirst, tiers };
}

/** Flash-sale pieces left (null: the item has no flash stock limit). */
export function flashRemaining(item: { flashStock: number | null; flashSold: number }): number | null {
  if (item.flashStock === null) return null;
  return Math.max(0, item.flashStock - item.flashSold);
}

/**
 * The most a customer may still buy under a promotion item: the flash stock left and the
 * per-customer limit less what the customer already bought; null = no promotion limit.
 */
export function promotionMaxQty(input: { flashRemaining: number | null; perCustomerLimit: number | null; alreadyBought: number }): number | null {
  const limits: number[] = [];
  if (input.flashRemaining !== null) limits.push(input.flashRemaining);
  if (input.perCustomerLimit !== null) limits.push(Math.max(0, input.perCustomerLimit - input.alreadyBought));
  return limits.length ? Math.min(...limits) : null;
}

export type ConditionResult =
  | { ok: true }
  | { ok: false; error: "promotion.minQtyNotMet"; params: { minQty: number } }
  | { ok: false; error: "promotion.minAmountNotMet"; params: { minAmount: number } };

/** Promotion conditions (spec §5 "promotion conditions must be met"): minimum quantity and amount. */
export function checkPromotionConditions(input: { qty: number; amount: number; minQty: number | null; minAmount: number | null }): ConditionResult {
  if (input.minQty !== null && input.qty < input.minQty) return { ok: false, error: "promotion.minQtyNotMet", params: { minQty: input.minQty } };
  if (input.minAmount !== null && input.amount < input.minAmount)
    return { ok: false, error: "promotion.minAmountNotMet", params: { minAmount: input.minAmount } };
  return { ok: true };
}

/**
 * Free gifts: once the conditions are met the order gets giftQty of the gift product; a
 * requested gift quantity above that is refused (spec §5 "free gift quantity cannot exceed").
 */
export function allowedGiftQty(input: { conditionsMet: boolean; giftProductId: number | null; giftQty: number | null }): number {
  if (!input.conditionsMet || input.giftProductId === null || !input.giftQty) return 0;
  return input.giftQty;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** total seconds left, 0 when over */
  total: number;
}

/** Time left until `endsAt` in whole units (rendered on the server, ticking in the browser). */
export function countdown(endsAt: string, now: Date): Countdown {
  const total = Math.max(0, Math.floor((Date.parse(endsAt) - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    total,
  };
}

/** dd:hh:mm:ss style text without the language words (the page adds them). */
export const pad2 = (n: number) => String(n).padStart(2, "0");
