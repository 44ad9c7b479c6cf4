import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { recordAudit, type Actor } from "./audit.server";
import { buildMenuTree, firstRoute, functionCodes, sortRows, type Area, type ConfiguredLinks, type Grants, type Lang, type MenuRow } from "./menu-tree";
import { bumpVersion, versionedCache } from "./versions.server";
import { fail, ok, type Result } from "~/modules/result";

/** Menu rows and their grants, read once per change of the menu or role tables (any process). */
export interface MenuModel {
  rows: MenuRow[];
  grants: Grants;
}

const MENU_COLUMNS = [
  "id",
  "parent_id",
  "area",
  "type",
  "name",
  "title_zh",
  "title_en",
  "href",
  "func_code",
  "icon",
  "redirect",
  "active_menu",
  "sort",
  "hidden",
  "always_show",
  "no_cache",
  "breadcrumb",
  "affix",
  "zh_only",
] as const;

export const getMenuModel = versionedCache("menu", async (db): Promise<MenuModel> => {
  const [rows, links] = await Promise.all([
    db.selectFrom("menu").select(MENU_COLUMNS).execute(),
    db.selectFrom("role_menu").innerJoin("role", "role.id", "role_menu.role_id").select(["role_menu.menu_id", "role.code"]).execute(),
  ]);
  const grants = new Map<number, Set<string>>();
  for (const l of links) grants.set(l.menu_id, (grants.get(l.menu_id) ?? new Set()).add(l.code));
  return { rows: sortRows(rows), grants };
});

/** Signed-out visitors hold the guest role; dealers hold theirs and the guest's. */
export const GUEST_ROLE = "guest";
export const shopRoles = (roles: readonly string[] | null) => [GUEST_ROLE, ...(roles ?? [])];

export async function menuTree(db: DB, opts: { area: Area; roles: readonly string[]; lang: Lang; links?: ConfiguredLinks }) {
  const model = await getMenuModel(db);
  return buildMenuTree(model.rows, model.grants, opts);
}

export async function grantedFunctionCodes(db: DB, roles: readonly string[]): Promise<Set<string>> {
  const model = await getMenuModel(db);
  return functionCodes(model.rows, model.grants, roles);
}

/** The first route the roles' menu of an area allows, hidden routes included. */
export async function firstAllowedRoute(db: DB, area: Area, roles: readonly string[]): Promise<string | null> {
  const model = await getMenuModel(db);
  return firstRoute(buildMenuTree(model.rows, model.grants, { area, roles, lang: "zh", includeHidden: false }));
}

// ---- maintenance (/system/menu) ----

export interface MenuInput {
  parentId: number | null;
  area: Area;
  type: "menu" | "func";
  name: string;
  titleZh: string;
  titleEn: string;
  href: string | null;
  funcCode: string | null;
  icon: string | null;
  redirect: string | null;
  activeMenu: string | null;
  sort: number;
  hidden: boolean;
  alwaysShow: boolean;
  noCache: boolean;
  breadcrumb: boolean;
  affix: boolean;
  zhOnly: boolean;
}

const toRow = (m: MenuInput) => ({
  parent_id: m.parentId,
  area: m.area,
  type: m.type,
  name: m.name,
  title_zh: m.titleZh,
  title_en: m.titleEn,
  href: m.type === "func" ? null : m.href,
  func_code: m.type === "func" ? m.funcCode : null,
  icon: m.icon,
  redirect: m.redirect,
  active_menu: m.activeMenu,
  sort: m.sort,
  hidden: m.hidden ? 1 : 0,
  always_show: m.alwaysShow ? 1 : 0,
  no_cache: m.noCache ? 1 : 0,
  breadcrumb: m.breadcrumb ? 1 : 0,
  affix: m.affix ? 1 : 0,
  zh_only: m.zhOnly ? 1 : 0,
});

export async function listMenuRows(db: DB): Promise<MenuRow[]> {
  return (await getMenuModel(db)).rows;
}

export async function getMenuRow(db: DB, id: number): Promise<MenuRow> {
  const row = await db.selectFrom("menu").select(MENU_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("menu");
  return row;
}

/**
 * Adds (id null) or updates a menu node, checked on the server: the parent exists and is not the
 * node itself or below it; a func has a parent and a function code no other func uses.
 */
export async function saveMenu(db: DB, actor: Actor, id: number | null, input: MenuInput): Promise<Result<number>> {
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getMenuRow(tx, id);
    if (input.parentId !== null) {
      const all = await tx.selectFrom("menu").select(["id", "parent_id"]).execute();
      const parentOf = new Map(all.map((r) => [r.id, r.parent_id]));
      if (!parentOf.has(input.parentId)) return fail("admin:menu.parentMissing");
      for (let p: number | null | undefined = input.parentId; p != null; p = parentOf.get(p)) {
        if (p === id) return fail("admin:menu.cycle");
      }
    } else if (input.type === "func") {
      return fail("admin:menu.funcNeedsParent");
    }
    if (input.type === "func") {
      const taken = await tx
        .selectFrom("menu")
        .select("id")
        .where("func_code", "=", input.funcCode)
        .where("id", "!=", id ?? -1)
        .executeTakeFirst();
      if (taken) return fail("admin:menu.funcCodeTaken");
    }
    let savedId: number;
    if (id === null) {
      ({ id: savedId } = await tx.insertInto("menu").values(toRow(input)).returning("id").executeTakeFirstOrThrow());
      // a new node is granted to the roles of its parent, so it shows where its siblings do
      if (input.parentId !== null) {
        const parentRoles = await tx.selectFrom("role_menu").select("role_id").where("menu_id", "=", input.parentId).execute();
        if (parentRoles.length)
          await tx
            .insertInto("role_menu")
            .values(parentRoles.map((r) => ({ role_id: r.role_id, menu_id: savedId })))
            .execute();
      }
    } else {
      await tx.updateTable("menu").set(toRow(input)).where("id", "=", id).execute();
      savedId = id;
    }
    await recordAudit(tx, actor, {
      action: id === null ? "create" : "update",
      entity: "menu",
      entityId: savedId,
      before: before ?? undefined,
      after: toRow(input),
    });
    await bumpVersion(tx, "menu");
    return ok(savedId);
  });
}
