import type { Kysely } from "kysely";
import { isPostgres } from "../dialect.server";

/**
 * The feed's hourly full exports in the database (issue 31 item 4, decision 085) when
 * FILE_STORE=database: written in parts of about 1 MB as the export is built and read part by part
 * when it is downloaded, so that every instance serves the export any one of them built, with the
 * memory of one part.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("feed_export_part")
    .addColumn("file_key", "varchar(60)", (c) => c.notNull())
    .addColumn("part", "integer", (c) => c.notNull())
    .addColumn("body", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
    // when written, and again when its export was replaced: an hour on, unnamed parts go
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("feed_export_part_pk", ["file_key", "part"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("feed_export_part").ifExists().execute();
}
