import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { OPEN_STATUSES } from "~/modules/orders/status";
import { deskCounts, ordersPerDay, topProducts } from "./dashboard.server";

/**
 * The dashboard's figures against the same figures computed from the raw rows in JavaScript, on
 * the demo data plus two orders placed around midnight in China (16:00 UTC).
 */
describe.each(testDatabases())("dashboard figures on $name", ({ seeded }) => {
  let db: DB;
  let tenantId: number;
  const now = new Date("2026-11-25T10:00:00Z");

  withFreshDb(
    () => seeded({ products: 60 }),
    async (fresh) => {
      db = fresh;
      tenantId = (await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirstOrThrow()).id;
      const template = await db
        .selectFrom("sales_order")
        .selectAll()
        .where("tenant_id", "=", tenantId)
        .where("status", "=", "confirmed")
        .executeTakeFirstOrThrow();
      const { id: _id, ...row } = template;
      // 23:59 on 24 Nov and 00:01 on 25 Nov in China
      for (const [no, at, amount] of [
        ["SO-EDGE-1", "2026-11-24T15:59:00.000Z", 1_000],
        ["SO-EDGE-2", "2026-11-24T16:01:00.000Z", 2_000],
      ] as const) {
        await db
          .insertInto("sales_order")
          .values({ ...row, order_no: no, created_at: at, payable_amount: amount } as never)
          .execute();
      }
    },
  );

  it("counts orders and amounts per China day, every one of the 90 days present, drafts and cancelled orders left out", async () => {
    const days = await ordersPerDay(db, tenantId, now);
    expect(days).toHaveLength(90);
    expect(days[89].day).toBe("2026-11-25");
    expect(days[0].day).toBe("2026-08-28");

    const rows = await db.selectFrom("sales_order").select(["created_at", "status", "payable_amount"]).where("tenant_id", "=", tenantId).execute();
    const expected = new Map(days.map((d) => [d.day, { orders: 0, amount: 0 }]));
    for (const r of rows) {
      if (r.status === "to_be_submitted" || r.status === "cancelled") continue;
      const day = new Date(Date.parse(r.created_at) + 8 * 3_600_000).toISOString().slice(0, 10);
      const e = expected.get(day);
      if (e) {
        e.orders += 1;
        e.amount += r.payable_amount;
      }
    }
    expect(days.map((d) => [d.day, d.orders, d.amount])).toEqual([...expected].map(([day, e]) => [day, e.orders, e.amount]));
    expect(days.reduce((n, d) => n + d.orders, 0)).toBeGreaterThan(2);

    const edge = new Map(days.map((d) => [d.day, d]));
    const only = async (no: string) => db.deleteFrom("sales_order").where("order_no", "=", no).execute();
    const before = { d24: edge.get("2026-11-24")!.amount, d25: edge.get("2026-11-25")!.amount };
    await only("SO-EDGE-2");
    const after = new Map((await ordersPerDay(db, tenantId, now)).map((d) => [d.day, d]));
    expect(after.get("2026-11-25")!.amount).toBe(before.d25 - 2_000); // 00:01 China time belongs to the 25th
    expect(after.get("2026-11-24")!.amount).toBe(before.d24);
  });

  it("counts the desk's queue and the orders still to ship", async () => {
    const counts = await deskCounts(db, tenantId);
    const waiting = await db.selectFrom("sales_order").select("id").where("tenant_id", "=", tenantId).where("status", "=", "to_be_confirmed").execute();
    expect(counts.toBeConfirmed).toBe(waiting.length);
    expect(counts.toBeConfirmed).toBeGreaterThan(0);
    const open = await db
      .selectFrom("sales_order as o")
      .innerJoin("order_line as l", "l.order_id", "o.id")
      .select(["o.id", "o.status", "l.qty", "l.shipped_qty"])
      .where("o.tenant_id", "=", tenantId)
      .execute();
    const openIds = new Set(open.filter((r) => (OPEN_STATUSES as readonly string[]).includes(r.status) && r.shipped_qty < r.qty).map((r) => r.id));
    expect(counts.openDeliveries).toBe(openIds.size);
  });

  it("ranks products by amount over the chart's China days", async () => {
    const top = await topProducts(db, tenantId, now);
    expect(top.length).toBeGreaterThan(0);
    for (let i = 1; i < top.length; i++) expect(top[i - 1].amount).toBeGreaterThanOrEqual(top[i].amount);
    const lines = await db
      .selectFrom("order_line as l")
      .innerJoin("sales_order as o", "o.id", "l.order_id")
      .select(["l.amount", "l.qty", "o.status", "o.created_at"])
      .where("o.tenant_id", "=", tenantId)
      .where("l.ordering_code", "=", top[0].ordering_code)
      .execute();
    // the chart's first day, 2026-08-28, from 00:00 China time (16:00 UTC the day before)
    const since = "2026-08-27T16:00:00.000Z";
    const counted = lines.filter((l) => l.status !== "to_be_submitted" && l.status !== "cancelled" && l.created_at >= since);
    expect(top[0].amount).toBe(counted.reduce((n, l) => n + l.amount, 0));
    expect(top[0].qty).toBe(counted.reduce((n, l) => n + l.qty, 0));
  });
});
