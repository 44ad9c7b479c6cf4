import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { allColumns, getColumns, pickColumns, saveColumns } from "./columns.server";

describe("picking columns (pure)", () => {
  it.each([
    [
      ["status", "payable", "bogus"],
      ["orderNo", "status", "payable"],
    ],
    [
      ["payable", "status"],
      ["orderNo", "status", "payable"],
    ], // the table's order
    [[], ["orderNo", "poNo", "status", "date", "user", "items", "payable", "deliveryDate"]], // nothing: the defaults
    [["orderNo"], ["orderNo", "poNo", "status", "date", "user", "items", "payable", "deliveryDate"]],
    [["<script>"], ["orderNo", "poNo", "status", "date", "user", "items", "payable", "deliveryDate"]],
  ])("orders %j → %j", (chosen, shown) => {
    expect(pickColumns("order_list", chosen)).toEqual(shown);
  });

  it("delivery records show every column until chosen, and always the order number", () => {
    expect(pickColumns("delivery_records", [])).toHaveLength(9);
    expect(pickColumns("delivery_records", ["trackingNo", "shipDate"])).toEqual(["shipDate", "orderNo", "trackingNo"]);
  });
});

/** One mechanism for every table's columns (decision 053): kept per user and per module. */
describe.each(testDatabases())("column choices on $name", ({ seeded }) => {
  let db: DB;
  const users: Record<string, number> = {};
  withFreshDb(
    () => seeded({ products: 20 }),
    async (fresh) => {
      db = fresh;
      for (const code of ["XCD000001", "XCD000002"])
        users[code] = (await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
    },
  );

  it("keeps each user's choice per module; saving twice leaves one row", async () => {
    const a = users.XCD000001;
    await saveColumns(db, a, "delivery_records", ["trackingNo"]);
    await saveColumns(db, a, "delivery_records", ["trackingNo"]);
    await saveColumns(db, a, "order_list", ["shipping"]);
    expect(await getColumns(db, a, "delivery_records")).toEqual(["orderNo", "trackingNo"]);
    expect(await getColumns(db, a, "order_list")).toEqual(["orderNo", "shipping"]);
    expect(await getColumns(db, users.XCD000002, "delivery_records")).toHaveLength(9);
    expect(await allColumns(db, a)).toEqual({ order_list: ["orderNo", "shipping"], delivery_records: ["orderNo", "trackingNo"] });
    const rows = await db.selectFrom("user_module_field").selectAll().where("user_id", "=", a).execute();
    expect(rows).toHaveLength(2);
  });

  it("a damaged stored value reads as the defaults", async () => {
    const b = users.XCD000002;
    await db.insertInto("user_module_field").values({ user_id: b, module: "order_list", fields: "{not json" }).execute();
    expect(await getColumns(db, b, "order_list")).toEqual(pickColumns("order_list", []));
  });
});
