import { describe, expect, it } from "vitest";
import { allowedGiftQty, checkPromotionConditions, countdown, flashRemaining, promotionMaxQty, promotionState, promotionUnitPrice } from "./rules";

const now = new Date("2026-11-21T12:00:00Z");

describe("promotionState", () => {
  it.each([
    ["2026-11-21T12:00:01Z", "2026-11-22T00:00:00Z", "upcoming"],
    ["2026-11-21T12:00:00Z", "2026-11-22T00:00:00Z", "active"],
    ["2026-11-20T00:00:00Z", "2026-11-21T12:00:01Z", "active"],
    ["2026-11-20T00:00:00Z", "2026-11-21T12:00:00Z", "ended"],
  ])("%s – %s is %s", (startsAt, endsAt, state) => {
    expect(promotionState({ startsAt, endsAt }, now)).toBe(state);
  });
});

describe("promotionUnitPrice", () => {
  it.each([
    // dealerPrice, promoPrice, discountBp, adjustment, expected
    [4000, 2990, null, 0, 2990],
    [4000, 2990, null, 1000, 3289], // sub-account +10 %: 3289.0
    [4000, 2995, null, 1000, 3295], // 3294.5 rounds half up
    [4000, 5000, null, 0, 4000], // never above the dealer price
    [4000, null, 1000, 0, 3600],
    [3999, null, 1000, 0, 3599], // 3599.1
    [4000, null, 1000, 1000, 3960],
    [4000, null, null, 0, null], // new/hot tags change no price
    [null, 2990, null, 0, null], // price on request stays on request
    [4000, 0, null, 0, 0], // a free item
  ])("dealer %s promo %s discount %s adj %s → %s", (dealerPrice, promoPrice, discountBp, priceAdjustmentBp, expected) => {
    expect(promotionUnitPrice({ dealerPrice, promoPrice, discountBp, priceAdjustmentBp })).toBe(expected);
  });
});

describe("flash stock and limits", () => {
  it.each([
    [{ flashStock: null, flashSold: 0 }, null],
    [{ flashStock: 100, flashSold: 20 }, 80],
    [{ flashStock: 10, flashSold: 10 }, 0],
    [{ flashStock: 10, flashSold: 12 }, 0],
  ])("flashRemaining(%j) = %s", (item, left) => {
    expect(flashRemaining(item)).toBe(left);
  });

  it.each([
    [null, null, 0, null],
    [80, null, 0, 80],
    [80, 50, 0, 50],
    [80, 50, 45, 5],
    [80, 50, 60, 0],
    [3, 50, 0, 3],
    [null, 10, 4, 6],
  ])("remaining %s, limit %s, bought %s → max %s", (remaining, limit, bought, max) => {
    expect(promotionMaxQty({ flashRemaining: remaining, perCustomerLimit: limit, alreadyBought: bought })).toBe(max);
  });
});

describe("checkPromotionConditions", () => {
  it.each([
    [{ qty: 10, amount: 100, minQty: null, minAmount: null }, { ok: true }],
    [
      { qty: 10, amount: 100, minQty: 20, minAmount: null },
      { ok: false, error: "promotion.minQtyNotMet", params: { minQty: 20 } },
    ],
    [{ qty: 20, amount: 100, minQty: 20, minAmount: null }, { ok: true }],
    [
      { qty: 20, amount: 9999, minQty: 20, minAmount: 10000 },
      { ok: false, error: "promotion.minAmountNotMet", params: { minAmount: 10000 } },
    ],
    [{ qty: 20, amount: 10000, minQty: 20, minAmount: 10000 }, { ok: true }],
  ])("%j", (input, result) => {
    expect(checkPromotionConditions(input)).toEqual(result);
  });
});

describe("allowedGiftQty", () => {
  it.each([
    [{ conditionsMet: true, giftProductId: 7, giftQty: 2 }, 2],
    [{ conditionsMet: false, giftProductId: 7, giftQty: 2 }, 0],
    [{ conditionsMet: true, giftProductId: null, giftQty: 2 }, 0],
    [{ conditionsMet: true, giftProductId: 7, giftQty: null }, 0],
  ])("%j → %s", (input, qty) => {
    expect(allowedGiftQty(input)).toBe(qty);
  });
});

describe("countdown", () => {
  it.each([
    ["2026-11-21T12:00:00Z", { days: 0, hours: 0, minutes: 0, seconds: 0, total: 0 }],
    ["2026-11-21T11:00:00Z", { days: 0, hours: 0, minutes: 0, seconds: 0, total: 0 }],
    ["2026-11-21T12:01:05Z", { days: 0, hours: 0, minutes: 1, seconds: 5, total: 65 }],
    ["2026-11-23T15:30:10Z", { days: 2, hours: 3, minutes: 30, seconds: 10, total: 2 * 86400 + 3 * 3600 + 1810 }],
  ])("until %s", (endsAt, parts) => {
    expect(countdown(endsAt, now)).toEqual(parts);
  });
});
