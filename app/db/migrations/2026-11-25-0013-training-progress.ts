import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";

/** A dealer's progress in online training (issue 18 §5): which courses each account finished. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable("training_progress"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("content_id", "integer", (c) => c.notNull())
    .addColumn("completed_at", "varchar(30)", (c) => c.notNull())
    .execute();
  // one row per account and course: a double post cannot record a course twice
  await db.schema.createIndex("training_progress_user_content_idx").on("training_progress").columns(["user_id", "content_id"]).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("training_progress").execute();
}
