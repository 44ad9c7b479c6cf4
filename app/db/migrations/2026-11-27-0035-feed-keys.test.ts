import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { grantedFunctionCodes } from "~/modules/admin/menus.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { addKeyMenu } from "./2026-11-27-0035-feed-keys";

/** Migration 0035 on a database seeded before it: the API key page appears for master accounts only. */
describe.each(testDatabases())("the API key page on $name", ({ seeded }) => {
  let db: DB;
  beforeAll(async () => {
    db = await freshDb(await seeded({ products: 20 }));
  });
  afterAll(async () => db?.destroy());

  it("is added once, with its code granted to the customer master role and to no other", async () => {
    // the database as it was before: no page
    const rows = db
      .selectFrom("menu")
      .select("id")
      .where((eb) => eb.or([eb("func_code", "=", "feed:key:edit"), eb("name", "=", "apiKeys")]));
    await db.deleteFrom("role_menu").where("menu_id", "in", rows).execute();
    await db.deleteFrom("menu").where("func_code", "=", "feed:key:edit").execute();
    await db.deleteFrom("menu").where("name", "=", "apiKeys").execute();
    expect([...(await grantedFunctionCodes(db, ["customer_master"]))]).not.toContain("feed:key:edit");

    await addKeyMenu(db);
    await addKeyMenu(db); // once only
    expect(await db.selectFrom("menu").select("id").where("name", "=", "apiKeys").execute()).toHaveLength(1);
    expect([...(await grantedFunctionCodes(db, ["customer_master"]))]).toContain("feed:key:edit");
    for (const role of ["customer_sub", "customer_support", "admin"]) expect([...(await grantedFunctionCodes(db, [role]))]).not.toContain("feed:key:edit");
  });
});
