import { describe, expect, it } from "vitest";
import { lineAmount, unitPrice } from "./pricing";

describe("unitPrice", () => {
  it.each([
    // listPrice, customerPrice, discountBp, adjustmentBp, expected, why
    [4_500, null, 0, 0, 4_500, "list price when there is nothing else"],
    [4_500, null, 500, 0, 4_275, "list price less 5 % customer discount"],
    [4_499, null, 500, 0, 4_274, "4274.05 rounds down"],
    [4_510, null, 500, 0, 4_285, "4284.5 rounds half up"],
    [4_500, 3_900, 500, 0, 3_900, "the customer's own price wins over the discount"],
    [4_500, null, 500, 1_000, 4_703, "sub-account: 4275 × 1.10 = 4702.5 → 4703"],
    [4_500, 3_900, 500, 1_000, 4_290, "sub-account on a customer price: 3900 × 1.10"],
    [null, null, 500, 1_000, null, "no list price: price on request"],
    [null, 3_900, 0, 0, null, "no list price stays on request even with a stale customer price"],
    [10_000, null, 20_000, 0, 0, "a discount above 100 % is clamped"],
    [0, null, 0, 1_000, 0, "zero stays zero"],
  ] as [number | null, number | null, number, number, number | null, string][])(
    "%s / %s / %s bp / %s bp → %s (%s)",
    (listPrice, customerPrice, discountBp, adjustmentBp, expected) => {
      expect(unitPrice({ listPrice, customerPrice, customerDiscountBp: discountBp, priceAdjustmentBp: adjustmentBp })).toBe(expected);
    },
  );
});

describe("lineAmount", () => {
  it("multiplies and subtracts the discount, never below zero", () => {
    expect(lineAmount(4_275, 20)).toBe(85_500);
    expect(lineAmount(4_275, 20, 5_000)).toBe(80_500);
    expect(lineAmount(100, 1, 500)).toBe(0);
  });
});
