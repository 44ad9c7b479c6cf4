import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { getRole, saveRole } from "./roles.server";

/** Roles: the administrator role stays what keeps the back office repairable (issue 26 §7e); grants follow the menu tree. */
describe.each(testDatabases())("roles on $name", ({ seeded }) => {
  let db: DB;
  const actor = { id: 0, code: "EMP000001", tenantId: null };
  beforeAll(async () => {
    db = await freshDb(await seeded({ products: 20 }));
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

  // the role editor's "whole group" box grants a top-level menu with everything under it (issue 29 §14)
  it("a whole group brings every menu and function code under it; a ticked function code brings its menus along", async () => {
    const menus = await db.selectFrom("menu").select(["id", "parent_id", "func_code", "area"]).execute();
    const desk = menus.find(
      (m) =>
        m.parent_id === null &&
        m.area === "admin" &&
        menus.some((c) => c.parent_id === m.id && menus.some((f) => f.parent_id === c.id && f.func_code === "ord:order:edit")),
    )!;
    const under = (id: number): number[] => menus.filter((m) => m.parent_id === id).flatMap((m) => [m.id, ...under(m.id)]);
    const saved = await saveRole(db, actor, null, {
      code: "desk_all",
      nameZh: "整组",
      nameEn: "Whole",
      isCustomer: false,
      menuIds: [],
      wholeGroupIds: [desk.id],
    });
    if (!saved.ok) throw new Error("not saved");
    expect((await getRole(db, saved.value)).menuIds).toEqual([desk.id, ...under(desk.id)].sort((a, b) => a - b));

    const cartAdd = menus.find((m) => m.func_code === "cart:add")!;
    const ancestors: number[] = [];
    for (let p = cartAdd.parent_id; p !== null; p = menus.find((m) => m.id === p)!.parent_id) ancestors.push(p);
    const one = await saveRole(db, actor, null, { code: "cart_only", nameZh: "购物车", nameEn: "Cart", isCustomer: true, menuIds: [cartAdd.id, 999999] });
    if (!one.ok) throw new Error("not saved");
    expect((await getRole(db, one.value)).menuIds).toEqual([cartAdd.id, ...ancestors].sort((a, b) => a - b));
  });
});
