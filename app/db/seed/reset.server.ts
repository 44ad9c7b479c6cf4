import { sql } from "kysely";
import type { DB } from "../db.server";
import { isPostgres } from "../dialect.server";

/** True when the database holds no tenant yet, i.e. it was never seeded. */
export async function isEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom("tenant").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Deletes every row of every table except the migration bookkeeping. The tables are read from
 * the database rather than listed here, so tables added by later migrations are cleared too.
 * PostgreSQL truncates them all in one statement (CASCADE makes the order irrelevant, and the id
 * sequences restart). SQLite defers foreign-key checks to the commit, when no rows are left;
 * full-text indexes follow through their triggers, so their own tables are skipped.
 */
export async function resetDatabase(db: DB): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(db);
    if (rows.length === 0) return;
    await sql`truncate table ${sql.join(rows.map((r) => sql.table(r.name)))} restart identity cascade`.execute(db);
    return;
  }
  const { rows } = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? "")).map((r) => r.name);
  const tables = rows.map((r) => r.name).filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
  await db.transaction().execute(async (trx) => {
    await sql`pragma defer_foreign_keys = on`.execute(trx);
    for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(trx);
  });
}
