import type { Kysely } from "kysely";
import { CONTENT_CATEGORY_MENU } from "../seed/roles-menus";
import { bumpVersion } from "~/modules/admin/versions.server";

/**
 * The categories page keeps the categories of announcements and of downloads, but its Chinese
 * menu name said 公告分类 (announcement categories), so an editor looking for the downloads'
 * categories did not find them (issue 29 item 13). A database seeded before this migration gets
 * the seed's new name, unless an administrator renamed the menu already.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const renamed = await db
    .updateTable("menu")
    .set({ title_zh: CONTENT_CATEGORY_MENU.zh })
    .where("area", "=", "admin")
    .where("name", "=", CONTENT_CATEGORY_MENU.name)
    .where("title_zh", "=", "公告分类")
    .executeTakeFirst();
  await db
    .updateTable("menu")
    .set({ title_zh: CONTENT_CATEGORY_MENU.children![0]!.zh })
    .where("area", "=", "admin")
    .where("func_code", "=", "cms:category:edit")
    .where("title_zh", "=", "维护公告分类")
    .execute();
  if (Number(renamed.numUpdatedRows) > 0) await bumpVersion(db, "menu");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("menu")
    .set({ title_zh: "公告分类" })
    .where("area", "=", "admin")
    .where("name", "=", CONTENT_CATEGORY_MENU.name)
    .where("title_zh", "=", CONTENT_CATEGORY_MENU.zh)
    .execute();
}
