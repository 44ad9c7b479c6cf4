import type { Kysely } from "kysely";

/**
 * Sign-in hand-over from the company portal (decision 048): the nonce of every hand-over token
 * used, so a token works once. The personal centre's avatar (issue 18 item 8): the key of the
 * image file in CONTENT_DIR (decision 046's storage) and its type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("relay_nonce")
    .addColumn("nonce", "varchar(64)", (c) => c.primaryKey())
    .addColumn("account_code", "varchar(40)", (c) => c.notNull())
    .addColumn("used_at", "varchar(30)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("relay_nonce_expires_idx").on("relay_nonce").column("expires_at").execute();
  await db.schema.alterTable("app_user").addColumn("avatar_key", "varchar(100)").execute();
  await db.schema.alterTable("app_user").addColumn("avatar_type", "varchar(50)").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("app_user").dropColumn("avatar_type").execute();
  await db.schema.alterTable("app_user").dropColumn("avatar_key").execute();
  await db.schema.dropTable("relay_nonce").execute();
}
