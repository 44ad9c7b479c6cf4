import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";

/**
 * Customized (non-standard) tool quotations (decision 051): the tool types a dealer may ask a
 * quotation for and the attributes of each type (the ERP's `cutternonstdquotation/GetAttr`), the
 * requests with their drawings and their conversation. The types and attributes themselves are
 * reference data written by `ensureToolTypes` (modules/quotation/tool-types.server.ts, run by the seed).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable("quote_tool_type"))
    .addColumn("code", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("name_zh", "varchar(60)", (c) => c.notNull())
    .addColumn("name_en", "varchar(60)", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await idColumn(db, db.schema.createTable("quote_attribute"))
    .addColumn("type_id", "integer", (c) => c.notNull().references("quote_tool_type.id").onDelete("cascade"))
    .addColumn("key", "varchar(30)", (c) => c.notNull())
    .addColumn("label_zh", "varchar(60)", (c) => c.notNull())
    .addColumn("label_en", "varchar(60)", (c) => c.notNull())
    .addColumn("kind", "varchar(10)", (c) => c.notNull()) // number | choice | text
    .addColumn("unit", "varchar(10)")
    .addColumn("min_value", "double precision")
    .addColumn("max_value", "double precision")
    .addColumn("choices", "varchar(1000)") // JSON array of the allowed values (kind choice)
    .addColumn("required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quote_attribute_key_idx").unique().on("quote_attribute").columns(["type_id", "key"]).execute();

  await idColumn(db, db.schema.createTable("quotation"))
    .addColumn("quote_no", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id"))
    .addColumn("type_id", "integer", (c) => c.notNull().references("quote_tool_type.id"))
    .addColumn("attributes", "text", (c) => c.notNull()) // JSON object key → value, checked against quote_attribute
    .addColumn("qty", "integer", (c) => c.notNull())
    .addColumn("wanted_date", "varchar(10)")
    .addColumn("material", "varchar(200)", (c) => c.notNull())
    .addColumn("note", "varchar(2000)", (c) => c.notNull())
    .addColumn("status", "varchar(12)", (c) => c.notNull())
    // the order desk's answer (integer fen, tax included)
    .addColumn("unit_price", "integer")
    .addColumn("moq", "integer")
    .addColumn("lead_time_days", "integer")
    .addColumn("valid_until", "varchar(10)")
    .addColumn("quoted_by", "integer")
    .addColumn("quoted_at", "varchar(30)")
    // on acceptance: the customer's private non-standard item, and later the order it went into
    .addColumn("product_id", "integer", (c) => c.references("product.id"))
    .addColumn("order_no", "varchar(40)")
    .addColumn("post_token", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  // a double post of the request form files one request
  await db.schema.createIndex("quotation_token_idx").unique().on("quotation").columns(["user_id", "post_token"]).execute();
  await db.schema.createIndex("quotation_customer_idx").on("quotation").columns(["tenant_id", "customer_id", "updated_at"]).execute();
  await db.schema.createIndex("quotation_status_idx").on("quotation").columns(["tenant_id", "status", "updated_at"]).execute();
  await db.schema.createIndex("quotation_product_idx").unique().on("quotation").column("product_id").execute();

  await idColumn(db, db.schema.createTable("quotation_message"))
    .addColumn("quotation_id", "integer", (c) => c.notNull().references("quotation.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("user_code", "varchar(40)", (c) => c.notNull())
    .addColumn("author", "varchar(10)", (c) => c.notNull()) // dealer | staff
    .addColumn("event", "varchar(12)", (c) => c.notNull()) // submit | quote | ask | answer | accept | decline | cancel | order
    .addColumn("body", "varchar(2000)", (c) => c.notNull())
    .addColumn("unit_price", "integer")
    .addColumn("moq", "integer")
    .addColumn("lead_time_days", "integer")
    .addColumn("valid_until", "varchar(10)")
    .addColumn("post_token", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  // one effect per posted form
  await db.schema.createIndex("quotation_message_token_idx").unique().on("quotation_message").columns(["quotation_id", "post_token"]).execute();

  await idColumn(db, db.schema.createTable("quotation_file"))
    .addColumn("quotation_id", "integer", (c) => c.notNull().references("quotation.id").onDelete("cascade"))
    .addColumn("file_key", "varchar(60)", (c) => c.notNull())
    .addColumn("file_type", "varchar(60)", (c) => c.notNull())
    .addColumn("file_size", "integer", (c) => c.notNull())
    .addColumn("file_name", "varchar(200)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quotation_file_quotation_idx").on("quotation_file").column("quotation_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["quotation_file", "quotation_message", "quotation", "quote_attribute", "quote_tool_type"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
