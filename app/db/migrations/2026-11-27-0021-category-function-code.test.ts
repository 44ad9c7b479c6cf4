import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { grantedFunctionCodes } from "~/modules/admin/menus.server";
import { bumpVersion } from "~/modules/admin/versions.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { addCategoryFunctionCode } from "./2026-11-27-0021-category-function-code";

/** Migration 0021 on a database seeded before it: the categories page gains its own code, for the roles that hold the page. */
describe.each(testDatabases())("the categories' function code on $name", ({ seeded }) => {
  let db: DB;
  beforeAll(async () => {
    db = await freshDb(await seeded({ products: 20 }));
  });
  afterAll(async () => db?.destroy());

  it("is added once, granted to every role holding the page and to no other, and seen at once", async () => {
    // the database as it was before: the page without a code of its own, a custom role holding the page
    await db
      .deleteFrom("role_menu")
      .where("menu_id", "in", db.selectFrom("menu").select("id").where("func_code", "=", "cms:category:edit"))
      .execute();
    await db.deleteFrom("menu").where("func_code", "=", "cms:category:edit").execute();
    const page = await db.selectFrom("menu").select("id").where("name", "=", "bulletinCatalog").executeTakeFirstOrThrow();
    const custom = await db
      .insertInto("role")
      .values({ code: "category_keeper", name_zh: "分类维护", name_en: "Category keeper", is_customer: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("role_menu").values({ role_id: custom.id, menu_id: page.id }).execute();
    await bumpVersion(db, "menu");
    expect(await grantedFunctionCodes(db, ["content_editor"])).not.toContain("cms:category:edit");

    await addCategoryFunctionCode(db);
    await addCategoryFunctionCode(db); // once only
    expect(await db.selectFrom("menu").select("id").where("func_code", "=", "cms:category:edit").execute()).toHaveLength(1);
    for (const role of ["admin", "content_editor", "category_keeper"]) expect(await grantedFunctionCodes(db, [role])).toContain("cms:category:edit");
    for (const role of ["order_desk", "support_staff", "customer_master"]) expect(await grantedFunctionCodes(db, [role])).not.toContain("cms:category:edit");
  });
});
