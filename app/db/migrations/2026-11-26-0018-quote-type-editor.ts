import type { Kysely } from "kysely";
import { sql } from "kysely";
import { QUOTE_TYPE_MENU } from "../seed/roles-menus";

/**
 * The back-office editor of tool types and attributes (decision 051, "Editing the types"):
 * `quote_attribute.active` (0: removed from the form, kept because earlier requests carry a value
 * for it), and in a database seeded before this migration the editor's sidebar entry under
 * "Tool quotations" with its function code, granted to the administrator. A fresh database has no
 * menu rows yet at this point: the seed writes the same entry (`QUOTE_TYPE_MENU`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("quote_attribute")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await addQuoteTypeMenu(db);
}

/** The editor's menu entry for a database whose menus were seeded already; nothing when it has it or has no menus. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function addQuoteTypeMenu(db: Kysely<any>): Promise<void> {
  const group = await db.selectFrom("menu").select("id").where("area", "=", "admin").where("name", "=", "quotationAdmin").executeTakeFirst();
  const present = await db.selectFrom("menu").select("id").where("name", "=", QUOTE_TYPE_MENU.name).executeTakeFirst();
  if (!group || present) return;
  const last = await db
    .selectFrom("menu")
    .select((eb) => eb.fn.max("sort").as("sort"))
    .where("parent_id", "=", group.id)
    .executeTakeFirst();
  const page = await db
    .insertInto("menu")
    .values({
      parent_id: group.id,
      area: "admin",
      type: "menu",
      name: QUOTE_TYPE_MENU.name,
      title_zh: QUOTE_TYPE_MENU.zh,
      title_en: QUOTE_TYPE_MENU.en,
      href: QUOTE_TYPE_MENU.href,
      sort: Number(last?.sort ?? 0) + 10,
      hidden: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids = [page.id as number];
  for (const [i, f] of (QUOTE_TYPE_MENU.children ?? []).entries()) {
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
    ids.push(row.id as number);
  }
  const admin = await db.selectFrom("role").select("id").where("code", "=", "admin").executeTakeFirst();
  if (admin)
    await db
      .insertInto("role_menu")
      .values(ids.map((menu_id) => ({ role_id: admin.id, menu_id })))
      .execute();
  // every serving process re-reads its cached menus
  await db
    .insertInto("data_version")
    .values({ key: "menu", version: 1 })
    .onConflict((oc) => oc.column("key").doUpdateSet({ version: sql`data_version.version + 1` }))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // the function code first, then its page (children before their parent)
  for (const names of [(QUOTE_TYPE_MENU.children ?? []).map((c) => c.name), [QUOTE_TYPE_MENU.name]]) {
    const ids = (await db.selectFrom("menu").select("id").where("name", "in", names).execute()).map((r) => r.id as number);
    if (!ids.length) continue;
    await db.deleteFrom("role_menu").where("menu_id", "in", ids).execute();
    await db.deleteFrom("menu").where("id", "in", ids).execute();
  }
  await db.schema.alterTable("quote_attribute").dropColumn("active").execute();
}
