import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { seedDemoData } from "~/db/seed/seed.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { getRole, saveRole } from "./roles.server";

/** The administrator role stays what keeps the back office repairable (issue 26 §7e). */
describe.each(testDatabases())("the administrator role on $name", ({ url }) => {
  let db: DB;
  const actor = { id: 0, code: "EMP000001", tenantId: null };
  beforeAll(async () => {
    db = await freshDb(await url());
    await seedDemoData(db, { products: 20 });
  });
  afterAll(async () => db?.destroy());

  it("keeps its code, its staff kind and the rights to maintain users and roles; other grants may change", async () => {
    const id = (await db.selectFrom("role").select("id").where("code", "=", "admin").executeTakeFirstOrThrow()).id;
    const role = await getRole(db, id);
    const input = { code: "admin", nameZh: role.name_zh, nameEn: role.name_en, isCustomer: false, menuIds: role.menuIds };
    const userEdit = (await db.selectFrom("menu").select("id").where("func_code", "=", "sys:user:edit").executeTakeFirstOrThrow()).id;
    const audit = (await db.selectFrom("menu").select("id").where("func_code", "=", "sys:audit:view").executeTakeFirst())?.id;
    expect(await saveRole(db, actor, id, { ...input, code: "superuser" })).toEqual({ ok: false, error: { key: "admin:role.adminFixed" } });
    expect(await saveRole(db, actor, id, { ...input, isCustomer: true })).toEqual({ ok: false, error: { key: "admin:role.adminFixed" } });
    expect(await saveRole(db, actor, id, { ...input, menuIds: role.menuIds.filter((m) => m !== userEdit) })).toEqual({
      ok: false,
      error: { key: "admin:role.adminFixed" },
    });
    expect((await getRole(db, id)).menuIds).toEqual(role.menuIds);
    if (audit) expect(await saveRole(db, actor, id, { ...input, menuIds: role.menuIds.filter((m) => m !== audit) })).toEqual({ ok: true, value: id });
    expect((await getRole(db, id)).code).toBe("admin");
  });
});
