import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";
import { FEED_KEY_MENU, menuRow } from "../seed/roles-menus";
import { bumpVersion } from "~/modules/admin/versions.server";

/**
 * The dealer's stock and price feed (issue 30 item 3, decision 073).
 * - `feed_key`: a customer's API keys, made and revoked by its master account; only the sha256 of
 *   the key is kept, with a short visible prefix, and the form's token (a double post makes one key).
 * - `feed_rate`: requests per key and minute, counted by one upsert so that every server process
 *   agrees on the per-key limit.
 * - `feed_export`: the hourly full export file of each customer with a live key, with the lock a
 *   process takes (a conditional update) while it rebuilds it.
 * - `updated_at` on `stock` and `customer_price`: when the entity's stock or list price, or the
 *   customer's own price, last changed (`?changedSince=`); null for rows untouched since.
 * A database seeded before this migration gains the hidden shop node of the key page with the
 * function code `feed:key:edit`, granted to the customer master role.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable("feed_key"))
    .addColumn("customer_id", "integer", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(60)", (c) => c.notNull())
    .addColumn("prefix", "varchar(20)", (c) => c.notNull())
    .addColumn("key_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("form_token", "varchar(40)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("last_used_at", "varchar(30)")
    .addColumn("revoked_at", "varchar(30)")
    .addUniqueConstraint("feed_key_form_token_uq", ["customer_id", "form_token"])
    .execute();
  await db.schema
    .createTable("feed_rate")
    .addColumn("key_id", "integer", (c) => c.notNull())
    .addColumn("minute", "integer", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("feed_rate_pk", ["key_id", "minute"])
    .execute();
  await db.schema
    .createTable("feed_export")
    .addColumn("customer_id", "integer", (c) => c.primaryKey())
    .addColumn("file_key", "varchar(60)")
    .addColumn("etag", "varchar(80)")
    .addColumn("rows", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("built_at", "varchar(30)")
    .addColumn("locked_until", "varchar(30)")
    .execute();
  await db.schema.alterTable("stock").addColumn("updated_at", "varchar(30)").execute();
  await db.schema.alterTable("customer_price").addColumn("updated_at", "varchar(30)").execute();
  await db.schema.createIndex("stock_tenant_updated_idx").on("stock").columns(["tenant_id", "updated_at"]).execute();
  await db.schema.createIndex("customer_price_updated_idx").on("customer_price").columns(["customer_id", "tenant_id", "updated_at"]).execute();
  await db.schema.createIndex("product_updated_idx").on("product").columns(["updated_at"]).execute();
  await addKeyMenu(db);
}

/** The key page's node and its function code in a database whose menus were seeded already. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function addKeyMenu(db: Kysely<any>): Promise<void> {
  const seeded = await db.selectFrom("menu").select("id").where("area", "=", "shop").limit(1).executeTakeFirst();
  if (!seeded) return;
  const present = await db.selectFrom("menu").select("id").where("area", "=", "shop").where("name", "=", FEED_KEY_MENU.name).executeTakeFirst();
  if (present) return;
  const role = (await db.selectFrom("role").select("id").where("code", "=", "customer_master").executeTakeFirst()) as { id: number } | undefined;
  if (!role) return;
  const last = await db
    .selectFrom("menu")
    .select((eb) => eb.fn.max("sort").as("sort"))
    .where("area", "=", "shop")
    .where("parent_id", "is", null)
    .executeTakeFirst();
  const insert = async (def: typeof FEED_KEY_MENU, parentId: number | null, sort: number) => {
    const row = await db
      .insertInto("menu")
      .values(menuRow("shop", def, parentId, sort))
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("role_menu")
      .values({ role_id: role.id, menu_id: row.id as number })
      .execute();
    for (const [i, child] of (def.children ?? []).entries()) await insert(child, row.id as number, (i + 1) * 10);
  };
  await insert(FEED_KEY_MENU, null, Number(last?.sort ?? 0) + 10);
  await bumpVersion(db, "menu");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("product_updated_idx").ifExists().execute();
  await db.schema.dropIndex("customer_price_updated_idx").ifExists().execute();
  await db.schema.dropIndex("stock_tenant_updated_idx").ifExists().execute();
  await db.schema.alterTable("customer_price").dropColumn("updated_at").execute();
  await db.schema.alterTable("stock").dropColumn("updated_at").execute();
  await db.schema.dropTable("feed_export").ifExists().execute();
  await db.schema.dropTable("feed_rate").ifExists().execute();
  await db.schema.dropTable("feed_key").ifExists().execute();
}
