import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, isPostgres } from "../dialect.server";

/** Orders issue: Excel import jobs (progress and report of a batch import). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = isPostgres(db) ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await idColumn(db, db.schema.createTable("import_job"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) => c.notNull()) // running | done | failed
    .addColumn("file_name", "varchar(200)", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ok_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bad_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("error_key", "varchar(80)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("import_job_user_idx").on("import_job").columns(["user_id", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_job").ifExists().execute();
}
