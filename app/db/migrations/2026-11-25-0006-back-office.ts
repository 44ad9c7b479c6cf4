import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, isPostgres } from "../dialect.server";

/**
 * The back office (decision 042): staff are users of the manufacturer's own internal party
 * (`customer.kind = 'internal'`); menu nodes get the fields of spec §3; the audit log, per-user
 * layout settings, background jobs, the error log and the version counters that tell every
 * server process to re-read a cached table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const flag = (name: string, value = 0) =>
    db.schema
      .alterTable("menu")
      .addColumn(name, "integer", (c) => c.notNull().defaultTo(value))
      .execute();

  await db.schema
    .alterTable("customer")
    .addColumn("kind", "varchar(20)", (c) => c.notNull().defaultTo("dealer"))
    .execute();

  await db.schema
    .alterTable("menu")
    .addColumn("area", "varchar(10)", (c) => c.notNull().defaultTo("shop"))
    .execute();
  await db.schema.alterTable("menu").addColumn("icon", "varchar(60)").execute();
  await db.schema.alterTable("menu").addColumn("redirect", "varchar(300)").execute();
  await db.schema.alterTable("menu").addColumn("active_menu", "varchar(300)").execute();
  await flag("always_show");
  await flag("no_cache");
  await flag("breadcrumb", 1);
  await flag("affix");
  await flag("zh_only");

  await db.schema.alterTable("tenant").addColumn("parent_id", "integer").execute();
  await db.schema
    .alterTable("tenant")
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("ready"))
    .execute();

  await idColumn(db, db.schema.createTable("audit_log"))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("user_id", "integer")
    .addColumn("user_code", "varchar(20)", (c) => c.notNull())
    .addColumn("tenant_id", "integer")
    .addColumn("action", "varchar(20)", (c) => c.notNull())
    .addColumn("entity", "varchar(40)", (c) => c.notNull())
    .addColumn("entity_id", "varchar(60)", (c) => c.notNull())
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "entity_id"]).execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").column("created_at").execute();

  await db.schema
    .createTable("staff_setting")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("app_user.id").onDelete("cascade"))
    .addColumn("theme_color", "varchar(7)", (c) => c.notNull().defaultTo("#032C55"))
    .addColumn("tags_view", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("fixed_header", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sidebar_logo", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await idColumn(db, db.schema.createTable("background_job"))
    .addColumn("kind", "varchar(40)", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("subject_id", "integer")
    .addColumn("message", "text")
    .addColumn("created_by", "integer")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();

  await idColumn(db, db.schema.createTable("error_log"))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("method", "varchar(10)", (c) => c.notNull())
    .addColumn("path", "varchar(500)", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("stack", "text")
    .execute();

  await db.schema
    .createTable("data_version")
    .addColumn("key", "varchar(40)", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["data_version", "error_log", "background_job", "staff_setting", "audit_log"]) await db.schema.dropTable(t).execute();
  await db.schema.alterTable("tenant").dropColumn("status").execute();
  await db.schema.alterTable("tenant").dropColumn("parent_id").execute();
  for (const c of ["zh_only", "affix", "breadcrumb", "no_cache", "always_show", "active_menu", "redirect", "icon", "area"]) {
    await db.schema.alterTable("menu").dropColumn(c).execute();
  }
  await db.schema.alterTable("customer").dropColumn("kind").execute();
}
