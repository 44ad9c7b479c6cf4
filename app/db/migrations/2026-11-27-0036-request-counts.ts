import type { Kysely } from "kysely";

/**
 * Request counts that every server process shares (issue 31 item 4, decision 079): one row per
 * bucket and minute, counted by one upsert. The buckets are the post limit per client address
 * (`post:<address>`) and the feed's limit per API key (`feed:<key id>`), which had a table of its
 * own (`feed_rate`, migration 0035) until both used this one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("request_count")
    .addColumn("bucket", "varchar(100)", (c) => c.notNull())
    .addColumn("minute", "integer", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("request_count_pk", ["bucket", "minute"])
    .execute();
  // the counts of the current minute only: nothing worth carrying over
  await db.schema.dropTable("feed_rate").ifExists().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("feed_rate")
    .addColumn("key_id", "integer", (c) => c.notNull())
    .addColumn("minute", "integer", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("feed_rate_pk", ["key_id", "minute"])
    .execute();
  await db.schema.dropTable("request_count").ifExists().execute();
}
