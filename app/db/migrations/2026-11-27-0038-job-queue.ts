import type { Kysely } from "kysely";
import { idColumn, isPostgres } from "../dialect.server";

/**
 * The job queue on SQLite (issue 31 item 2, decision 084): the rows `runJob` sends and every
 * server process's worker takes with a conditional update. On PostgreSQL pg-boss keeps its own
 * tables (schema `pgboss`); this table stays there unused but for tests of the SQLite queue.
 * `singleton_key` makes a scheduled job (the hourly sweep) one row however many processes send it.
 * The imports' input (the dealer's parsed rows, the price workbook) moves from the request's
 * memory into the job's own row, so that any instance's worker can run or retry it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? "bytea" : "blob";
  await idColumn(db, db.schema.createTable("queued_job"))
    .addColumn("queue", "varchar(40)", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) => c.notNull()) // queued | active | done | failed
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("retry_limit", "integer", (c) => c.notNull())
    .addColumn("retry_delay_seconds", "integer", (c) => c.notNull())
    .addColumn("expire_seconds", "integer", (c) => c.notNull())
    .addColumn("run_after", "varchar(30)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(30)")
    .addColumn("singleton_key", "varchar(100)", (c) => c.unique())
    .addColumn("last_error", "varchar(500)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("queued_job_next").on("queued_job").columns(["queue", "status", "run_after"]).execute();
  await db.schema.alterTable("import_job").addColumn("input", bytes).execute();
  await db.schema.alterTable("background_job").addColumn("input", bytes).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("background_job").dropColumn("input").execute();
  await db.schema.alterTable("import_job").dropColumn("input").execute();
  await db.schema.dropTable("queued_job").ifExists().execute();
}
