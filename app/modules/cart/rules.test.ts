import { describe, expect, it } from "vitest";
import {
  checkDelisted,
  checkFlashStock,
  checkGift,
  chosenGiftQty,
  checkPermission,
  checkPrice,
  checkProductChosen,
  checkPromotionConditions,
  checkQuantity,
  bestPromotion,
  checkStockForOrder,
  giftAllowance,
  normaliseCode,
  parseQuickOrder,
  validateCartLine,
  validateOrderLine,
  type RuleProduct,
  type RulePromotion,
} from "./rules";
import en from "~/i18n/locales/en/order.json";
import zh from "~/i18n/locales/zh/order.json";
import enCommon from "~/i18n/locales/en/common.json";

const product: RuleProduct = { status: "active", moq: 10, mpq: 10, unitPrice: 3000, stock: 100 };
const promo: RulePromotion = {
  kind: "sale",
  active: true,
  flashStock: null,
  flashSold: 0,
  minQty: null,
  minAmount: null,
  perCustomerLimit: null,
  giftQty: null,
};
const key = (e: { key: string } | null) => e?.key ?? null;

describe("cart rules (spec §5)", () => {
  it.each([
    [0, "order:rules.qtyZero"],
    [-10, "order:rules.qtyInvalid"],
    [2.5, "order:rules.qtyInvalid"],
    [5, "order:rules.belowMoq"],
    [15, "order:rules.notMpq"],
    [10, null],
    [30, null],
  ])("quantity %s → %s", (qty, expected) => {
    expect(key(checkQuantity(qty, product))).toBe(expected);
  });

  it("MPQ 1 accepts any quantity at or above the MOQ", () => {
    expect(checkQuantity(7, { moq: 1, mpq: 1 })).toBeNull();
  });

  it.each([
    [true, null],
    [false, "common:errors.noOrderPermission"],
  ])("order permission %s → %s", (canOrder, expected) => {
    expect(key(checkPermission({ canOrder }))).toBe(expected);
  });

  it.each([
    [null, "order:rules.selectProduct"],
    [0, "order:rules.selectProduct"],
    [5, null],
  ])("a product must be selected (%s)", (id, expected) => {
    expect(key(checkProductChosen(id))).toBe(expected);
  });

  it("empty price is refused", () => {
    expect(key(checkPrice({ unitPrice: null }))).toBe("order:rules.emptyPrice");
    expect(checkPrice({ unitPrice: 0 })).toBeNull();
  });

  it.each([
    ["active", 0, 50, null],
    ["delisted", 0, 1, "order:rules.delistedNoStock"],
    ["delisted", 5, 6, "order:rules.delistedAboveStock"],
    ["delisted", 5, 5, null],
  ])("%s with stock %s, qty %s → %s", (status, stock, qty, expected) => {
    expect(key(checkDelisted({ status, stock }, qty))).toBe(expected);
  });

  it.each([
    [10, 0, 10, null],
    [10, 4, 7, "order:rules.flashStock"],
    [10, 10, 1, "order:rules.flashStock"],
    [null, 0, 1000, null],
  ])("flash stock %s sold %s qty %s → %s", (flashStock, flashSold, qty, expected) => {
    expect(key(checkFlashStock({ kind: "flash", flashStock, flashSold }, qty))).toBe(expected);
  });

  it("reports how much flash stock is left", () => {
    expect(checkFlashStock({ kind: "flash", flashStock: 10, flashSold: 4 }, 7)?.values).toEqual({ left: 6 });
  });

  it.each([
    [{ ...promo, active: false }, 10, 0, "common:errors.promotionEmpty"],
    [{ ...promo, minQty: 20 }, 10, 0, "order:rules.promoMinQty"],
    [{ ...promo, minAmount: 50_000 }, 10, 0, "order:rules.promoMinAmount"],
    [{ ...promo, perCustomerLimit: 15 }, 10, 6, "order:rules.promoLimit"],
    [{ ...promo, perCustomerLimit: 15 }, 10, 5, null],
    [promo, 10, 0, null],
  ])("promotion conditions %#", (p, qty, bought, expected) => {
    expect(key(checkPromotionConditions(p, { qty, amount: qty * 3000, alreadyBought: bought }))).toBe(expected);
  });

  it("gift quantity cannot exceed the allowance", () => {
    expect(giftAllowance({ giftQty: 1, minQty: 10 }, 35)).toBe(3);
    expect(giftAllowance({ giftQty: 2, minQty: null }, 5)).toBe(2);
    expect(giftAllowance(null, 5)).toBe(0);
    expect(checkGift(3, 3)).toBeNull();
    expect(key(checkGift(4, 3))).toBe("order:rules.giftTooMany");
    expect(key(checkGift(-1, 3))).toBe("order:rules.qtyInvalid");
    expect(key(checkGift(1.5, 3))).toBe("order:rules.qtyInvalid");
    expect(checkGift(0, 3)).toBeNull(); // declining the gift is allowed
  });

  it.each([
    // chosen, allowance, gets
    [null, 10, 10], // no choice: the whole allowance
    [4, 10, 4],
    [0, 10, 0],
    [12, 10, 10], // a choice above a lowered allowance is cut to it
    [4, 0, 0],
  ])("gift chosen %s of %s → %s", (chosen, allowance, gets) => {
    expect(chosenGiftQty(chosen, allowance)).toBe(gets);
  });

  it("stock shortage blocks the order but not the cart", () => {
    expect(key(checkStockForOrder(101, 100))).toBe("order:rules.stockShort");
    expect(validateCartLine({ actor: { canOrder: true }, product, qty: 200 })).toBeNull();
    expect(key(validateOrderLine({ actor: { canOrder: true }, product, qty: 200 }))).toBe("order:rules.stockShort");
  });

  it("items no longer available", () => {
    expect(key(validateCartLine({ actor: { canOrder: true }, product: null, qty: 10 }))).toBe("common:errors.itemUnavailable");
  });

  it("checks permission first, then availability, price, quantity", () => {
    expect(key(validateCartLine({ actor: { canOrder: false }, product: null, qty: 0 }))).toBe("common:errors.noOrderPermission");
    expect(key(validateCartLine({ actor: { canOrder: true }, product: { ...product, unitPrice: null }, qty: 0 }))).toBe("order:rules.emptyPrice");
    expect(key(validateCartLine({ actor: { canOrder: true }, product, qty: 5 }))).toBe("order:rules.belowMoq");
    expect(key(validateCartLine({ actor: { canOrder: true }, product, qty: 10 }))).toBeNull();
    expect(key(validateCartLine({ actor: { canOrder: true }, product, qty: 10, promotion: null }))).toBe("common:errors.promotionEmpty");
    expect(key(validateCartLine({ actor: { canOrder: true }, product, qty: 10, promotion: { ...promo, kind: "flash", flashStock: 5 } }))).toBe(
      "order:rules.flashStock",
    );
  });

  it("every rule message exists in both languages", () => {
    const keys = [
      "qtyZero",
      "qtyInvalid",
      "belowMoq",
      "notMpq",
      "emptyPrice",
      "delistedNoStock",
      "delistedAboveStock",
      "flashStock",
      "promoMinQty",
      "promoMinAmount",
      "promoLimit",
      "giftTooMany",
      "noGift",
      "stockShort",
      "selectProduct",
    ];
    for (const k of keys) {
      expect((en.rules as Record<string, string>)[k], k).toBeTruthy();
      expect((zh.rules as Record<string, string>)[k], k).toBeTruthy();
    }
    expect(enCommon.errors.noOrderPermission).toMatch(/master account/);
  });
});

