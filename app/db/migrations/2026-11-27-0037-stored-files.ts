import type { Kysely } from "kysely";
import { isPostgres } from "../dialect.server";

/**
 * Uploaded files kept in the database (issue 31 item 4, decision 081) when FILE_STORE=database:
 * downloads, research and announcement files, drawings, photos and avatars, so that every
 * instance serves what any one received. The key is the content store's random file name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stored_file")
    .addColumn("key", "varchar(60)", (c) => c.primaryKey())
    .addColumn("body", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stored_file").ifExists().execute();
}
