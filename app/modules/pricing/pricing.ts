/**
 * The one pricing rule of the shop (list, detail, cart, order all call it).
 * All amounts are integer minor units (fen), tax included. See docs/decisions/003-pricing.md.
 *
 * 1. The dealer's price: the customer's own price list entry for this tenant if there is one,
 *    else the list price less the customer's discount.
 * 2. A sub-account sees the master's price × (1 + its price adjustment factor %).
 * Rounding: half up to the fen, once per step. No list price means "price on request" (null).
 */
export interface PriceInput {
  listPrice: number | null;
  customerPrice?: number | null;
  customerDiscountBp: number; // 500 = 5 %
  priceAdjustmentBp: number; // 1000 = +10 %, sub-accounts only; 0 for masters
}

const roundHalfUp = (x: number) => Math.floor(x + 0.5);

export function unitPrice({ listPrice, customerPrice, customerDiscountBp, priceAdjustmentBp }: PriceInput): number | null {
  if (listPrice === null || listPrice === undefined) return null;
  const dealerPrice =
    customerPrice !== null && customerPrice !== undefined ? customerPrice : roundHalfUp((listPrice * (10_000 - clampBp(customerDiscountBp))) / 10_000);
  if (!priceAdjustmentBp) return dealerPrice;
  return roundHalfUp((dealerPrice * (10_000 + priceAdjustmentBp)) / 10_000);
}

function clampBp(bp: number) {
  return Math.min(10_000, Math.max(0, bp));
}

/** Line amount: unit price × quantity, less a line discount, never below zero. */
export function lineAmount(unit: number, qty: number, discount = 0): number {
  return Math.max(0, unit * qty - discount);
}
