import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";
import { DEALER_MESSAGE_MENU, menuRow } from "../seed/roles-menus";
import { bumpVersion } from "~/modules/admin/versions.server";

/**
 * Messages the manufacturer's staff send to dealers (issue 29 item 13): one row per message, as
 * sent (audience, both languages, how many accounts received it); each recipient gets a notice of
 * type `message`, which is what the dealer's badge and messages page show. `submit_token` makes a
 * double post send once. A database seeded before this migration gains the back-office page
 * (`/system/message`) with its function codes for administrators, the order desk and content
 * editors; a fresh database gets them from the seed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable("staff_message"))
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.notNull())
    .addColumn("audience", "varchar(20)", (c) => c.notNull()) // user | customer | province | role | all
    .addColumn("audience_value", "varchar(40)", (c) => c.notNull())
    .addColumn("title_zh", "varchar(100)", (c) => c.notNull())
    .addColumn("title_en", "varchar(100)", (c) => c.notNull())
    .addColumn("body_zh", "varchar(2000)", (c) => c.notNull())
    .addColumn("body_en", "varchar(2000)", (c) => c.notNull())
    .addColumn("recipients", "integer", (c) => c.notNull())
    .addColumn("submit_token", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_message_token_uq").on("staff_message").columns(["author_id", "submit_token"]).unique().execute();
  await db.schema.createIndex("staff_message_tenant_idx").on("staff_message").columns(["tenant_id", "created_at"]).execute();
  await addMessageMenu(db);
}

/** The page and its function codes in a database whose menus were seeded already, granted to the seed's roles. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function addMessageMenu(db: Kysely<any>): Promise<void> {
  const seeded = await db.selectFrom("menu").select("id").where("area", "=", "admin").limit(1).executeTakeFirst();
  if (!seeded) return;
  const present = await db.selectFrom("menu").select("id").where("area", "=", "admin").where("name", "=", DEALER_MESSAGE_MENU.name).executeTakeFirst();
  if (present) return;
  const roleIds = (await db
    .selectFrom("role")
    .select("id")
    .where("code", "in", DEALER_MESSAGE_MENU.roles ?? [])
    .execute()) as { id: number }[];
  const last = await db
    .selectFrom("menu")
    .select((eb) => eb.fn.max("sort").as("sort"))
    .where("area", "=", "admin")
    .where("parent_id", "is", null)
    .executeTakeFirst();
  const insert = async (def: typeof DEALER_MESSAGE_MENU, parentId: number | null, sort: number) => {
    const row = await db
      .insertInto("menu")
      .values(menuRow("admin", def, parentId, sort))
      .returning("id")
      .executeTakeFirstOrThrow();
    if (roleIds.length)
      await db
        .insertInto("role_menu")
        .values(roleIds.map((r) => ({ role_id: r.id, menu_id: row.id as number })))
        .execute();
    for (const [i, child] of (def.children ?? []).entries()) await insert(child, row.id as number, (i + 1) * 10);
  };
  await insert(DEALER_MESSAGE_MENU, null, Number(last?.sort ?? 0) + 10);
  // every serving process re-reads its cached menus
  await bumpVersion(db, "menu");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_message").ifExists().execute();
}
