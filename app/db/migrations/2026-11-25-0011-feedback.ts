import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";

/**
 * Customer feedback after sales (issue 18 item 3, decision 049): a dealer's feedback on one of
 * the customer's orders (or one line), its conversation with the manufacturer's customer support,
 * and up to three photos. `submit_token` makes a double post have one effect.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable("feedback"))
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("order_line_id", "integer")
    .addColumn("order_no", "varchar(40)", (c) => c.notNull())
    .addColumn("type", "varchar(20)", (c) => c.notNull())
    .addColumn("description", "varchar(2000)", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("submit_token", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .addColumn("closed_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("feedback_token_uq").on("feedback").columns(["user_id", "submit_token"]).unique().execute();
  await db.schema.createIndex("feedback_customer_idx").on("feedback").columns(["tenant_id", "customer_id", "created_at"]).execute();
  await db.schema.createIndex("feedback_status_idx").on("feedback").columns(["tenant_id", "status", "updated_at"]).execute();

  await idColumn(db, db.schema.createTable("feedback_message"))
    .addColumn("feedback_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("user_code", "varchar(20)", (c) => c.notNull())
    .addColumn("author", "varchar(10)", (c) => c.notNull()) // dealer | staff
    .addColumn("event", "varchar(20)", (c) => c.notNull()) // open | message | reply | ask | close
    .addColumn("body", "varchar(2000)", (c) => c.notNull())
    .addColumn("submit_token", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("feedback_message_token_uq").on("feedback_message").columns(["feedback_id", "submit_token"]).unique().execute();

  await idColumn(db, db.schema.createTable("feedback_photo"))
    .addColumn("feedback_id", "integer", (c) => c.notNull())
    .addColumn("file_key", "varchar(100)", (c) => c.notNull())
    .addColumn("file_type", "varchar(40)", (c) => c.notNull())
    .addColumn("file_size", "integer", (c) => c.notNull())
    .addColumn("file_name", "varchar(300)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("feedback_photo_feedback_idx").on("feedback_photo").column("feedback_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("feedback_photo").execute();
  await db.schema.dropTable("feedback_message").execute();
  await db.schema.dropTable("feedback").execute();
}
