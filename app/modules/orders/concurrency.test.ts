import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { addToCart, getCart } from "~/modules/cart/cart.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { createAddress } from "~/modules/addresses/addresses.server";
import { creditInfo, newSubmitToken, submitOrder } from "./submit.server";
import { extraUser, inDays, makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";

type NewAddress = { consignee: string; phone: string; province: string; city: string; district: string; line: string };
async function addAddress(db: DB, actor: { customerId: number }, address: NewAddress): Promise<number> {
  const created = await createAddress(db, actor, { ...address, isDefault: false });
  if (!created.ok) throw new Error(created.error.key);
  return created.value;
}

/** Flash sale under load: 200 buyers, 10 pieces. And a double-clicked submit button ×10. */
describe.each(testDatabases())("concurrent submissions on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db, { flashStock: 10, flashAvailable: 100 });
  });

  it("200 concurrent submissions for a flash item with stock 10: exactly 10 orders, never oversold", async () => {
    const buyers = [];
    for (let i = 0; i < 200; i++) {
      const u = await extraUser(db, fx, i);
      const added = await addToCart(db, u, { productId: fx.products.flash, qty: 1, promotionItemId: fx.promo.flash });
      expect(added.ok).toBe(true);
      buyers.push(u);
    }
    const address = await addAddress(db, fx.a, { consignee: "李四", phone: "1", province: "湖南", city: "株洲", district: "芦淞", line: "1号" });
    const results = await Promise.all(
      buyers.map((u) => submitOrder(db, u, { token: newSubmitToken(), addressId: address, paymentMethod: "prepayment", expectedDeliveryDate: inDays(10) })),
    );
    const ok = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) {
      if (!r.ok) expect(r.errors[0].key).toBe("order:rules.flashStock");
    }
    const item = await db.selectFrom("promotion_item").select(["flash_sold", "flash_stock"]).where("id", "=", fx.promo.flash).executeTakeFirstOrThrow();
    expect(item).toEqual({ flash_sold: 10, flash_stock: 10 });
    const stock = await db.selectFrom("stock").select(["available", "reserved"]).where("product_id", "=", fx.products.flash).executeTakeFirstOrThrow();
    expect(stock).toEqual({ available: 90, reserved: 10 });
    const orders = await db
      .selectFrom("sales_order")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", fx.tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(10);
  }, 60_000);

  it("the same one-time token posted 10 times at once gives one order", async () => {
    await addToCart(db, fx.a, { productId: fx.products.holder, qty: 1 });
    await addToCart(db, fx.a, { productId: fx.products.insert, qty: 3 });
    const token = newSubmitToken();
    const before = await db.selectFrom("stock").select("available").where("product_id", "=", fx.products.holder).executeTakeFirstOrThrow();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submitOrder(db, fx.a, { token, addressId: fx.addressA, paymentMethod: "prepayment", expectedDeliveryDate: inDays(10) })),
    );
    const numbers = new Set(results.map((r) => (r.ok ? r.orderNo : "refused")));
    expect([...numbers]).toHaveLength(1);
    expect([...numbers][0]).toMatch(/^SO/);
    const count = await db
      .selectFrom("sales_order")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("submit_token", "=", token)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const after = await db.selectFrom("stock").select("available").where("product_id", "=", fx.products.holder).executeTakeFirstOrThrow();
    expect(before.available - after.available).toBe(1);
  }, 60_000);

  it("one cart submitted 10 times at once under 10 different tokens gives one order; the others are told the cart changed", async () => {
    const buyer = await extraUser(db, fx, 950);
    expect((await addToCart(db, buyer, { productId: fx.products.holder, qty: 2 })).ok).toBe(true);
    const address = await addAddress(db, buyer, { consignee: "王五", phone: "1", province: "湖南", city: "株洲", district: "芦淞", line: "2号" });
    const before = await db.selectFrom("stock").select("available").where("product_id", "=", fx.products.holder).executeTakeFirstOrThrow();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        submitOrder(db, buyer, { token: newSubmitToken(), addressId: address, paymentMethod: "prepayment", expectedDeliveryDate: inDays(10) }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) {
      if (!r.ok) expect(["order:fill.cartChanged", "order:fill.nothingSelected"]).toContain(r.errors[0].key);
    }
    const orders = await db
      .selectFrom("sales_order")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", buyer.id)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(1);
    const after = await db.selectFrom("stock").select("available").where("product_id", "=", fx.products.holder).executeTakeFirstOrThrow();
    expect(before.available - after.available).toBe(2);
    expect((await getCart(db, buyer)).lines).toHaveLength(0);
  }, 60_000);

  it("two on-account orders at once cannot both spend the same credit", async () => {
    const [u1, u2] = [await extraUser(db, fx, 901), await extraUser(db, fx, 902)];
    for (const u of [u1, u2]) expect((await addToCart(db, u, { productId: fx.products.holder, qty: 1 })).ok).toBe(true);
    const payable = (await getCart(db, u1)).totals.payable;
    const { openPayable } = await creditInfo(db, u1);
    // room for one order and a half
    await db
      .updateTable("customer")
      .set({ credit_limit: openPayable + Math.floor(payable * 1.5) })
      .where("id", "=", u1.customerId)
      .execute();
    const address = await addAddress(db, u1, { consignee: "王五", phone: "1", province: "湖南", city: "株洲", district: "芦淞", line: "2号" });
    const results = await Promise.all(
      [u1, u2].map((u) => submitOrder(db, u, { token: newSubmitToken(), addressId: address, paymentMethod: "on_account", expectedDeliveryDate: inDays(10) })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.errors[0].key).toBe("order:fill.creditExceeded");
  }, 60_000);
});
