import { describe, expect, it } from "vitest";
import {
  allowedGiftQty,
  checkPromotionConditions,
  countdown,
  flashRemaining,
  promotionMaxQty,
  promotionPrices,
  promotionState,
  promotionUnitPrice,
} from "./rules";

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

describe("promotionPrices: a promotion price is the unit price only where the least quantity meets its conditions", () => {
  const promo = (price: number | null, more: Partial<{ minQty: number; minAmount: number; perCustomerLimit: number; flashRemaining: number }> = {}) => ({
    price,
    minQty: more.minQty ?? null,
    minAmount: more.minAmount ?? null,
    perCustomerLimit: more.perCustomerLimit ?? null,
    flashRemaining: more.flashRemaining ?? null,
  });
  const of = (promotions: ReturnType<typeof promo>[], moq = 1, mpq = 1, unitPrice: number | null = 4000) =>
    promotionPrices({ unitPrice, moq, mpq, promotions });

  it("no condition: the promotion price from the first piece", () => {
    expect(of([promo(2990)])).toEqual({ fromFirst: 2990, tiers: [] });
    expect(of([promo(2990), promo(3100)])).toEqual({ fromFirst: 2990, tiers: [] });
  });
  it("a minimum quantity: the normal price, and the promotion price from that quantity", () => {
    expect(of([promo(3600, { minQty: 50 })])).toEqual({ fromFirst: null, tiers: [{ qty: 50, price: 3600 }] });
    // in whole packs: 50 with packs of 20 is 60
    expect(of([promo(3600, { minQty: 50 })], 1, 20)).toEqual({ fromFirst: null, tiers: [{ qty: 60, price: 3600 }] });
    // a minimum the MOQ meets anyway is no condition
    expect(of([promo(3600, { minQty: 10 })], 10, 10)).toEqual({ fromFirst: 3600, tiers: [] });
  });
  it("a minimum amount: the pieces it takes at the dealer's own unit price", () => {
    // 1,000.00 at 400.00 a piece: 3 pieces (1,200.00)
    expect(of([promo(36_800, { minAmount: 100_000 })], 1, 1, 40_000)).toEqual({ fromFirst: null, tiers: [{ qty: 3, price: 36_800 }] });
    expect(of([promo(36_800, { minAmount: 100_000 })], 5, 1, 40_000)).toEqual({ fromFirst: 36_800, tiers: [] });
  });
  it("tiers only where they beat what less already gets; unreachable ones left out", () => {
    expect(of([promo(3900), promo(3950, { minQty: 10 }), promo(3600, { minQty: 50 }), promo(3700, { minQty: 100 })])).toEqual({
      fromFirst: 3900,
      tiers: [{ qty: 50, price: 3600 }],
    });
    expect(of([promo(3600, { minQty: 50, perCustomerLimit: 30 }), promo(3500, { minQty: 20, flashRemaining: 10 })])).toEqual({ fromFirst: null, tiers: [] });
    expect(of([promo(4000, { minQty: 5 }), promo(null)])).toEqual({ fromFirst: null, tiers: [] }); // no cheaper, no price
  });
  it("no price, no promotion price", () => {
    expect(of([promo(2990)], 1, 1, null)).toEqual({ fromFirst: null, tiers: [] });
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
