import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { addToCart } from "~/modules/cart/cart.server";
import { NotFoundError } from "~/modules/errors";
import { newSubmitToken, submitOrder } from "~/modules/orders/submit.server";
import { inDays, makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { type StaffActor } from "./requests.server";
import { latestEnd, nextReservationStatus, RESERVATION_EVENTS, RESERVATION_STATUSES } from "./reservation-status";
import {
  approveReservation,
  createReservation,
  getDealerReservation,
  getStaffReservation,
  listDealerReservations,
  refuseReservation,
  releaseExpired,
  releaseReservation,
  reservedForCustomer,
  withdrawReservation,
} from "./reservations.server";
import { shopToday } from "~/i18n/format";

const day = (offset: number) => shopToday(new Date(Date.now() + offset * 86_400_000));

describe("the reservation state machine", () => {
  it("moves only along its arrows", () => {
    const allowed = new Set(["submitted:approve", "submitted:refuse", "submitted:withdraw", "approved:release"]);
    for (const s of RESERVATION_STATUSES) for (const e of RESERVATION_EVENTS) expect(nextReservationStatus(s, e) !== null).toBe(allowed.has(`${s}:${e}`));
  });
  it("allows twelve months at most", () => {
    expect(latestEnd("2026-01-01")).toBe("2026-12-31");
    expect(latestEnd("2026-03-31")).toBe("2027-03-30");
    expect(latestEnd("2028-02-29")).toBe("2029-02-27");
  });
});

describe.each(testDatabases())("stock reservations on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let other: Fixture;
  let staff: StaffActor;
  let code: string;

  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    other = await makeFixture(db);
    staff = { id: fx.a.id, code: "EMP000003", tenantId: fx.tenantId };
    code = (await db.selectFrom("product").select("ordering_code").where("id", "=", fx.products.holder).executeTakeFirstOrThrow()).ordering_code;
  });

  const input = (qty: number, token = newSubmitToken()) => ({
    token,
    endCustomer: "宁波某汽车零部件厂",
    project: "转向节批量加工",
    startsOn: day(0),
    endsOn: day(90),
    lines: [{ code: code.toLowerCase(), qty }],
  });
  const stock = async (productId = fx.products.holder) =>
    db
      .selectFrom("stock")
      .select(["available", "project_reserved", "reserved"])
      .where("tenant_id", "=", fx.tenantId)
      .where("product_id", "=", productId)
      .executeTakeFirstOrThrow();
  const setStock = (available: number) =>
    db
      .updateTable("stock")
      .set({ available, project_reserved: 0, reserved: 0 })
      .where("tenant_id", "=", fx.tenantId)
      .where("product_id", "=", fx.products.holder)
      .execute();
  const lineOf = async (id: number) => (await getStaffReservation(db, staff, id)).lines[0];
  const filed = async (qty: number) => {
    const r = await createReservation(db, fx.a, input(qty));
    if (!r.ok) throw new Error(r.error.key);
    return r.value.id;
  };

  it("checks the request: known codes, quantities, a period from today of twelve months at most", async () => {
    expect(await createReservation(db, fx.a, { ...input(1), lines: [] })).toEqual({ ok: false, error: { key: "support:request.noLines" } });
    expect(await createReservation(db, fx.a, { ...input(1), lines: [{ code: "NOPE-1", qty: 1 }] })).toEqual({
      ok: false,
      error: { key: "support:request.unknownCode" },
    });
    expect(await createReservation(db, fx.a, input(0))).toEqual({ ok: false, error: { key: "support:reserve.qtyRange" } });
    expect(await createReservation(db, fx.a, { ...input(1), startsOn: day(-1) })).toEqual({ ok: false, error: { key: "support:reserve.startPast" } });
    expect(await createReservation(db, fx.a, { ...input(1), endsOn: day(-1) })).toEqual({ ok: false, error: { key: "support:reserve.periodOrder" } });
    expect(await createReservation(db, fx.a, { ...input(1), endsOn: day(400) })).toEqual({ ok: false, error: { key: "support:reserve.periodTooLong" } });
  });

  it("files a double post once; another customer or entity finds nothing", async () => {
    const token = newSubmitToken();
    const [a, b] = await Promise.all([createReservation(db, fx.a, input(5, token)), createReservation(db, fx.a, input(5, token))]);
    expect(a).toEqual(b);
    if (!a.ok) throw new Error("not filed");
    expect(a.value.reservationNo).toMatch(/^BK\d{11}$/);
    const mine = await listDealerReservations(db, fx.a);
    expect(mine.rows.filter((r) => r.id === a.value.id)).toHaveLength(1);
    await expect(getDealerReservation(db, fx.b, a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getDealerReservation(db, other.a, a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getStaffReservation(db, { ...staff, tenantId: other.tenantId }, a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await withdrawReservation(db, fx.a, a.value.id)).toEqual({ ok: true, value: { status: "withdrawn" } });
    expect(await withdrawReservation(db, fx.a, a.value.id)).toEqual({ ok: false, error: { key: "support:request.wrongState" } });
  });

  it("approval reserves the approved quantity (possibly less) once; release gives back what was not ordered", async () => {
    await setStock(100);
    const id = await filed(30);
    expect(await approveReservation(db, staff, id, new Map([[(await lineOf(id)).id, 31]]))).toEqual({
      ok: false,
      error: { key: "support:reserve.approveRange" },
    });
    expect(await approveReservation(db, staff, id, new Map())).toEqual({ ok: false, error: { key: "support:reserve.approveNothing" } });
    const line = (await lineOf(id)).id;
    const [x, y] = await Promise.all([approveReservation(db, staff, id, new Map([[line, 20]])), approveReservation(db, staff, id, new Map([[line, 20]]))]);
    expect([x.ok, y.ok].sort()).toEqual([false, true]);
    expect(await stock()).toMatchObject({ available: 80, project_reserved: 20 });
    expect(await lineOf(id)).toMatchObject({ qty: 30, approved_qty: 20, remaining: 20 });
    const notices = await db.selectFrom("notice").select("type").where("detail_id", "=", id).where("type", "=", "stock_reservation").execute();
    expect(notices).toHaveLength(1);
    expect(await reservedForCustomer(db, fx.a, [fx.products.holder])).toEqual(new Map([[fx.products.holder, 20]]));
    expect(await reservedForCustomer(db, fx.b, [fx.products.holder])).toEqual(new Map());

    expect(await refuseReservation(db, staff, id, "迟了")).toEqual({ ok: false, error: { key: "support:request.wrongState" } });
    const [r1, r2] = await Promise.all([
      releaseReservation(db, { cause: "staff", actor: staff }, id),
      releaseReservation(db, { cause: "staff", actor: staff }, id),
    ]);
    expect([r1.ok, r2.ok].sort()).toEqual([false, true]);
    expect(await stock()).toMatchObject({ available: 100, project_reserved: 0 });
    expect(await lineOf(id)).toMatchObject({ released_qty: 20, remaining: 0 });
    const audit = await db.selectFrom("audit_log").select("entity_id").where("entity", "=", "stock_reservation").execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses when the stock is short, changing nothing; concurrent approvals never oversell", async () => {
    await setStock(50);
    const ids = [await filed(30), await filed(30)];
    const results = await Promise.all(ids.map(async (id) => approveReservation(db, staff, id, new Map([[(await lineOf(id)).id, 30]]))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: { key: "support:reserve.stockShort", values: { code } } });
    expect(await stock()).toMatchObject({ available: 20, project_reserved: 30 });
    const refusedId = ids[results.findIndex((r) => !r.ok)];
    expect((await getStaffReservation(db, staff, refusedId)).status).toBe("submitted");
    expect(await refuseReservation(db, staff, refusedId, " ")).toEqual({ ok: false, error: { key: "support:request.reasonRequired", field: "reason" } });
    expect(await refuseReservation(db, staff, refusedId, "库存不足")).toEqual({ ok: true, value: { status: "refused" } });
    await releaseReservation(db, { cause: "staff", actor: staff }, ids[results.findIndex((r) => r.ok)]);
    expect(await stock()).toMatchObject({ available: 50, project_reserved: 0 });
  });

  it("the customer's orders draw on the reservation first; the rest goes back on release by the dealer", async () => {
    await setStock(25);
    const id = await filed(20);
    expect((await approveReservation(db, staff, id, new Map([[(await lineOf(id)).id, 20]]))).ok).toBe(true);
    expect(await stock()).toMatchObject({ available: 5, project_reserved: 20 });
    // another customer sees and may order only the 5 left
    expect((await addToCart(db, fx.b, { productId: fx.products.holder, qty: 6 })).ok).toBe(true);
    const refused = await submitOrder(db, fx.b, {
      token: newSubmitToken(),
      addressId: fx.addressB,
      paymentMethod: "prepayment",
      expectedDeliveryDate: inDays(10),
    });
    expect(refused.ok).toBe(false);
    await db.deleteFrom("cart_item").where("user_id", "=", fx.b.id).execute();
    // the dealer orders 12: all from the reservation
    expect((await addToCart(db, fx.a, { productId: fx.products.holder, qty: 12 })).ok).toBe(true);
    const order = await submitOrder(db, fx.a, {
      token: newSubmitToken(),
      addressId: fx.addressA,
      paymentMethod: "prepayment",
      expectedDeliveryDate: inDays(10),
    });
    expect(order.ok).toBe(true);
    expect(await stock()).toMatchObject({ available: 5, project_reserved: 8, reserved: 12 });
    const seen = await getDealerReservation(db, fx.a, id);
    expect(seen.lines[0]).toMatchObject({ ordered_qty: 12, remaining: 8 });
    expect(seen.uses).toEqual([expect.objectContaining({ order_no: order.ok ? order.orderNo : "", qty: 12 })]);
    // then 10 more: 8 from the reservation, 2 from the free stock
    expect((await addToCart(db, fx.a, { productId: fx.products.holder, qty: 10 })).ok).toBe(true);
    expect(
      (await submitOrder(db, fx.a, { token: newSubmitToken(), addressId: fx.addressA, paymentMethod: "prepayment", expectedDeliveryDate: inDays(10) })).ok,
    ).toBe(true);
    expect(await stock()).toMatchObject({ available: 3, project_reserved: 0, reserved: 22 });
    expect(await releaseReservation(db, { cause: "dealer", dealer: fx.a }, id)).toMatchObject({ ok: true, value: { released: 0 } });
    expect(await stock()).toMatchObject({ available: 3, project_reserved: 0 });
  });

  it("releases a reservation after its end date", async () => {
    await setStock(40);
    const id = await filed(10);
    expect((await approveReservation(db, staff, id, new Map([[(await lineOf(id)).id, 10]]))).ok).toBe(true);
    expect(await releaseExpired(db, new Date(Date.now() + 89 * 86_400_000), { tenantId: fx.tenantId })).toBe(0);
    // every serving process sweeps (server.ts): two sweeps at once release it once
    const later = new Date(Date.now() + 92 * 86_400_000);
    const swept = await Promise.all([releaseExpired(db, later, { tenantId: fx.tenantId }), releaseExpired(db, later)]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await stock()).toMatchObject({ available: 40, project_reserved: 0 });
    const r = await getStaffReservation(db, staff, id);
    expect(r).toMatchObject({ status: "released", release_cause: "expired" });
  });
});
