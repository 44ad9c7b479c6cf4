import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { reusableQuery } from "~/db/reusable.server";
import { freshDb, testDatabases } from "../helpers/db";

// The queries compiled once (docs/decisions/036) must answer exactly as Kysely's own, call after call.
describe.each(testDatabases())("queries compiled once, on $name", ({ url }) => {
  let db: DB;
  const ids: number[] = [];
  beforeAll(async () => {
    db = await freshDb(await url());
    for (const [i, code] of ["CNMG120408-DM YBC252", "WNMG080408-PM YBC152", "APMT1604PDER-DM YBG202", "SNMG120408-DR YBC352"].entries()) {
      const row = await db
        .insertInto("product")
        .values({
          ordering_code: code, search_code: code.replace(/[\s.-]/g, ""), catalogue_code: i % 2 ? "L4-B" : "L4-A", kind: "turning_insert",
          name_zh: "刀片", name_en: "Insert", specification: "", material_groups: "P", attributes: "{}", list_price: 1000 * (i + 1),
          mpq: 10, moq: 10, unit: "pc", status: "active", is_new: 0, is_hot: 0, updated_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const productsOf = reusableQuery((db, catalogue: string, productIds: number[], minPrice: number) =>
    db.selectFrom("product").select(["id", "ordering_code", "list_price"])
      .where("catalogue_code", "=", catalogue).where("id", "in", productIds).where("list_price", ">=", minPrice).where("status", "=", "active")
      .orderBy("id"),
  );

  it("answers as the same Kysely query would, for each call's values and list lengths", async () => {
    const calls: [string, number[], number][] = [
      ["L4-A", ids, 0],
      ["L4-B", ids, 0],
      ["L4-A", ids, 2000],
      ["L4-B", [ids[1]], 0],
      ["L4-A", ids.slice(0, 3), 0],
      ["L4-A", [ids[0], ids[2]], 1500],
      ["L4-C", ids, 0],
    ];
    for (const [catalogue, productIds, minPrice] of calls) {
      const expected = await db.selectFrom("product").select(["id", "ordering_code", "list_price"])
        .where("catalogue_code", "=", catalogue).where("id", "in", productIds).where("list_price", ">=", minPrice).where("status", "=", "active")
        .orderBy("id").execute();
      expect(await productsOf(db, catalogue, productIds, minPrice)).toEqual(expected);
    }
    expect((await productsOf(db, "L4-A", ids, 2000)).map((r) => r.ordering_code)).toEqual(["APMT1604PDER-DM YBG202"]);
  });

  it("refuses a query that does not use every argument as a value", async () => {
    const unused = reusableQuery((db, id: number, _label: string) => db.selectFrom("product").select("id").where("id", "=", id));
    await expect(unused(db, ids[0], "x")).rejects.toThrow(/every argument/);
  });
});
