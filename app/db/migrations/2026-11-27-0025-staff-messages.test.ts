import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { grantedFunctionCodes } from "~/modules/admin/menus.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { addMessageMenu } from "./2026-11-27-0025-staff-messages";

/** Migration 0025 on a database seeded before it: the dealer-messages page appears for the desk, editors and administrators. */
describe.each(testDatabases())("the dealer-messages page on $name", ({ seeded }) => {
  let db: DB;
  beforeAll(async () => {
    db = await freshDb(await seeded({ products: 20 }));
  });
  afterAll(async () => db?.destroy());

  it("is added once, with its codes granted to the seed's roles and to no other", async () => {
    // the database as it was before: no page
    const codes = ["msg:message:view", "msg:message:send"];
    const rows = db
      .selectFrom("menu")
      .select("id")
      .where((eb) => eb.or([eb("func_code", "in", codes), eb("name", "=", "dealerMessages")]));
    await db.deleteFrom("role_menu").where("menu_id", "in", rows).execute();
    await db.deleteFrom("menu").where("func_code", "in", codes).execute();
    await db.deleteFrom("menu").where("name", "=", "dealerMessages").execute();
    expect([...(await grantedFunctionCodes(db, ["order_desk"]))]).not.toContain("msg:message:send");

    await addMessageMenu(db);
    await addMessageMenu(db); // once only
    expect(await db.selectFrom("menu").select("id").where("name", "=", "dealerMessages").execute()).toHaveLength(1);
    for (const role of ["admin", "order_desk", "content_editor"]) expect([...(await grantedFunctionCodes(db, [role]))]).toEqual(expect.arrayContaining(codes));
    for (const role of ["support_staff", "customer_master"]) expect([...(await grantedFunctionCodes(db, [role]))]).not.toContain("msg:message:view");
  });
});
