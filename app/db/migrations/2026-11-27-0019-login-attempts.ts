import type { Kysely } from "kysely";

/**
 * The login throttle counts attempts, not only failures (decision 055): a row in `login_failure`
 * is written (`checking` 1), in one transaction with the count, before the password is checked; it
 * becomes a failure (`checking` 0) or is removed when the password proves right. `login_throttle_lock` holds one row per account code and per client
 * address; the reservation locks its two rows so that concurrent attempts of several server
 * processes count one after the other (a row lock on PostgreSQL; SQLite's write lock does it too).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("login_failure")
    .addColumn("checking", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("login_throttle_lock")
    .addColumn("key", "varchar(120)", (c) => c.primaryKey()) // "a:<account code>" or "i:<address>"
    .addColumn("touched_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_throttle_lock_touched_idx").on("login_throttle_lock").column("touched_at").execute();
  await db.schema.createIndex("login_failure_account_ip_idx").on("login_failure").columns(["account_code", "ip", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("login_failure_account_ip_idx").ifExists().execute();
  await db.schema.dropTable("login_throttle_lock").ifExists().execute();
  await db.schema.alterTable("login_failure").dropColumn("checking").execute();
}
