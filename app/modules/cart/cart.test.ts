import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { submitOrder } from "~/modules/orders/submit.server";
import {
  addToCart,
  chooseGiftQty,
  choosePromotion,
  getCart,
  moveToFavourites,
  quickOrder,
  removeLines,
  selectOnly,
  setQuantity,
  setSelected,
} from "./cart.server";

describe.each(testDatabases())("cart on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
  });

  const code = async (id: number) => (await db.selectFrom("product").select("ordering_code").where("id", "=", id).executeTakeFirstOrThrow()).ordering_code;

  it("adds a product, refuses below the MOQ and off the MPQ, adds up repeated adds", async () => {
    const below = await addToCart(db, fx.a, { productId: fx.products.moq10, qty: 5 });
    expect(below).toEqual({ ok: false, error: { key: "order:rules.belowMoq", values: { moq: 10 } } });
    expect(await addToCart(db, fx.a, { productId: fx.products.moq10, qty: 15 })).toMatchObject({ ok: false, error: { key: "order:rules.notMpq" } });
    expect(await addToCart(db, fx.a, { productId: fx.products.moq10, qty: 10 })).toMatchObject({ ok: true });
    expect(await addToCart(db, fx.a, { productId: fx.products.moq10, qty: 10 })).toMatchObject({ ok: true, value: { values: { qty: 20 } } });
    const cart = await getCart(db, fx.a);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].qty).toBe(20);
  });

  it("refuses zero, no price, unknown products, delisted above stock and accounts without order permission", async () => {
    expect(await addToCart(db, fx.a, { productId: fx.products.insert, qty: 0 })).toMatchObject({ error: { key: "order:rules.qtyZero" } });
    expect(await addToCart(db, fx.a, { productId: fx.products.noPrice, qty: 1 })).toMatchObject({ error: { key: "order:rules.emptyPrice" } });
    expect(await addToCart(db, fx.a, { productId: 999_999, qty: 1 })).toMatchObject({ error: { key: "common:errors.itemUnavailable" } });
    expect(await addToCart(db, fx.a, { productId: fx.products.delisted, qty: 6 })).toMatchObject({ error: { key: "order:rules.delistedAboveStock" } });
    expect(await addToCart(db, fx.aNoOrder, { productId: fx.products.insert, qty: 1 })).toMatchObject({ error: { key: "common:errors.noOrderPermission" } });
    expect(await addToCart(db, fx.a, { productId: 0, qty: 1 })).toMatchObject({ error: { key: "order:rules.selectProduct" } });
  });

  it("changes quantity, selects, computes totals with shipping on the server", async () => {
    const cart0 = await getCart(db, fx.a);
    const line = cart0.lines[0];
    expect(await setQuantity(db, fx.a, line.id, 7)).toMatchObject({ ok: false, error: { key: "order:rules.belowMoq" } });
    expect(await setQuantity(db, fx.a, line.id, 30)).toMatchObject({ ok: true });
    await addToCart(db, fx.a, { productId: fx.products.holder, qty: 1 });
    let cart = await getCart(db, fx.a);
    // 30 × 40.00 + 800.00 = 2,000.00 → free shipping from 2,000.00
    expect(cart.totals).toMatchObject({ goods: 200_000, discount: 0, shipping: 0, payable: 200_000 });
    const holderLine = cart.lines.find((l) => l.productId === fx.products.holder)!;
    await selectOnly(db, fx.a, [holderLine.id]);
    cart = await getCart(db, fx.a);
    expect(cart.totals).toMatchObject({ goods: 80_000, shipping: 2_000, payable: 82_000 });
    expect(cart.allSelected).toBe(false);
    await setSelected(db, fx.a, "all", true);
    expect((await getCart(db, fx.a)).allSelected).toBe(true);
  });

  it("pre-selects the best promotion the line qualifies for; the dealer may decline it, and only then is it unchosen", async () => {
    await addToCart(db, fx.a, { productId: fx.products.insert, qty: 2 });
    let cart = await getCart(db, fx.a);
    const line = cart.lines.find((l) => l.productId === fx.products.insert)!;
    expect(line.options.map((o) => o.promotionItemId)).toEqual([fx.promo.sale]);
    // the sale needs 5 pieces: 2 qualify for nothing, so nothing is pre-selected or left unchosen
    expect(line).toMatchObject({ qualifying: [], promotion: null, promotionItemId: null, promotionSource: "best" });
    expect(cart.unchosenPromotions).toBe(false);
    expect(await choosePromotion(db, fx.a, line.id, fx.promo.sale)).toMatchObject({ ok: false, error: { key: "order:rules.promoMinQty" } });
    // 5 pieces qualify: the cart takes the sale by itself, at the sale's price
    await setQuantity(db, fx.a, line.id, 5);
    cart = await getCart(db, fx.a);
    let now = cart.lines.find((l) => l.id === line.id)!;
    expect(now).toMatchObject({ qualifying: [fx.promo.sale], promotionItemId: fx.promo.sale, promotionSource: "best" });
    expect(now.priced).toMatchObject({ unit: 2_700, discount: 1_500, amount: 13_500 });
    expect(cart.unchosenPromotions).toBe(false);
    // the dealer declines it: full price, kept so, and now the spec's question is due at checkout
    expect(await choosePromotion(db, fx.a, line.id, null)).toEqual({ ok: true, value: { key: "order:cart.promotionDeclined" } });
    cart = await getCart(db, fx.a);
    now = cart.lines.find((l) => l.id === line.id)!;
    expect(now).toMatchObject({ promotion: null, promotionItemId: null, promotionSource: "declined" });
    expect(now.priced).toMatchObject({ unit: 3_000, discount: 0, amount: 15_000 });
    expect(cart.unchosenPromotions).toBe(true);
    // and chooses it again
    expect(await choosePromotion(db, fx.a, line.id, fx.promo.sale)).toMatchObject({ ok: true });
    cart = await getCart(db, fx.a);
    expect(cart.lines.find((l) => l.id === line.id)).toMatchObject({ promotionItemId: fx.promo.sale, promotionSource: "chosen", priced: { unit: 2_700 } });
    expect(cart.unchosenPromotions).toBe(false);
    // a promotion of another product is no promotion of this line
    expect(await choosePromotion(db, fx.a, line.id, fx.promo.flash)).toMatchObject({ ok: false, error: { key: "common:errors.promotionEmpty" } });
  });

  it("flash sale: not above the flash stock", async () => {
    expect(await addToCart(db, fx.a, { productId: fx.products.flash, qty: 11, promotionItemId: fx.promo.flash })).toMatchObject({
      ok: false,
      error: { key: "order:rules.flashStock", values: { left: 10 } },
    });
    expect(await addToCart(db, fx.a, { productId: fx.products.flash, qty: 2, promotionItemId: fx.promo.flash })).toMatchObject({ ok: true });
  });

  it("moves to favourites and deletes, only the actor's own lines", async () => {
    const cart = await getCart(db, fx.a);
    const holder = cart.lines.find((l) => l.productId === fx.products.holder)!;
    // another dealer cannot touch these lines
    expect(await removeLines(db, fx.b, [holder.id])).toMatchObject({ ok: true });
    expect(await setQuantity(db, fx.b, holder.id, 3)).toMatchObject({ ok: false, error: { key: "common:errors.itemUnavailable" } });
    expect((await getCart(db, fx.a)).lines.some((l) => l.id === holder.id)).toBe(true);
    expect(await moveToFavourites(db, fx.a, [holder.id])).toMatchObject({ ok: true });
    const fav = await db.selectFrom("favourite").selectAll().where("user_id", "=", fx.a.id).execute();
    expect(fav.map((f) => f.product_id)).toEqual([fx.products.holder]);
    const flash = (await getCart(db, fx.a)).lines.find((l) => l.productId === fx.products.flash)!;
    await removeLines(db, fx.a, [flash.id]);
    expect((await getCart(db, fx.a)).lines.some((l) => l.id === flash.id)).toBe(false);
  });

  it("quick order: normalised codes, per-line report", async () => {
    const insert = await code(fx.products.insert);
    const moq10 = await code(fx.products.moq10);
    const text = [`${insert.toLowerCase().replace(" ", "-")}\t5`, `${moq10}, 3`, "NOPE-123 4", "PCLNR", `${moq10.replace(/-/g, ".")} 10`].join("\n");
    const { report, error } = await quickOrder(db, fx.a, text);
    expect(error).toBeNull();
    expect(report.map((r) => [r.lineNo, r.ok, r.error?.key ?? null])).toEqual([
      [1, true, null],
      [2, false, "order:rules.notMpq"], // 30 in the cart + 3
      [3, false, "order:quick.unknownCode"],
      [4, false, "order:quick.noQty"],
      [5, true, null],
    ]);
    expect((await quickOrder(db, fx.a, "  \n ")).error).toEqual({ key: "order:quick.empty" });
    expect((await quickOrder(db, fx.aNoOrder, `${insert} 1`)).report[0].error?.key).toBe("common:errors.noOrderPermission");
  });

  it("shows a promotion's free gift with its quantity before the order, and the order gets that gift line", async () => {
    const now = Date.now();
    const promo = await db
      .insertInto("promotion")
      .values({
        tenant_id: fx.tenantId,
        kind: "sale",
        title_zh: "满1000元赠刀片10片",
        title_en: "Spend 1,000 CNY, get 10 inserts free",
        starts_at: new Date(now - 86400_000).toISOString(),
        ends_at: new Date(now + 86400_000).toISOString(),
        discount_bp: null,
        min_qty: null,
        min_amount: 100_000,
        gift_product_id: fx.products.insert,
        gift_qty: 10,
        per_customer_limit: null,
        created_at: new Date(now - 2 * 86400_000).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("promotion_item").values({ promotion_id: promo.id, product_id: fx.products.holder, promo_price: null, flash_stock: null }).execute();
    // one holder is 800.00: below 1,000.00, no gift
    expect(await addToCart(db, fx.b, { productId: fx.products.holder, qty: 1 })).toMatchObject({ ok: true });
    let line = (await getCart(db, fx.b)).lines.find((l) => l.productId === fx.products.holder)!;
    expect(line).toMatchObject({ promotion: null, gift: null });
    // two qualify: the gift promotion is pre-selected and its gift shows with its quantity
    await setQuantity(db, fx.b, line.id, 2);
    line = (await getCart(db, fx.b)).lines.find((l) => l.productId === fx.products.holder)!;
    expect(line.promotionSource).toBe("best");
    expect(line.gift).toEqual({
      productId: fx.products.insert,
      orderingCode: await code(fx.products.insert),
      nameZh: expect.any(String),
      nameEn: expect.any(String),
      qty: 10,
      allowance: 10,
    });
    // declined: no gift
    await choosePromotion(db, fx.b, line.id, null);
    expect((await getCart(db, fx.b)).lines.find((l) => l.id === line.id)!.gift).toBeNull();
    expect(await chooseGiftQty(db, fx.b, line.id, 5)).toMatchObject({ ok: false, error: { key: "order:rules.noGift" } });
    await choosePromotion(db, fx.b, line.id, line.promotionItemId);
    // fewer gift pieces, or none; never more than the allowance, and only on his own line
    const giftOf = async () => (await getCart(db, fx.b)).lines.find((l) => l.id === line.id)!.gift;
    expect(await chooseGiftQty(db, fx.b, line.id, 11)).toMatchObject({ ok: false, error: { key: "order:rules.giftTooMany", values: { allowed: 10 } } });
    expect(await chooseGiftQty(db, fx.b, line.id, -1)).toMatchObject({ ok: false, error: { key: "order:rules.qtyInvalid" } });
    expect(await chooseGiftQty(db, fx.a, line.id, 1)).toMatchObject({ ok: false, error: { key: "common:errors.itemUnavailable" } });
    expect(await chooseGiftQty(db, fx.b, line.id, 0)).toMatchObject({ ok: true });
    expect(await giftOf()).toMatchObject({ qty: 0, allowance: 10 });
    expect(await chooseGiftQty(db, fx.b, line.id, 4)).toMatchObject({ ok: true, value: { key: "order:cart.giftChosen" } });
    expect(await giftOf()).toMatchObject({ qty: 4, allowance: 10 });
    // a larger quantity keeps the dealer's choice (a lowered allowance cuts it: rules.test.ts)
    await setQuantity(db, fx.b, line.id, 3);
    expect(await giftOf()).toMatchObject({ qty: 4, allowance: 10 });
    await selectOnly(db, fx.b, [line.id]);
    const placed = await submitOrder(db, fx.b, {
      token: "gift-order-token-0123456789",
      addressId: fx.addressB,
      paymentMethod: "prepayment",
      expectedDeliveryDate: new Date(now + 60 * 86400_000).toISOString().slice(0, 10),
    });
    expect(placed).toMatchObject({ ok: true });
    const order = await db
      .selectFrom("sales_order")
      .select("id")
      .where("order_no", "=", placed.ok ? placed.orderNo : "")
      .executeTakeFirstOrThrow();
    const lines = await db.selectFrom("order_line").select(["product_id", "qty", "amount"]).where("order_id", "=", order.id).orderBy("line_no").execute();
    expect(lines).toEqual([
      { product_id: fx.products.holder, qty: 3, amount: 240_000 },
      { product_id: fx.products.insert, qty: 4, amount: 0 },
    ]);
  });
});
