import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { addToCart, getCart } from "~/modules/cart/cart.server";
import { listProducts } from "~/modules/catalogue/catalogue.server";
import { getOffers } from "~/modules/catalogue/offer.server";
import { addFavourite } from "~/modules/favourites/favourites.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { shopToday } from "~/i18n/format";
import { newSubmitToken, submitOrder } from "./submit.server";
import { inDays, makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { addDays } from "./totals";

/**
 * Decision 054: the list price of the dealer's company entity (`stock.list_price`, null: the
 * product master's) is the one the listing, the item offer, the cart and the order use; and the
 * payment deadline follows the dealer's terms of the chosen payment method.
 */
describe.each(testDatabases())("entity list prices and payment terms on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let other: Fixture;
  const offerActor = (f: Fixture) => ({ ...f.a, currency: "CNY", canSeePrice: true, canSeeStock: true });
  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    other = await makeFixture(db);
    // the holder (master 800.00) costs 880.00 in fx's entity; in the other entity the master's price holds
    await db.updateTable("stock").set({ list_price: 88_000 }).where("tenant_id", "=", fx.tenantId).where("product_id", "=", fx.products.holder).execute();
    // a product on request in the master is priced in fx's entity
    await db.updateTable("stock").set({ list_price: 1_500 }).where("tenant_id", "=", fx.tenantId).where("product_id", "=", fx.products.noPrice).execute();
    await db.updateTable("customer").set({ payment_terms_days: 30, bill_terms_days: 75, credit_limit: 10_000_000 }).where("id", "=", fx.a.customerId).execute();
  });

  it("the item offer and the list use the entity's price; another entity keeps the master's", async () => {
    const offers = await getOffers(db, offerActor(fx), [fx.products.holder, fx.products.insert, fx.products.noPrice]);
    expect(offers.get(fx.products.holder)).toMatchObject({ price: 88_000, priceOnRequest: false });
    expect(offers.get(fx.products.insert)?.price).toBe(3_000);
    expect(offers.get(fx.products.noPrice)).toMatchObject({ price: 1_500, priceOnRequest: false, canAddToCart: true });
    const elsewhere = await getOffers(db, { ...offerActor(fx), tenantId: other.tenantId }, [fx.products.holder, fx.products.noPrice]);
    expect(elsewhere.get(fx.products.holder)?.price).toBe(80_000);
    expect(elsewhere.get(fx.products.noPrice)?.priceOnRequest).toBe(true);
  });

  it("sorts the list by the entity's price", async () => {
    const ids = [fx.products.holder, fx.products.noPrice, fx.products.insert];
    const cheapFirst = await listProducts(db, { catalogueCodes: ["L4"], sort: "price", page: 1, lang: "en", pageSize: 100, tenantId: fx.tenantId });
    const order = cheapFirst.rows.map((r) => r.id).filter((id) => ids.includes(id));
    // noPrice 15.00 (entity) < insert 30.00 < holder 880.00
    expect(order).toEqual([fx.products.noPrice, fx.products.insert, fx.products.holder]);
    const master = await listProducts(db, { catalogueCodes: ["L4"], sort: "price", page: 1, lang: "en", pageSize: 100, tenantId: other.tenantId });
    // in the other entity the product on request comes last
    expect(master.rows.map((r) => r.id).filter((id) => ids.includes(id))).toEqual([fx.products.insert, fx.products.holder, fx.products.noPrice]);
  });

  it("favourites accept a product priced only in the user's entity", async () => {
    expect(await addFavourite(db, { id: fx.a.id, tenantId: fx.tenantId }, fx.products.noPrice)).toEqual({ ok: true });
    expect(await addFavourite(db, { id: fx.a.id, tenantId: other.tenantId }, fx.products.noPrice)).toEqual({
      ok: false,
      error: { key: "catalogue:favourite.priceEmpty" },
    });
  });

  it("the cart and the order take the entity's price; the deadline follows the payment method's terms", async () => {
    expect((await addToCart(db, fx.a, { productId: fx.products.holder, qty: 1 })).ok).toBe(true);
    const cart = await getCart(db, fx.a);
    expect(cart.lines.find((l) => l.productId === fx.products.holder)?.priced?.unit).toBe(88_000);
    const bill = await submitOrder(db, fx.a, {
      token: newSubmitToken(),
      addressId: fx.addressA,
      paymentMethod: "acceptance_bill",
      expectedDeliveryDate: inDays(20),
    });
    expect(bill.ok).toBe(true);
    const today = shopToday();
    const billOrder = await db
      .selectFrom("sales_order")
      .select(["id", "payment_deadline"])
      .where("order_no", "=", bill.ok ? bill.orderNo : "")
      .executeTakeFirstOrThrow();
    expect(billOrder.payment_deadline).toBe(addDays(today, 75));
    const line = await db.selectFrom("order_line").select(["unit_price", "product_id"]).where("order_id", "=", billOrder.id).executeTakeFirstOrThrow();
    expect(line).toEqual({ unit_price: 88_000, product_id: fx.products.holder });

    for (const [method, days] of [
      ["on_account", 30],
      ["prepayment", 3],
    ] as const) {
      expect((await addToCart(db, fx.a, { productId: fx.products.insert, qty: 1 })).ok).toBe(true);
      const r = await submitOrder(db, fx.a, { token: newSubmitToken(), addressId: fx.addressA, paymentMethod: method, expectedDeliveryDate: inDays(20) });
      expect(r.ok).toBe(true);
      const o = await db
        .selectFrom("sales_order")
        .select("payment_deadline")
        .where("order_no", "=", r.ok ? r.orderNo : "")
        .executeTakeFirstOrThrow();
      expect(o.payment_deadline).toBe(addDays(today, days));
    }
  });
});
