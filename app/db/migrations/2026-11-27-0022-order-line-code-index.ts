import type { Kysely } from "kysely";
import { sql } from "kysely";
import { isPostgres } from "../dialect.server";

/**
 * The order desk's ordering-code filter (issue 27, decision 059) matches the beginning of a line's
 * code, upper-cased: an index on that expression answers it with a range read instead of a scan
 * over every order line. PostgreSQL: the index is in the C collation, whose order is the bytes',
 * so `like 'CODE%'` reads a range of it whatever the database's collation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index order_line_code_upper_idx on order_line ((upper(ordering_code)) collate "C")`.execute(db);
    return;
  }
  await sql`create index order_line_code_upper_idx on order_line (upper(ordering_code))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("order_line_code_upper_idx").ifExists().execute();
}
