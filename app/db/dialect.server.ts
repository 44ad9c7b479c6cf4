import type { CreateTableBuilder, Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

/** Dialect-specific bits of the data layer live here and nowhere else. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key named `id`, in the dialect's own way. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db) ? table.addColumn("id", "serial", (c) => c.primaryKey()) : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