describe("ISO-code normalisation and quick order parsing", () => {
  it.each([
    ["cnmg 120408-dm ybc252", "CNMG120408DMYBC252"],
    ["CNMG-120408.DM", "CNMG120408DM"],
    ["  pclnr2525m12 ", "PCLNR2525M12"],
  ])("%s → %s", (a, b) => expect(normaliseCode(a)).toBe(b));

  it("splits on tab, comma or spaces; the quantity is the last field", () => {
    const lines = parseQuickOrder("CNMG120408-DM YBC252\t20\nPCLNR2525M12, 1\nWNMG080408 PM 30\n\nnoqty\nX;-2\nY, 1.5");
    expect(lines.map((l) => [l.code, l.qty, l.error?.key ?? null])).toEqual([
      ["CNMG120408-DM YBC252", 20, null],
      ["PCLNR2525M12", 1, null],
      ["WNMG080408 PM", 30, null],
      ["noqty", null, "order:quick.noQty"],
      ["X", -2, "order:rules.qtyInvalid"],
      ["Y", null, "order:rules.qtyInvalid"],
    ]);
    expect(lines[3].lineNo).toBe(5);
  });
});

describe("bestPromotion (issue 29 item 3, decision 065)", () => {
  const option = (id: number, unit: number | null, extra: Partial<RulePromotion> = {}) => ({ ...promo, promotionItemId: id, unit, ...extra });
  const none = () => 0;
  it.each([
    ["the lowest unit price", [option(1, 2800), option(2, 2500), option(3, 2700)], 20, 2],
    ["none when no promotion is offered", [], 20, null],
    ["not one whose minimum quantity the line misses", [option(1, 2800), option(2, 2500, { minQty: 50 })], 20, 1],
    ["not one whose minimum amount the line misses (20 × 30.00 < 1,000.00)", [option(1, null, { giftQty: 10, minAmount: 100_000 })], 20, null],
    ["a gift at the dealer's price when it is the only one the line qualifies for", [option(1, null, { giftQty: 10, minAmount: 50_000 })], 20, 1],
    ["at the same price the larger gift", [option(1, 2500), option(2, 2500, { giftQty: 2 })], 20, 2],
    ["at the same price and gift the oldest", [option(3, 2500), option(2, 2500)], 20, 2],
    ["not a sold-out flash sale", [option(1, 2000, { flashStock: 10, flashSold: 10 }), option(2, 2600)], 20, 2],
  ])("%s", (_name, options, qty, expected) => {
    expect(bestPromotion(options, { qty, unitPrice: 3000, alreadyBought: none })?.promotionItemId ?? null).toBe(expected);
  });

  it("counts what the customer already bought against the per-customer limit", () => {
    const limited = [option(1, 2000, { perCustomerLimit: 30 }), option(2, 2600)];
    expect(bestPromotion(limited, { qty: 20, unitPrice: 3000, alreadyBought: () => 0 })?.promotionItemId).toBe(1);
    expect(bestPromotion(limited, { qty: 20, unitPrice: 3000, alreadyBought: (id) => (id === 1 ? 20 : 0) })?.promotionItemId).toBe(2);
  });
});
