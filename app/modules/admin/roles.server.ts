import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { recordAudit, type Actor } from "./audit.server";
import { ADMIN_ROLE } from "./users.server";
import { bumpVersion } from "./versions.server";
import { fail, ok, type Result } from "~/modules/result";

/** Roles (spec §6): name, customer flag (izCustomer) and the menus and function codes granted. */
export interface RoleRow {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
  is_customer: number;
}

export async function listRoles(db: DB) {
  return db
    .selectFrom("role")
    .leftJoin("user_role", "user_role.role_id", "role.id")
    .select(["role.id", "role.code", "role.name_zh", "role.name_en", "role.is_customer", (eb) => eb.fn.count<number>("user_role.user_id").as("users")])
    .groupBy(["role.id", "role.code", "role.name_zh", "role.name_en", "role.is_customer"])
    .orderBy("role.is_customer", "desc")
    .orderBy("role.id")
    .execute();
}

export async function getRole(db: DB, id: number): Promise<RoleRow & { menuIds: number[] }> {
  const role = await db.selectFrom("role").select(["id", "code", "name_zh", "name_en", "is_customer"]).where("id", "=", id).executeTakeFirst();
  if (!role) throw new NotFoundError("role");
  const menus = await db.selectFrom("role_menu").select("menu_id").where("role_id", "=", id).orderBy("menu_id").execute();
  return { ...role, menuIds: menus.map((m) => m.menu_id) };
}

export interface RoleInput {
  code: string;
  nameZh: string;
  nameEn: string;
  isCustomer: boolean;
  /** menu and func rows granted; a granted child brings its ancestors along */
  menuIds: number[];
  /** menus granted with every menu and function code under them (the role editor's group boxes) */
  wholeGroupIds?: number[];
}

/**
 * The menu rows a role gets: the rows ticked, every row under a "whole group" box, and the
 * ancestors of all of them (a granted page must be reachable in the tree). Unknown ids are dropped.
 */
function grantedMenus(menus: { id: number; parent_id: number | null }[], menuIds: number[], wholeGroupIds: number[]): Set<number> {
  const parentOf = new Map(menus.map((m) => [m.id, m.parent_id]));
  const ancestorsAndSelf = (id: number) => {
    const chain: number[] = [];
    for (let m: number | null | undefined = id; m != null && parentOf.has(m); m = parentOf.get(m)) chain.push(m);
    return chain;
  };
  const ticked = new Set(menuIds);
  const wholeGroups = new Set(wholeGroupIds);
  const granted = new Set<number>();
  for (const m of menus) {
    const chain = ancestorsAndSelf(m.id);
    if (ticked.has(m.id) || chain.some((a) => wholeGroups.has(a))) for (const a of chain) granted.add(a);
  }
  return granted;
}

/** The function codes the administrator role keeps: with them someone can always repair the others. */
const ADMIN_KEEPS = ["sys:user:view", "sys:user:edit", "sys:role:view", "sys:role:edit"];

/**
 * Adds (id null) or updates a role and replaces its grants, in one transaction with the audit
 * entry. The administrator role keeps its code (users.server.ts knows it by that), stays a staff
 * role and keeps the rights to maintain users and roles.
 */
export async function saveRole(db: DB, actor: Actor, id: number | null, input: RoleInput): Promise<Result<number>> {
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getRole(tx, id);
    const menus = await tx.selectFrom("menu").select(["id", "parent_id", "func_code"]).execute();
    const granted = grantedMenus(menus, input.menuIds, input.wholeGroupIds ?? []);
    if (before?.code === ADMIN_ROLE) {
      const kept = menus.filter((m) => m.func_code !== null && ADMIN_KEEPS.includes(m.func_code));
      if (input.code !== ADMIN_ROLE || input.isCustomer || kept.some((m) => !granted.has(m.id))) return fail("admin:role.adminFixed");
    }
    const taken = await tx
      .selectFrom("role")
      .select("id")
      .where("code", "=", input.code)
      .where("id", "!=", id ?? -1)
      .executeTakeFirst();
    if (taken) return fail("admin:role.codeTaken", undefined, "code");
    const values = { code: input.code, name_zh: input.nameZh, name_en: input.nameEn, is_customer: input.isCustomer ? 1 : 0 };
    let roleId: number;
    if (id === null) ({ id: roleId } = await tx.insertInto("role").values(values).returning("id").executeTakeFirstOrThrow());
    else {
      await tx.updateTable("role").set(values).where("id", "=", id).execute();
      roleId = id;
    }
    await tx.deleteFrom("role_menu").where("role_id", "=", roleId).execute();
    if (granted.size)
      await tx
        .insertInto("role_menu")
        .values([...granted].map((menu_id) => ({ role_id: roleId, menu_id })))
        .execute();
    const after = { ...values, menuIds: [...granted].sort((a, b) => a - b) };
    await recordAudit(tx, actor, { action: id === null ? "create" : "update", entity: "role", entityId: roleId, before: before ?? undefined, after });
    await bumpVersion(tx, "menu");
    return ok(roleId);
  });
}
