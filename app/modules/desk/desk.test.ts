import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { addToCart, getCart } from "~/modules/cart/cart.server";
import { agreeOrder, cancelOrder, disagreeOrder, getOrder, listDeliveries, listOrders } from "~/modules/orders/orders.server";
import { newSubmitToken, submitOrder } from "~/modules/orders/submit.server";
import { inDays, makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { cancelDeskOrder, confirmOrder, getDeskOrder, listDeskOrders, markPurchaseApplication, proposeDates, type DeskActor } from "./desk.server";
import { readShipmentFile, SHIPMENT_COLUMNS } from "./excel.server";
import { importShipments, recordShipment } from "./shipments.server";

describe.each(testDatabases())("order desk on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let other: Fixture;
  let staff: DeskActor;
  let staffOther: DeskActor;

  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    other = await makeFixture(db);
    const internal = await db
      .insertInto("customer")
      .values({ code: `ZZ${Date.now() % 100000}`, name_zh: "本公司", name_en: "Us", credit_limit: 0, payment_terms_days: 0, discount_bp: 0, kind: "internal" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto("app_user")
      .values({
        code: `EMP${Date.now() % 1000000}`,
        customer_id: internal.id,
        master_user_id: null,
        parties_id: null,
        name: "孙丽",
        email: "desk@x.test",
        mobile: "1",
        language: null,
        password_hash: "x",
        price_adjustment_bp: 0,
        can_order: 0,
        can_see_price: 1,
        can_see_stock: 1,
        erp_account: null,
        updated_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    staff = { id, code: "EMP000002", tenantId: fx.tenantId };
    staffOther = { id, code: "EMP000002", tenantId: other.tenantId };
  });

  const stock = (productId: number) => db.selectFrom("stock").select(["available", "reserved"]).where("product_id", "=", productId).executeTakeFirstOrThrow();
  const status = async (orderNo: string) =>
    (await db.selectFrom("sales_order").select("status").where("order_no", "=", orderNo).executeTakeFirstOrThrow()).status;
  const notices = (orderNo: string) => db.selectFrom("notice").selectAll().where("order_no", "=", orderNo).orderBy("id").execute();
  const audits = (orderNo: string) => db.selectFrom("audit_log").selectAll().where("entity", "=", "sales_order").where("entity_id", "=", orderNo).execute();

  /** The order's lines, the big one (20 pieces or more) first. */
  const bigFirst = async (no: string) => [...(await getDeskOrder(db, staff, no))!.lines].sort((x, y) => y.qty - x.qty);

  /** An order of dealer A; `review` makes the requested date earlier than the ESD (to be confirmed). */
  async function order(review: boolean, qty = 20): Promise<string> {
    await addToCart(db, fx.a, { productId: fx.products.moq10, qty });
    await addToCart(db, fx.a, { productId: fx.products.holder, qty: 2 });
    const lines = (await getCart(db, fx.a)).lines;
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const r = await submitOrder(db, fx.a, {
      token: newSubmitToken(),
      addressId: fx.addressA,
      paymentMethod: "prepayment",
      expectedDeliveryDate: review ? inDays(1) : inDays(20),
      shipDates: review ? Object.fromEntries(lines.map((l) => [l.id, today])) : {},
    });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.status).toBe(review ? "to_be_confirmed" : "submitted");
    return r.orderNo;
  }

  it("lists all dealers' orders of the entity only, with filters and the queue", async () => {
    const no = await order(true);
    const r = await listDeskOrders(db, staff, { tab: "queue", page: 1, pageSize: 20 });
    expect(r.rows.map((o) => o.order_no)).toContain(no);
    expect((await listDeskOrders(db, staff, { tab: "proposed", page: 1, pageSize: 20 })).rows.map((o) => o.order_no)).not.toContain(no);
    expect((await listDeskOrders(db, staff, { tab: "all", orderNo: no.slice(-6), code: "WNMG", page: 1, pageSize: 20 })).total).toBe(1);
    // the code filter matches the beginning of a line's code, in any case (decision 059)
    expect((await listDeskOrders(db, staff, { tab: "all", orderNo: no.slice(-6), code: " wnmg0804 ", page: 1, pageSize: 20 })).total).toBe(1);
    expect((await listDeskOrders(db, staff, { tab: "all", orderNo: no.slice(-6), code: "PCLNR", page: 1, pageSize: 20 })).total).toBe(1);
    expect((await listDeskOrders(db, staff, { tab: "all", orderNo: no.slice(-6), code: "YBC152", page: 1, pageSize: 20 })).total).toBe(0);
    const dealerCode = (await db.selectFrom("customer").select("code").where("id", "=", fx.a.customerId).executeTakeFirstOrThrow()).code;
    expect((await listDeskOrders(db, staff, { tab: "all", dealer: dealerCode.toLowerCase(), page: 1, pageSize: 20 })).total).toBeGreaterThan(0);
    expect((await listDeskOrders(db, staff, { tab: "all", dealer: "nobody-like-this", page: 1, pageSize: 20 })).total).toBe(0);
    expect((await listDeskOrders(db, staffOther, { tab: "all", page: 1, pageSize: 20 })).rows.map((o) => o.order_no)).not.toContain(no);
    expect(await getDeskOrder(db, staffOther, no)).toBeNull();
    await expect(confirmOrder(db, staffOther, no)).rejects.toThrow(NotFoundError);
    expect(await status(no)).toBe("to_be_confirmed");
  });

  it("propose → dealer notice → dealer agrees → desk confirms → partial shipment → the rest", async () => {
    const no = await order(true);
    const found = (await getDeskOrder(db, staff, no))!;
    const [first, second] = await bigFirst(no);
    expect(
      await proposeDates(
        db,
        staff,
        no,
        found.lines.map((l) => ({ lineId: l.id, date: l.ship_date! })),
      ),
    ).toMatchObject({ ok: false, error: { key: "adminOrders:error.noDateChanged" } });
    expect(await proposeDates(db, staff, no, [{ lineId: first.id, date: "2001-01-01" }])).toMatchObject({
      ok: false,
      error: { key: "adminOrders:error.datePast" },
    });
    const proposed = await proposeDates(db, staff, no, [
      { lineId: first.id, date: inDays(30) },
      { lineId: second.id, date: second.ship_date! },
    ]);
    expect(proposed).toMatchObject({ ok: true });
    expect(await status(no)).toBe("date_proposed");
    const line = (await getDeskOrder(db, staff, no))!.lines.find((l) => l.id === first.id)!;
    expect(line).toMatchObject({ ship_date: inDays(30), requested_date: first.ship_date });
    const feedback = (await notices(no)).at(-1)!;
    expect(feedback).toMatchObject({ type: "erp_delivery_feedback", user_id: fx.a.id, is_read: 0 });
    expect(feedback.body_zh).toContain(inDays(30));
    expect(feedback.body_en).toContain("proposes");

    // the dealer agrees in the shop: back to the desk
    expect(await agreeOrder(db, fx.a, no)).toMatchObject({ ok: true, value: { key: "order:orders.done.agreeProposal" } });
    expect(await status(no)).toBe("submitted");
    expect((await listDeskOrders(db, staff, { tab: "queue", page: 1, pageSize: 50 })).rows.map((o) => o.order_no)).toContain(no);

    expect(
      await recordShipment(db, staff, no, {
        token: newSubmitToken(),
        shipDate: inDays(0),
        carrier: "SF",
        trackingNo: "1",
        packingSlipNo: "P",
        batchNo: "B",
        lines: [{ lineId: first.id, qty: 1 }],
      }),
    ).toMatchObject({
      ok: false,
      error: { key: "adminOrders:error.notAllowed" },
    });
    expect(await confirmOrder(db, staff, no)).toMatchObject({ ok: true });
    expect(await status(no)).toBe("confirmed");
    expect((await notices(no)).at(-1)).toMatchObject({ type: "erp_delivery_feedback", title_en: `Order ${no} confirmed` });

    const reservedBefore = (await stock(fx.products.moq10)).reserved;
    const head = { shipDate: inDays(0), carrier: "顺丰速运", trackingNo: "SF100200300", packingSlipNo: "PS1", batchNo: "B1" };
    expect(await recordShipment(db, staff, no, { ...head, token: newSubmitToken(), lines: [{ lineId: first.id, qty: 30 }] })).toMatchObject({
      ok: false,
      error: { key: "adminOrders:error.overOpen", field: `qty.${first.id}` },
    });
    expect(await recordShipment(db, staff, no, { ...head, token: newSubmitToken(), lines: [{ lineId: first.id, qty: 0 }] })).toMatchObject({
      ok: false,
      error: { key: "adminOrders:error.noQty" },
    });
    expect(await recordShipment(db, staff, no, { ...head, token: newSubmitToken(), lines: [{ lineId: first.id, qty: 10 }] })).toMatchObject({ ok: true });
    expect((await stock(fx.products.moq10)).reserved).toBe(reservedBefore - 10);
    const records = await listDeliveries(db, fx.a, { orderNo: no, page: 1, pageSize: 20 });
    expect(records.rows).toHaveLength(1);
    expect(records.rows[0]).toMatchObject({ qty: 10, tracking_no: "SF100200300", shipped_qty: 10 });
    expect((await notices(no)).at(-1)).toMatchObject({ type: "delivery", is_read: 0 });
    expect((await getOrder(db, fx.a, no))!.lines.find((l) => l.id === first.id)!.shipped_qty).toBe(10);

    const rest = (await getDeskOrder(db, staff, no))!.lines.map((l) => ({ lineId: l.id, qty: l.qty - l.shipped_qty }));
    expect(await recordShipment(db, staff, no, { ...head, packingSlipNo: "PS2", token: newSubmitToken(), lines: rest })).toMatchObject({ ok: true });
    const after = (await getDeskOrder(db, staff, no))!;
    expect(after.lines.every((l) => l.shipped_qty === l.qty)).toBe(true);
    expect(after.shipments).toHaveLength(3);
    expect((await listDeskOrders(db, staff, { tab: "toShip", page: 1, pageSize: 50 })).rows.map((o) => o.order_no)).not.toContain(no);
    expect(await status(no)).toBe("shipped");
    expect((await audits(no)).map((a) => JSON.parse(a.after_json!).event)).toEqual(["propose_date", "confirm", "ship", "ship_last"]);
  });

  it("a double confirm at once has one effect (one audit entry, one notice)", async () => {
    const no = await order(true);
    const before = (await notices(no)).length;
    const [r1, r2] = await Promise.all([confirmOrder(db, staff, no), confirmOrder(db, staff, no)]);
    expect(r1.ok && r2.ok).toBe(true);
    expect([r1, r2].filter((r) => r.ok && r.value.already)).toHaveLength(1);
    expect(await status(no)).toBe("confirmed");
    expect(await audits(no)).toHaveLength(1);
    expect((await notices(no)).length).toBe(before + 1);
    // and again later: nothing new
    expect(await confirmOrder(db, staff, no)).toMatchObject({ ok: true, value: { already: true } });
    expect(await audits(no)).toHaveLength(1);
  });

  it("a double ship at once has one effect, with the same form token or with two for the whole open quantity", async () => {
    const no = await order(false);
    expect(await confirmOrder(db, staff, no)).toMatchObject({ ok: true });
    const [l1, l2] = await bigFirst(no);
    const head = { shipDate: inDays(0), carrier: "EMS", trackingNo: "E1", packingSlipNo: "P1", batchNo: "B1" };
    const token = newSubmitToken();
    const same = await Promise.all([
      recordShipment(db, staff, no, { ...head, token, lines: [{ lineId: l1.id, qty: 10 }] }),
      recordShipment(db, staff, no, { ...head, token, lines: [{ lineId: l1.id, qty: 10 }] }),
    ]);
    expect(same.every((r) => r.ok)).toBe(true);
    const shipments = () => db.selectFrom("shipment").selectAll().where("order_line_id", "in", [l1.id, l2.id]).execute();
    expect(await shipments()).toHaveLength(1);
    expect((await getDeskOrder(db, staff, no))!.lines.find((l) => l.id === l1.id)!.shipped_qty).toBe(10);

    const both = await Promise.all([
      recordShipment(db, staff, no, { ...head, token: newSubmitToken(), lines: [{ lineId: l2.id, qty: l2.qty }] }),
      recordShipment(db, staff, no, { ...head, token: newSubmitToken(), lines: [{ lineId: l2.id, qty: l2.qty }] }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(await shipments()).toHaveLength(2);
    expect((await getDeskOrder(db, staff, no))!.lines.find((l) => l.id === l2.id)!.shipped_qty).toBe(l2.qty);
    expect(await status(no)).toBe("partly_shipped");
  });

  // ---- the shipped states (issue 26 item 2, decision 030): the status machine's rows through the domain ----

  type Start = "confirmed" | "purchase_application_created" | "partly_shipped" | "shipped";
  type Step = "desk ships part" | "desk ships the rest" | "dealer cancels" | "dealer disagrees" | "desk cancels";
  const shipHead = { shipDate: inDays(0), carrier: "顺丰速运", trackingNo: "SF26", packingSlipNo: "PS26", batchNo: "B26" };
  const openLines = async (no: string) => (await bigFirst(no)).filter((l) => l.shipped_qty < l.qty);

  /** A dealer's order brought by the desk into `start` (partly shipped: one piece of the big line). */
  async function orderIn(start: Start): Promise<string> {
    const no = await order(false);
    expect(await confirmOrder(db, staff, no)).toMatchObject({ ok: true });
    if (start === "purchase_application_created") expect(await markPurchaseApplication(db, staff, no)).toMatchObject({ ok: true });
    if (start === "partly_shipped" || start === "shipped") await apply(no, start === "shipped" ? "desk ships the rest" : "desk ships part");
    expect(await status(no)).toBe(start);
    return no;
  }

  async function apply(no: string, step: Step) {
    switch (step) {
      case "desk ships part": {
        const [first] = await openLines(no);
        return recordShipment(db, staff, no, { ...shipHead, token: newSubmitToken(), lines: [{ lineId: first?.id ?? 0, qty: 1 }] });
      }
      case "desk ships the rest":
        return recordShipment(db, staff, no, {
          ...shipHead,
          token: newSubmitToken(),
          lines: (await openLines(no)).map((l) => ({ lineId: l.id, qty: l.qty - l.shipped_qty })),
        });
      case "dealer cancels":
        return cancelOrder(db, fx.a, no, "不要了");
      case "dealer disagrees":
        return disagreeOrder(db, fx.a, no);
      case "desk cancels":
        return cancelDeskOrder(db, staff, no, "客户要求取消剩余");
    }
  }

  /** Everything a refused step must leave alone: the order row, its lines, shipments and the stock. */
  const snapshot = async (no: string) => {
    const o = await db.selectFrom("sales_order").selectAll().where("order_no", "=", no).executeTakeFirstOrThrow();
    return {
      order: o,
      lines: await db.selectFrom("order_line").selectAll().where("order_id", "=", o.id).orderBy("id").execute(),
      shipments: await db.selectFrom("shipment").selectAll().where("order_id", "=", o.id).orderBy("id").execute(),
      stock: [await stock(fx.products.moq10), await stock(fx.products.holder)],
    };
  };

  const SHIPPED_TABLE: [Start, Step, { ok: true; key?: string } | { ok: false; key: string }, string][] = [
    ["confirmed", "desk ships part", { ok: true }, "partly_shipped"],
    ["confirmed", "desk ships the rest", { ok: true }, "shipped"],
    ["purchase_application_created", "desk ships part", { ok: true }, "partly_shipped"],
    ["purchase_application_created", "desk ships the rest", { ok: true }, "shipped"],
    ["partly_shipped", "desk ships part", { ok: true }, "partly_shipped"],
    ["partly_shipped", "desk ships the rest", { ok: true }, "shipped"],
    ["partly_shipped", "dealer cancels", { ok: false, key: "order:orders.shippedNoCancel" }, "partly_shipped"],
    ["partly_shipped", "dealer disagrees", { ok: false, key: "order:orders.shippedNoCancel" }, "partly_shipped"],
    ["partly_shipped", "desk cancels", { ok: true, key: "adminOrders:done.cancel_rest" }, "shipped"],
    ["shipped", "dealer cancels", { ok: false, key: "order:orders.shippedNoCancel" }, "shipped"],
    ["shipped", "dealer disagrees", { ok: false, key: "order:orders.shippedNoCancel" }, "shipped"],
    ["shipped", "desk cancels", { ok: false, key: "adminOrders:error.nothingOpen" }, "shipped"],
    ["shipped", "desk ships part", { ok: false, key: "adminOrders:error.notAllowed" }, "shipped"],
    // nothing shipped yet: cancelling is still the whole order's, by the dealer or the desk
    ["confirmed", "dealer cancels", { ok: true, key: "order:orders.done.cancel" }, "cancelled"],
    ["confirmed", "desk cancels", { ok: true, key: "adminOrders:done.cancel" }, "cancelled"],
  ];

  it.each(SHIPPED_TABLE)("%s --%s--> %j, status %s", async (start, step, expected, after) => {
    const no = await orderIn(start);
    const before = await snapshot(no);
    const r = (await apply(no, step)) as { ok: boolean; key?: string; value?: { key: string }; error?: { key: string } };
    expect(r.ok).toBe(expected.ok);
    if (expected.key) expect(r.key ?? r.value?.key ?? r.error?.key).toBe(expected.key);
    expect(await status(no)).toBe(after);
    if (!expected.ok) expect(await snapshot(no)).toEqual(before); // refused: nothing changed
  });

  it("the desk cancels the rest of a partly shipped order: the open quantities back to stock, closed short with the reason", async () => {
    const no = await orderIn("partly_shipped");
    const lines = await bigFirst(no);
    const open = new Map(lines.map((l) => [l.product_id, l.qty - l.shipped_qty]));
    const [moq10, holder] = [await stock(fx.products.moq10), await stock(fx.products.holder)];
    expect(await cancelDeskOrder(db, staff, no, "   ")).toMatchObject({ ok: false, error: { key: "adminOrders:error.reasonRequired" } });
    expect(await status(no)).toBe("partly_shipped");
    const [c1, c2] = await Promise.all([cancelDeskOrder(db, staff, no, "缺货，剩余取消"), cancelDeskOrder(db, staff, no, "缺货，剩余取消")]);
    expect(c1.ok && c2.ok).toBe(true);
    expect([c1, c2].filter((r) => r.ok && r.value.already)).toHaveLength(1);
    expect(await stock(fx.products.moq10)).toEqual({
      available: moq10.available + open.get(fx.products.moq10)!,
      reserved: moq10.reserved - open.get(fx.products.moq10)!,
    });
    expect(await stock(fx.products.holder)).toEqual({
      available: holder.available + open.get(fx.products.holder)!,
      reserved: holder.reserved - open.get(fx.products.holder)!,
    });
    const { order: o, lines: after } = (await getOrder(db, fx.a, no))!;
    expect(o).toMatchObject({ status: "shipped", cancel_reason: "缺货，剩余取消" });
    expect(after.map((l) => l.shipped_qty)).toEqual([...lines].sort((x, y) => x.line_no - y.line_no).map((l) => l.shipped_qty)); // what shipped stays
    expect((await notices(no)).at(-1)).toMatchObject({ type: "cancel_order", title_en: `Order ${no}: the rest cancelled` });
    expect((await audits(no)).filter((a) => JSON.parse(a.after_json!).event === "cancel_rest")).toHaveLength(1);
    // later posts change nothing: "already done", and a shipment is refused
    expect(await cancelDeskOrder(db, staff, no, "again")).toMatchObject({ ok: true, value: { already: true } });
    expect(await apply(no, "desk ships part")).toMatchObject({ ok: false });
    // the dealer's lists: no longer open, in the "all" tab as shipped
    expect((await listOrders(db, fx.a, { tab: "open", page: 1, pageSize: 100 })).rows.map((r) => r.order_no)).not.toContain(no);
    expect((await listOrders(db, fx.a, { tab: "all", status: "shipped", page: 1, pageSize: 100 })).rows.map((r) => r.order_no)).toContain(no);
  });

  it("a partly shipped order is open (dealer's open tab, desk's to-ship tab); a dealer's cancel racing a shipment never wins both", async () => {
    const no = await orderIn("partly_shipped");
    expect((await listOrders(db, fx.a, { tab: "open", page: 1, pageSize: 100 })).rows.map((r) => r.order_no)).toContain(no);
    expect((await listDeskOrders(db, staff, { tab: "toShip", page: 1, pageSize: 100 })).rows.map((o) => o.order_no)).toContain(no);

    const fresh = await orderIn("confirmed");
    const [shipped, cancelled] = await Promise.all([apply(fresh, "desk ships part"), apply(fresh, "dealer cancels")]);
    const final = await status(fresh);
    if (final === "cancelled") {
      expect(shipped.ok).toBe(false);
      expect((await snapshot(fresh)).shipments).toHaveLength(0);
    } else {
      expect(final).toBe("partly_shipped");
      expect(cancelled.ok).toBe(false);
    }
  });

  it("purchase application, then cancel refused; cancel of another order releases its stock in the same step", async () => {
    const no = await order(false);
    expect(await markPurchaseApplication(db, staff, no)).toMatchObject({ ok: false, error: { key: "adminOrders:error.notAllowed" } });
    expect(await confirmOrder(db, staff, no)).toMatchObject({ ok: true });
    expect(await markPurchaseApplication(db, staff, no)).toMatchObject({ ok: true });
    expect((await notices(no)).at(-1)).toMatchObject({ type: "erp_delivery_feedback" });
    expect(await cancelDeskOrder(db, staff, no, "客户要求")).toMatchObject({ ok: false, error: { key: "adminOrders:error.notAllowed" } });

    const before = await stock(fx.products.moq10);
    const no2 = await order(true, 30);
    expect((await stock(fx.products.moq10)).available).toBe(before.available - 30);
    expect(await cancelDeskOrder(db, staff, no2, "  ")).toMatchObject({ ok: false, error: { key: "adminOrders:error.reasonRequired" } });
    const [c1, c2] = await Promise.all([cancelDeskOrder(db, staff, no2, "缺货 <b>x</b>"), cancelDeskOrder(db, staff, no2, "缺货 <b>x</b>")]);
    expect(c1.ok && c2.ok).toBe(true);
    expect(await stock(fx.products.moq10)).toEqual(before);
    const n = (await notices(no2)).at(-1)!;
    expect(n).toMatchObject({ type: "cancel_order" });
    expect(n.body_zh).toContain("缺货 <b>x</b>");
    expect((await getOrder(db, fx.a, no2))!.order).toMatchObject({ status: "cancelled", cancel_reason: "缺货 <b>x</b>" });
  });

  async function xlsx(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("发货");
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it("imports shipments from Excel; one bad row and nothing changes; bad cells by row and column", async () => {
    const no = await order(false);
    expect(await confirmOrder(db, staff, no)).toMatchObject({ ok: true });
    const [l1, l2] = await bigFirst(no);
    const head = SHIPMENT_COLUMNS.map((c) => c.zh);
    const row = (lineNo: number, qty: unknown, date: unknown = inDays(0)) => [no, lineNo, qty, date, "顺丰", "SF1", "PS9", "B9"];

    const cells = await readShipmentFile(await xlsx([head, row(l1.line_no, "x"), row(l2.line_no, 1, "tomorrow")]));
    expect(cells).toMatchObject({
      ok: false,
      problems: [
        { row: 2, column: "qty", key: "adminOrders:import.positiveInteger" },
        { row: 3, column: "shipDate", key: "adminOrders:import.date" },
      ],
    });
    expect(await readShipmentFile(Buffer.from("订单号,行号\n"))).toMatchObject({ ok: false, error: "adminOrders:import.onlyExcel" });
    expect(await readShipmentFile(await xlsx([["foo"], ["x"]]))).toMatchObject({ ok: false, error: "adminOrders:import.missingColumns" });

    const bad = await readShipmentFile(
      await xlsx([SHIPMENT_COLUMNS.map((c) => c.en), row(l1.line_no, 5), row(l2.line_no, l2.qty + 1), ["SO-NOPE", 10, 1, inDays(0), "a", "b", "c", "d"]]),
    );
    expect(bad.ok).toBe(true);
    if (!bad.ok) return;
    const before = await db
      .selectFrom("shipment")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const refused = await importShipments(db, staff, newSubmitToken(), bad.rows);
    expect(refused).toMatchObject({
      ok: false,
      problems: [
        { row: 3, column: "qty", key: "adminOrders:import.overOpen" },
        { row: 4, column: "orderNo", key: "adminOrders:import.orderUnknown" },
      ],
    });
    expect(
      Number(
        (
          await db
            .selectFrom("shipment")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(Number(before.n));
    expect((await getDeskOrder(db, staff, no))!.lines.every((l) => l.shipped_qty === 0)).toBe(true);
    // another entity's staff cannot import into this order
    expect(await importShipments(db, staffOther, newSubmitToken(), [{ ...bad.rows[0] }])).toMatchObject({
      ok: false,
      problems: [{ key: "adminOrders:import.orderUnknown" }],
    });

    // two rows of the same line that together are more than open: refused as well
    const twice = await readShipmentFile(await xlsx([head, row(l1.line_no, l1.qty), row(l1.line_no, 1)]));
    if (!twice.ok) throw new Error("readable");
    expect(await importShipments(db, staff, newSubmitToken(), twice.rows)).toMatchObject({ ok: false, problems: [{ row: 3, column: "qty" }] });

    const good = await readShipmentFile(await xlsx([head, row(l1.line_no, 10), row(l2.line_no, 1, new Date(`${inDays(0)}T00:00:00Z`))]));
    if (!good.ok) throw new Error(JSON.stringify(good));
    const token = newSubmitToken();
    expect(await importShipments(db, staff, token, good.rows)).toMatchObject({ ok: true, shipments: 2, orders: 1 });
    expect(await importShipments(db, staff, token, good.rows)).toMatchObject({ ok: true, already: true });
    expect((await bigFirst(no)).map((l) => l.shipped_qty)).toEqual([10, 1]);
    expect((await listDeliveries(db, fx.a, { orderNo: no, page: 1, pageSize: 20 })).total).toBe(2);
    expect((await notices(no)).filter((n) => n.type === "delivery")).toHaveLength(1);
    expect(await status(no)).toBe("partly_shipped");

    // one file with two shipments (two packing slips) of the same order: both go in, and the last leaves nothing open
    const [b1, b2] = await bigFirst(no);
    const rest = await readShipmentFile(
      await xlsx([
        head,
        [no, b1.line_no, b1.qty - b1.shipped_qty, inDays(0), "顺丰", "SF2", "PS10", "B10"],
        [no, b2.line_no, b2.qty - b2.shipped_qty, inDays(0), "顺丰", "SF3", "PS11", "B11"],
      ]),
    );
    if (!rest.ok) throw new Error(JSON.stringify(rest));
    expect(await importShipments(db, staff, newSubmitToken(), rest.rows)).toMatchObject({ ok: true, shipments: 2, orders: 1 });
    expect(await status(no)).toBe("shipped");
  });
});
