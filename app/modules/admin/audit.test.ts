import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { auditChanges, auditUsers, listAudit, readAudit, recordAudit, type Actor } from "./audit.server";

/**
 * The audit log as people read it (issue 29 item 10): China days in the date filter, 20 entries a
 * page, who by name, a readable action key, the object with its page, and before → after field by
 * field. Entries are dated in 2020 so that the demo data's own entries never fall in the filters.
 */
describe.each(testDatabases())("the audit log on $name", ({ seeded }) => {
  let db: DB;
  let desk: Actor;
  let admin: Actor;
  let orderNo: string;
  let roleId: number;

  withFreshDb(
    () => seeded({ products: 60 }),
    async (fresh) => {
      db = fresh;
      const user = async (code: string) => {
        const u = await db.selectFrom("app_user").select(["id", "code"]).where("code", "=", code).executeTakeFirstOrThrow();
        return { id: u.id, code: u.code, tenantId: null };
      };
      desk = await user("EMP000002");
      admin = await user("EMP000001");
      orderNo = (await db.selectFrom("sales_order").select("order_no").executeTakeFirstOrThrow()).order_no;
      roleId = (await db.selectFrom("role").select("id").where("code", "=", "order_desk").executeTakeFirstOrThrow()).id;
      // 23:59 on 1 March 2020 in China, then 00:01 on 2 March
      await recordAudit(
        db,
        desk,
        { action: "update", entity: "sales_order", entityId: orderNo, before: { status: "to_be_confirmed" }, after: { status: "confirmed", event: "confirm" } },
        new Date("2020-03-01T15:59:00Z"),
      );
      await recordAudit(
        db,
        desk,
        { action: "create", entity: "shipment", entityId: 987654, after: { orderNo, line: 1, qty: 3, carrier: "顺丰速运" } },
        new Date("2020-03-01T16:01:00Z"),
      );
      await recordAudit(
        db,
        admin,
        {
          action: "update",
          entity: "role",
          entityId: roleId,
          before: { name_zh: "订单", name_en: "Desk", sort: 1 },
          after: { name_zh: "订单处理", name_en: "Desk", sort: 1 },
        },
        new Date("2020-03-02T02:00:00Z"),
      );
      // 25 entries of one made-up kind, a minute apart, for the pager
      for (let i = 0; i < 25; i++) {
        await recordAudit(db, admin, { action: "create", entity: "test_kind", entityId: `T${i}`, after: { n: i } }, new Date(Date.UTC(2020, 0, 10, 0, i)));
      }
    },
  );

  const ids = async (filter: Parameters<typeof listAudit>[1], page = 1) => (await listAudit(db, filter, page)).rows.map((r) => r.entity_id);

  it("filters by China days: 23:59 belongs to the first day, 00:01 to the next", async () => {
    expect(await ids({ from: "2020-03-01", to: "2020-03-01" })).toEqual([orderNo]);
    expect(await ids({ from: "2020-03-02", to: "2020-03-02" })).toEqual([String(roleId), "987654"]);
    expect(await ids({ from: "2020-03-01", to: "2020-03-02" })).toHaveLength(3);
    expect(await ids({ to: "2020-02-29", entity: "sales_order" })).toEqual([]);
  });

  it("filters by who, kind, action and object; an order's number finds its shipments too", async () => {
    const march = { from: "2020-03-01", to: "2020-03-02" };
    expect(await ids({ ...march, userCode: "emp000002" })).toEqual(["987654", orderNo]);
    expect(await ids({ ...march, userCode: "EMP000001" })).toEqual([String(roleId)]);
    expect(await ids({ ...march, entity: "role" })).toEqual([String(roleId)]);
    expect(await ids({ ...march, action: "create" })).toEqual(["987654"]);
    expect(await ids({ ...march, entityId: orderNo })).toEqual(["987654", orderNo]);
    expect(await ids({ ...march, entityId: "%" })).toEqual([]);
    expect((await auditUsers(db)).map((u) => u.code)).toEqual(expect.arrayContaining(["EMP000001", "EMP000002"]));
  });

  it("pages 20 at a time, newest first, every entry once", async () => {
    const first = await listAudit(db, { entity: "test_kind" }, 1);
    const second = await listAudit(db, { entity: "test_kind" }, 2);
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    expect(second.rows).toHaveLength(5);
    expect(first.rows[0].entity_id).toBe("T24");
    expect([...first.rows, ...second.rows].map((r) => r.entity_id)).toEqual(Array.from({ length: 25 }, (_, i) => `T${24 - i}`));
  });

  it("reads an entry: who by name, the order's step as the action, the object with its page, before → after", async () => {
    const { rows } = await listAudit(db, { from: "2020-03-01", to: "2020-03-02" }, 1);
    const [role, shipment, confirm] = await readAudit(db, rows);
    expect(confirm).toMatchObject({
      userCode: "EMP000002",
      actionKey: "sales_order.confirm",
      object: { code: orderNo, href: `/system/orders/${orderNo}` },
      changes: [{ field: "status", before: "to_be_confirmed", after: "confirmed" }],
    });
    expect(confirm.userName).toBeTruthy();
    expect(shipment).toMatchObject({ actionKey: "shipment.create", object: { code: orderNo, href: `/system/orders/${orderNo}` } });
    expect(shipment.changes).toEqual([
      { field: "orderNo", before: null, after: orderNo },
      { field: "line", before: null, after: "1" },
      { field: "qty", before: null, after: "3" },
      { field: "carrier", before: null, after: "顺丰速运" },
    ]);
    // only what changed; the role by its code and names, linked
    expect(role).toMatchObject({ actionKey: "role.update", object: { code: "order_desk", href: `/system/role/${roleId}` } });
    expect(role.object.name_zh).toBeTruthy();
    expect(role.changes).toEqual([{ field: "name_zh", before: "订单", after: "订单处理" }]);
    const [made] = await readAudit(db, (await listAudit(db, { entity: "test_kind" }, 1)).rows);
    expect(made.object).toEqual({ code: "T24" }); // a kind without a page keeps its id
  });
});

describe("before → after, field by field", () => {
  it("a removed object lists what it had; values that are not objects read as one field; long texts are cut", () => {
    expect(auditChanges({ code: "A", id: 3, updated_at: "x" }, undefined)).toEqual([{ field: "code", before: "A", after: null }]);
    expect(auditChanges(undefined, 5)).toEqual([{ field: "value", before: null, after: "5" }]);
    expect(auditChanges({ lines: [{ line: 1, to: "2026-12-01" }] }, { lines: [] })).toEqual([
      { field: "lines", before: "line: 1, to: 2026-12-01", after: null },
    ]);
    const long = auditChanges(undefined, { body: "长".repeat(500) })[0].after!;
    expect(long.length).toBe(201);
    expect(long.endsWith("…")).toBe(true);
  });
});
