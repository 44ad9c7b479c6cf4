import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";

/**
 * Customer services (decision 050): satisfaction surveys defined in the back office and answered
 * once per account per survey period (unique survey + user), and the dealers' requests for free
 * samples and for tool bodies (one table for both kinds, with their lines), worked on by customer
 * support (submitted → approved | refused; approved → shipped).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable("survey"))
    .addColumn("title_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("title_en", "varchar(200)", (c) => c.notNull())
    .addColumn("starts_on", "varchar(10)", (c) => c.notNull())
    .addColumn("ends_on", "varchar(10)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("survey_period_idx").on("survey").columns(["starts_on", "ends_on"]).execute();

  await idColumn(db, db.schema.createTable("survey_question"))
    .addColumn("survey_id", "integer", (c) => c.notNull().references("survey.id").onDelete("cascade"))
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(10)", (c) => c.notNull()) // scale | text
    .addColumn("text_zh", "varchar(300)", (c) => c.notNull())
    .addColumn("text_en", "varchar(300)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("survey_question_survey_idx").on("survey_question").columns(["survey_id", "sort"]).execute();

  await idColumn(db, db.schema.createTable("survey_response"))
    .addColumn("survey_id", "integer", (c) => c.notNull().references("survey.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id"))
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  // the once-per-account-per-period rule, kept by the database too (a double post answers once)
  await db.schema.createIndex("survey_response_once_idx").unique().on("survey_response").columns(["survey_id", "user_id"]).execute();

  await idColumn(db, db.schema.createTable("survey_answer"))
    .addColumn("response_id", "integer", (c) => c.notNull().references("survey_response.id").onDelete("cascade"))
    .addColumn("question_id", "integer", (c) => c.notNull().references("survey_question.id").onDelete("cascade"))
    .addColumn("score", "integer")
    .addColumn("text", "varchar(2000)")
    .execute();
  await db.schema.createIndex("survey_answer_question_idx").on("survey_answer").columns(["question_id", "score"]).execute();

  await idColumn(db, db.schema.createTable("support_request"))
    .addColumn("request_no", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(10)", (c) => c.notNull()) // sample | tool_body
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id"))
    .addColumn("status", "varchar(12)", (c) => c.notNull()) // submitted | approved | refused | shipped
    .addColumn("end_customer", "varchar(200)", (c) => c.notNull())
    .addColumn("purpose", "varchar(1000)", (c) => c.notNull())
    .addColumn("supply_mode", "varchar(10)") // tool bodies: loan | supply
    .addColumn("reason", "varchar(500)")
    .addColumn("tracking_no", "varchar(60)")
    .addColumn("carrier", "varchar(60)")
    .addColumn("post_token", "varchar(64)", (c) => c.notNull())
    .addColumn("decided_by", "integer")
    .addColumn("decided_at", "varchar(30)")
    .addColumn("shipped_at", "varchar(30)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  // a double post of the request form creates one request
  await db.schema.createIndex("support_request_token_idx").unique().on("support_request").columns(["user_id", "post_token"]).execute();
  await db.schema.createIndex("support_request_customer_idx").on("support_request").columns(["tenant_id", "customer_id", "kind", "created_at"]).execute();
  await db.schema.createIndex("support_request_status_idx").on("support_request").columns(["tenant_id", "status", "created_at"]).execute();

  await idColumn(db, db.schema.createTable("support_request_line"))
    .addColumn("request_id", "integer", (c) => c.notNull().references("support_request.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id"))
    .addColumn("ordering_code", "varchar(60)", (c) => c.notNull())
    .addColumn("qty", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("support_request_line_request_idx").on("support_request_line").column("request_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["support_request_line", "support_request", "survey_answer", "survey_response", "survey_question", "survey"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
