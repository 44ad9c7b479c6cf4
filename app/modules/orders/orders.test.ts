import { NotFoundError } from "~/modules/errors";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { addToCart, getCart } from "~/modules/cart/cart.server";
import { down as shippedStatusesDown, up as shippedStatusesUp } from "~/db/migrations/2026-11-27-0020-shipped-statuses";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { getColumns, saveColumns } from "~/modules/columns/columns.server";
import { agreeOrder, cancelOrder, deleteOrder, disagreeOrder, getOrder, listDeliveries, listOrders, reAddToCart } from "./orders.server";
import { creditInfo, newSubmitToken, submitOrder } from "./submit.server";
import { extraUser, inDays, makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";

describe.each(testDatabases())("orders on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
  });

  const stock = async (productId: number) =>
    db.selectFrom("stock").select(["available", "reserved"]).where("product_id", "=", productId).executeTakeFirstOrThrow();
  const submit = (over: Partial<Parameters<typeof submitOrder>[2]> = {}, actor = fx.a) =>
    submitOrder(db, actor, {
      token: newSubmitToken(),
      addressId: fx.addressA,
      paymentMethod: "prepayment",
      expectedDeliveryDate: inDays(10),
      poNo: "PO-1",
      ...over,
    });

  it("refuses an empty cart, a missing delivery date, another customer's address", async () => {
    const r = await submit({ expectedDeliveryDate: "", addressId: fx.addressB });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors.map((e) => e.key).sort()).toEqual(["order:fill.addressRequired", "order:fill.deliveryDateRequired", "order:fill.nothingSelected"]);
  });

  it("submits: one order, lines, stock reserved, cart consumed, readable number; the same token returns the first order", async () => {
    await addToCart(db, fx.a, { productId: fx.products.moq10, qty: 20 });
    await addToCart(db, fx.a, { productId: fx.products.holder, qty: 1 });
    const before = await stock(fx.products.moq10);
    const token = newSubmitToken();
    const r = await submit({ token });
    expect(r).toMatchObject({ ok: true, status: "submitted", duplicate: false });
    if (!r.ok) return;
    expect(r.orderNo).toMatch(/^SO\d{8}W\d{6,}$/);
    const again = await submit({ token });
    expect(again).toMatchObject({ ok: true, orderNo: r.orderNo, duplicate: true });
    const after = await stock(fx.products.moq10);
    expect(after.available).toBe(before.available - 20);
    expect(after.reserved).toBe(before.reserved + 20);
    expect((await getCart(db, fx.a)).lines).toHaveLength(0);
    const found = await getOrder(db, fx.a, r.orderNo);
    expect(found!.order).toMatchObject({ goods_amount: 160_000, shipping_fee: 2_000, payable_amount: 162_000, po_no: "PO-1" });
    expect(found!.lines.map((l) => [l.qty, l.unit_price, l.amount]).sort((x, y) => x[0] - y[0])).toEqual([
      [1, 80_000, 80_000],
      [20, 4_000, 80_000],
    ]);
    expect(found!.lines.reduce((s, l) => s + l.amount, 0)).toBe(160_000);
  });

  it("a requested date earlier than the ESD goes to manual review with a notice", async () => {
    await addToCart(db, fx.a, { productId: fx.products.holder, qty: 1 });
    const line = (await getCart(db, fx.a)).lines[0];
    const today = new Date().toISOString().slice(0, 10);
    const r = await submit({ shipDates: { [line.id]: today }, expectedDeliveryDate: inDays(1) });
    expect(r).toMatchObject({ ok: true, status: "to_be_confirmed" });
    const notices = await db.selectFrom("notice").selectAll().where("user_id", "=", fx.a.id).execute();
    expect(notices.some((n) => n.type === "erp_delivery_feedback")).toBe(true);
    if (r.ok) {
      expect(await agreeOrder(db, fx.a, r.orderNo)).toMatchObject({ ok: true });
      expect((await getOrder(db, fx.a, r.orderNo))!.order.status).toBe("confirmed");
      expect(await agreeOrder(db, fx.a, r.orderNo)).toMatchObject({ ok: false, error: { key: "order:orders.notAllowed" } });
    }
  });

  it("stock shortage blocks the order and changes nothing", async () => {
    await addToCart(db, fx.a, { productId: fx.products.insert, qty: 5000 });
    const r = await submit();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].key).toBe("order:rules.stockShort");
    const cart = await getCart(db, fx.a);
    await db
      .deleteFrom("cart_item")
      .where(
        "id",
        "in",
        cart.lines.map((l) => l.id),
      )
      .execute();
  });

  it("enforces the credit limit for on-account payment", async () => {
    const credit = await creditInfo(db, fx.a);
    expect(credit.creditLimit).toBe(1_000_000);
    expect(credit.openPayable).toBeGreaterThan(0);
    expect(credit.available).toBe(credit.creditLimit - credit.openPayable);
    await addToCart(db, fx.a, { productId: fx.products.holder, qty: 12 }); // 960,000 > available
    const r = await submit({ paymentMethod: "on_account" });
    expect(r).toMatchObject({ ok: false, errors: [{ key: "order:fill.creditExceeded" }] });
    expect((await submit({ paymentMethod: "on_account", expectedDeliveryDate: inDays(30) })).ok).toBe(false);
    expect(await submit({ paymentMethod: "prepayment", expectedDeliveryDate: inDays(30) })).toMatchObject({ ok: true });
  });

  it("an account without order permission cannot submit", async () => {
    expect(await submit({}, fx.aNoOrder)).toMatchObject({ ok: false, errors: [{ key: "common:errors.noOrderPermission" }] });
  });

  it("cancel needs a reason, releases the stock and stores a notice", async () => {
    const { rows } = await listOrders(db, fx.a, { tab: "open", page: 1, pageSize: 20 });
    const target = rows.find((o) => o.status === "submitted")!;
    const before = await stock(fx.products.holder);
    expect(await cancelOrder(db, fx.a, target.order_no, "   ")).toMatchObject({ ok: false, error: { key: "order:orders.reasonRequired" } });
    expect(await cancelOrder(db, fx.a, target.order_no, "wrong size")).toMatchObject({ ok: true });
    const order = (await getOrder(db, fx.a, target.order_no))!;
    expect(order.order).toMatchObject({ status: "cancelled", cancel_reason: "wrong size" });
    const heldLine = order.lines.find((l) => l.product_id === fx.products.holder);
    const after = await stock(fx.products.holder);
    expect(after.available - before.available).toBe(heldLine?.qty ?? 0);
    const notice = await db.selectFrom("notice").selectAll().where("order_no", "=", target.order_no).where("type", "=", "cancel_order").executeTakeFirst();
    expect(notice?.body_en).toContain("wrong size");
    expect(notice?.is_read).toBe(1); // the dealer cancelled it himself: nothing new for his badge
    expect(await cancelOrder(db, fx.a, target.order_no, "again")).toMatchObject({ ok: false, error: { key: "order:orders.notAllowed" } });
  });

  it("deletes only to-be-submitted orders; disagree cancels", async () => {
    const now = new Date().toISOString();
    const mk = async (no: string, status: string) =>
      db
        .insertInto("sales_order")
        .values({
          order_no: no,
          tenant_id: fx.tenantId,
          customer_id: fx.a.customerId,
          user_id: fx.a.id,
          status,
          consignee: "x",
          phone: "1",
          address_text: "a",
          payment_method: "prepayment",
          expected_delivery_date: inDays(5),
          goods_amount: 0,
          discount_amount: 0,
          shipping_fee: 0,
          payable_amount: 0,
          currency: "CNY",
          updated_at: now,
        })
        .execute();
    await mk(`DRAFT${fx.tenantId}`, "to_be_submitted");
    await mk(`REVIEW${fx.tenantId}`, "to_be_confirmed");
    expect(await deleteOrder(db, fx.a, `REVIEW${fx.tenantId}`)).toMatchObject({ ok: false, error: { key: "order:orders.notAllowed" } });
    await expect(deleteOrder(db, fx.b, `DRAFT${fx.tenantId}`)).rejects.toThrow(NotFoundError);
    expect(await deleteOrder(db, fx.a, `DRAFT${fx.tenantId}`)).toMatchObject({ ok: true });
    expect(await getOrder(db, fx.a, `DRAFT${fx.tenantId}`)).toBeNull();
    expect(await disagreeOrder(db, fx.a, `REVIEW${fx.tenantId}`)).toMatchObject({ ok: true });
    expect((await getOrder(db, fx.a, `REVIEW${fx.tenantId}`))!.order.status).toBe("cancelled");
  });

  it("a sub-account changes only the orders it placed; the master account changes every order of its customer", async () => {
    const now = new Date().toISOString();
    const sub = await extraUser(db, fx, 1);
    const mk = async (no: string, status: string, userId: number) =>
      db
        .insertInto("sales_order")
        .values({
          order_no: no,
          tenant_id: fx.tenantId,
          customer_id: fx.a.customerId,
          user_id: userId,
          status,
          consignee: "x",
          phone: "1",
          address_text: "a",
          payment_method: "prepayment",
          expected_delivery_date: inDays(5),
          goods_amount: 0,
          discount_amount: 0,
          shipping_fee: 0,
          payable_amount: 0,
          currency: "CNY",
          updated_at: now,
        })
        .execute();
    await mk(`MASTER${fx.tenantId}`, "to_be_submitted", fx.a.id);
    await mk(`SUBOWN${fx.tenantId}`, "to_be_confirmed", sub.id);
    await mk(`SUBDRAFT${fx.tenantId}`, "to_be_submitted", sub.id);
    // the sub-account sees the master's order but may not touch it
    expect(await getOrder(db, sub, `MASTER${fx.tenantId}`)).not.toBeNull();
    for (const attempt of [
      () => cancelOrder(db, sub, `MASTER${fx.tenantId}`, "not mine"),
      () => deleteOrder(db, sub, `MASTER${fx.tenantId}`),
      () => cancelOrder(db, fx.aNoOrder, `SUBOWN${fx.tenantId}`, "a colleague's"),
      () => agreeOrder(db, fx.aNoOrder, `SUBOWN${fx.tenantId}`),
    ]) {
      expect(await attempt()).toMatchObject({ ok: false, error: { key: "order:orders.notYours" } });
    }
    expect((await getOrder(db, fx.a, `MASTER${fx.tenantId}`))!.order.status).toBe("to_be_submitted");
    expect((await getOrder(db, fx.a, `SUBOWN${fx.tenantId}`))!.order.status).toBe("to_be_confirmed");
    // its own orders, yes; the master, any of the customer's
    expect(await agreeOrder(db, sub, `SUBOWN${fx.tenantId}`)).toMatchObject({ ok: true });
    expect(await deleteOrder(db, fx.a, `SUBDRAFT${fx.tenantId}`)).toMatchObject({ ok: true });
    expect(await deleteOrder(db, fx.a, `MASTER${fx.tenantId}`)).toMatchObject({ ok: true });
  });

  it("re-adds all lines of an order to the cart", async () => {
    const { rows } = await listOrders(db, fx.a, { tab: "all", page: 1, pageSize: 50 });
    const report = await reAddToCart(db, fx.a, rows[rows.length - 1].order_no);
    expect(report!.length).toBeGreaterThan(0);
    expect(report!.every((r) => r.ok)).toBe(true);
    expect((await getCart(db, fx.a)).lines.length).toBe(report!.length);
    expect(await reAddToCart(db, fx.b, rows[0].order_no)).toBeNull();
  });

  it("lists with tabs, filters and paging", async () => {
    const all = await listOrders(db, fx.a, { tab: "all", page: 1, pageSize: 2 });
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.rows).toHaveLength(2);
    const cancelled = await listOrders(db, fx.a, { tab: "all", status: "cancelled", page: 1, pageSize: 50 });
    expect(cancelled.rows.every((r) => r.status === "cancelled")).toBe(true);
    const open = await listOrders(db, fx.a, { tab: "open", page: 1, pageSize: 50 });
    expect(open.rows.every((r) => ["submitted", "to_be_confirmed", "confirmed", "purchase_application_created"].includes(r.status))).toBe(true);
    const byCode = await listOrders(db, fx.a, { tab: "all", code: "pclnr2525", page: 1, pageSize: 50 });
    expect(byCode.total).toBeGreaterThan(0);
    const byPo = await listOrders(db, fx.a, { tab: "all", poNo: "PO-1", page: 1, pageSize: 50 });
    expect(byPo.total).toBeGreaterThan(0);
    expect((await listOrders(db, fx.a, { tab: "all", orderNo: "%", page: 1, pageSize: 50 })).total).toBe(0);
    const shopToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    expect((await listOrders(db, fx.a, { tab: "all", from: shopToday, to: shopToday, page: 1, pageSize: 50 })).total).toBe(all.total);
    expect((await listOrders(db, fx.a, { tab: "all", to: "2020-01-01", page: 1, pageSize: 50 })).total).toBe(0);
  });

  it("DPC000001 sees none of XCD000001's orders or deliveries", async () => {
    const { rows } = await listOrders(db, fx.a, { tab: "all", page: 1, pageSize: 100 });
    const order = (await getOrder(db, fx.a, rows.find((r) => r.items > 0)!.order_no))!;
    await db
      .insertInto("shipment")
      .values({
        order_id: order.order.id,
        order_line_id: order.lines[0].id,
        tenant_id: fx.tenantId,
        customer_id: fx.a.customerId,
        ship_date: inDays(0),
        carrier: "SF",
        tracking_no: "SF123",
        packing_slip_no: "PS1",
        batch_no: "B1",
        qty: 1,
      })
      .execute();
    expect((await listDeliveries(db, fx.a, { page: 1, pageSize: 20 })).total).toBe(1);
    expect((await listDeliveries(db, fx.b, { page: 1, pageSize: 20 })).total).toBe(0);
    expect((await listOrders(db, fx.b, { tab: "all", page: 1, pageSize: 100 })).total).toBe(0);
    for (const o of rows) {
      expect(await getOrder(db, fx.b, o.order_no)).toBeNull();
      await expect(cancelOrder(db, fx.b, o.order_no, "x")).rejects.toThrow(NotFoundError);
      await expect(agreeOrder(db, fx.b, o.order_no)).rejects.toThrow(NotFoundError);
    }
  });

  it("saves the column choice per user", async () => {
    expect(await getColumns(db, fx.a.id, "order_list")).toContain("payable");
    await saveColumns(db, fx.a.id, "order_list", ["status", "payable", "bogus"]);
    expect(await getColumns(db, fx.a.id, "order_list")).toEqual(["orderNo", "status", "payable"]);
    expect(await getColumns(db, fx.b.id, "order_list")).toContain("user");
  });

  let seq = 0;
  /** An order in `status` whose lines have these [qty, shipped] pairs. */
  async function orderWith(status: string, lines: [number, number][], cancelReason: string | null = null): Promise<string> {
    const no = `SO2026MIG${String(++seq).padStart(4, "0")}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto("sales_order")
      .values({
        order_no: no,
        tenant_id: fx.tenantId,
        customer_id: fx.a.customerId,
        user_id: fx.a.id,
        status,
        po_no: null,
        consignee: "x",
        phone: "1",
        address_text: "x",
        payment_method: "prepayment",
        payment_deadline: null,
        expected_delivery_date: "2026-12-31",
        goods_amount: 0,
        discount_amount: 0,
        shipping_fee: 0,
        payable_amount: 0,
        currency: "CNY",
        remark: null,
        cancel_reason: cancelReason,
        submit_token: null,
        created_at: now,
        updated_at: now,
        submitted_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [i, [qty, shipped]] of lines.entries()) {
      await db
        .insertInto("order_line")
        .values({
          order_id: id,
          line_no: (i + 1) * 10,
          product_id: fx.products.insert,
          ordering_code: "CNMG",
          name_zh: "刀片",
          name_en: "Insert",
          qty,
          unit_price: 100,
          discount_amount: 0,
          amount: qty * 100,
          promotion_item_id: null,
          esd: null,
          ship_date: null,
          shipped_qty: shipped,
        })
        .execute();
    }
    return no;
  }
  const statusOf = async (no: string) => (await db.selectFrom("sales_order").select("status").where("order_no", "=", no).executeTakeFirstOrThrow()).status;

  // migration 0020 (issue 26 item 2, decision 030): orders that shipped under the old machine, where
  // a shipment kept the status, move to the status the new machine gives them
  it("migration 0020 moves every old shipped order to its shipped state, leaves the others, and goes back down", async () => {
    const cases: [string, [number, number][], string | null, string][] = [
      ["confirmed", [[10, 10]], null, "shipped"], // the order, before anyone cancelled it
      [
        "confirmed",
        [
          [10, 10],
          [5, 0],
        ],
        null,
        "partly_shipped",
      ],
      [
        "purchase_application_created",
        [
          [4, 4],
          [6, 6],
        ],
        null,
        "shipped",
      ],
      ["purchase_application_created", [[4, 1]], null, "partly_shipped"],
      ["cancelled", [[10, 10]], "不要了", "shipped"], // the order after the dealer cancelled it
      ["cancelled", [[10, 3]], "缺货", "shipped"], // closed short: the cancel gave the rest back already
      ["confirmed", [[10, 0]], null, "confirmed"],
      ["cancelled", [[10, 0]], "x", "cancelled"],
      ["submitted", [[10, 0]], null, "submitted"],
    ];
    const orders = [];
    for (const [status, lines, reason] of cases) orders.push(await orderWith(status, lines, reason));
    await shippedStatusesUp(db);
    expect(await Promise.all(orders.map(statusOf))).toEqual(cases.map((c) => c[3]));
    await shippedStatusesDown(db);
    expect(await Promise.all(orders.map(statusOf))).toEqual([
      "confirmed",
      "confirmed",
      "confirmed",
      "confirmed",
      "cancelled",
      "cancelled",
      "confirmed",
      "cancelled",
      "submitted",
    ]);
  });
});
