import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";

/**
 * Rare-earth bidding (decision 053): the group's tender announcements on the public page /gdre,
 * with their documents (files in the content store, decision 046). The state a visitor sees
 * (upcoming, open, closed) is derived from the opening and closing times; `status` is only the
 * editor's draft | published.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable("bidding"))
    .addColumn("bidding_no", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("title_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("title_en", "varchar(200)", (c) => c.notNull())
    .addColumn("body_zh", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull())
    .addColumn("contact", "varchar(300)", (c) => c.notNull())
    .addColumn("status", "varchar(12)", (c) => c.notNull()) // draft | published
    .addColumn("published_at", "varchar(30)", (c) => c.notNull())
    .addColumn("opens_at", "varchar(30)", (c) => c.notNull())
    .addColumn("closes_at", "varchar(30)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bidding_public_idx").on("bidding").columns(["status", "closes_at"]).execute();

  await idColumn(db, db.schema.createTable("bidding_document"))
    .addColumn("bidding_id", "integer", (c) => c.notNull().references("bidding.id").onDelete("cascade"))
    .addColumn("file_name", "varchar(200)", (c) => c.notNull())
    .addColumn("file_type", "varchar(120)", (c) => c.notNull())
    .addColumn("file_size", "integer", (c) => c.notNull())
    .addColumn("file_key", "varchar(60)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bidding_document_bidding_idx").on("bidding_document").column("bidding_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bidding_document").ifExists().execute();
  await db.schema.dropTable("bidding").ifExists().execute();
}
