import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";

/**
 * Sign-in tables: captcha answers (one per login attempt), failed logins (throttling) and
 * password resets (e-mail links and SMS codes). See docs/decisions/010-013.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("captcha")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey()) // sha-256 of the cookie token
    .addColumn("answer_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("captcha_expires_idx").on("captcha").column("expires_at").execute();

  await idColumn(db, db.schema.createTable("login_failure"))
    .addColumn("account_code", "varchar(40)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_failure_account_idx").on("login_failure").columns(["account_code", "created_at"]).execute();
  await db.schema.createIndex("login_failure_ip_idx").on("login_failure").columns(["ip", "created_at"]).execute();

  await idColumn(db, db.schema.createTable("password_reset"))
    // sha-256 of the secret in the e-mail link (kind link) or in the flow cookie (kind sms)
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(10)", (c) => c.notNull()) // link | sms
    // null when the account does not exist (the same answer either way)
    .addColumn("user_id", "integer", (c) => c.references("app_user.id").onDelete("cascade"))
    .addColumn("account_code", "varchar(40)", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "varchar(30)", (c) => c.notNull())
    .addColumn("used_at", "varchar(30)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_reset_account_idx").on("password_reset").columns(["account_code", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["password_reset", "login_failure", "captcha"]) await db.schema.dropTable(t).ifExists().execute();
}
