import type { Kysely } from "kysely";
import { CONTENT_CATEGORY_MENU } from "../seed/roles-menus";
import { bumpVersion } from "~/modules/admin/versions.server";

/**
 * Every back-office action checks a function code of its own (issue 26, decision 056). The
 * categories page (/system/contentCategory) had none and borrowed `cms:content:edit`; in a
 * database seeded before this migration it gains `cms:category:edit`, granted to every role that
 * holds the page, so nobody loses the page. A fresh database has no menu rows yet at this point:
 * the seed writes the same code (`CONTENT_CATEGORY_MENU`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await addCategoryFunctionCode(db);
}

/** The page's function codes for a database whose menus were seeded already; nothing when it has them or has no page. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function addCategoryFunctionCode(db: Kysely<any>): Promise<void> {
  const page = await db.selectFrom("menu").select("id").where("area", "=", "admin").where("name", "=", CONTENT_CATEGORY_MENU.name).executeTakeFirst();
  if (!page) return;
  const holders = (await db.selectFrom("role_menu").select("role_id").where("menu_id", "=", page.id).execute()).map((r) => r.role_id as number);
  let added = false;
  for (const [i, f] of (CONTENT_CATEGORY_MENU.children ?? []).entries()) {
    const present = await db
      .selectFrom("menu")
      .select("id")
      .where("area", "=", "admin")
      .where("func_code", "=", f.func ?? "")
      .executeTakeFirst();
    if (present) continue;
    const row = await db
      .insertInto("menu")
      .values({
        parent_id: page.id,
        area: "admin",
        type: "func",
        name: f.name,
        title_zh: f.zh,
        title_en: f.en,
        func_code: f.func,
        sort: (i + 1) * 10,
        hidden: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (holders.length)
      await db
        .insertInto("role_menu")
        .values(holders.map((role_id) => ({ role_id, menu_id: row.id as number })))
        .execute();
    added = true;
  }
  // every serving process re-reads its cached menus
  if (added) await bumpVersion(db, "menu");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const codes = (CONTENT_CATEGORY_MENU.children ?? []).map((c) => c.func ?? "");
  const ids = (await db.selectFrom("menu").select("id").where("area", "=", "admin").where("func_code", "in", codes).execute()).map((r) => r.id as number);
  if (!ids.length) return;
  await db.deleteFrom("role_menu").where("menu_id", "in", ids).execute();
  await db.deleteFrom("menu").where("id", "in", ids).execute();
}
