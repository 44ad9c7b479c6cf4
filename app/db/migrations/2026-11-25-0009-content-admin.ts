import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, isPostgres } from "../dialect.server";

/**
 * Content maintained in the back office (decision 046): drafts and published items, announcement
 * categories (the spec's bulletin catalogue), files of downloads, video links of online training,
 * the level structure of industry solutions (a second-level item under a first, a third under a
 * second). Existing rows stay published.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  await idColumn(db, db.schema.createTable("content_category"))
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("name_zh", "varchar(100)", (c) => c.notNull())
    .addColumn("name_en", "varchar(100)", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  const add = (name: string, type: "varchar(20)" | "varchar(300)" | "varchar(500)" | "varchar(100)" | "integer" | "varchar(30)") =>
    db.schema.alterTable("content").addColumn(name, type).execute();
  await db.schema
    .alterTable("content")
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("published"))
    .execute();
  await add("category_id", "integer");
  await add("parent_id", "integer");
  await add("file_name", "varchar(300)");
  await add("file_key", "varchar(100)");
  await add("file_type", "varchar(100)");
  await add("file_size", "integer");
  await add("video_url", "varchar(500)");
  await db.schema
    .alterTable("content")
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("content_kind_published_idx").on("content").columns(["kind", "status", "published_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("content_kind_published_idx").execute();
  for (const c of ["updated_at", "video_url", "file_size", "file_type", "file_key", "file_name", "parent_id", "category_id", "status"]) {
    await db.schema.alterTable("content").dropColumn(c).execute();
  }
  await db.schema.dropTable("content_category").execute();
}
