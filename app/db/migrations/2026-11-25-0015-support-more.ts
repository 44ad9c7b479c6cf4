import type { Kysely } from "kysely";
import { idColumn } from "../dialect.server";

/**
 * Marketing support and stock reservation (decisions 050, 052).
 * - `marketing_item`: the entity's list of marketing items (catalogues, posters, display boards,
 *   showcases, fair support …) a dealer can ask for; `support_request` gets a third kind
 *   `marketing` whose lines are `support_request_item` rows (the item's names kept as asked) and a
 *   wanted date.
 * - `stock.project_reserved`: stock set aside for approved reservations (it left `available`).
 * - `stock_reservation` with its lines: requested, approved, ordered and released quantities;
 *   `stock_reservation_use`: which order drew how much from which line.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable("marketing_item"))
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("name_zh", "varchar(100)", (c) => c.notNull())
    .addColumn("name_en", "varchar(100)", (c) => c.notNull())
    .addColumn("max_qty", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("marketing_item_tenant_idx").on("marketing_item").columns(["tenant_id", "sort"]).execute();

  await db.schema.alterTable("support_request").addColumn("wanted_date", "varchar(10)").execute();
  await idColumn(db, db.schema.createTable("support_request_item"))
    .addColumn("request_id", "integer", (c) => c.notNull().references("support_request.id").onDelete("cascade"))
    .addColumn("marketing_item_id", "integer", (c) => c.notNull().references("marketing_item.id"))
    .addColumn("name_zh", "varchar(100)", (c) => c.notNull())
    .addColumn("name_en", "varchar(100)", (c) => c.notNull())
    .addColumn("qty", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("support_request_item_request_idx").on("support_request_item").column("request_id").execute();

  await db.schema
    .alterTable("stock")
    .addColumn("project_reserved", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db, db.schema.createTable("stock_reservation"))
    .addColumn("reservation_no", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id"))
    .addColumn("status", "varchar(12)", (c) => c.notNull()) // submitted | approved | refused | withdrawn | released
    .addColumn("end_customer", "varchar(200)", (c) => c.notNull())
    .addColumn("project", "varchar(200)", (c) => c.notNull())
    .addColumn("starts_on", "varchar(10)", (c) => c.notNull())
    .addColumn("ends_on", "varchar(10)", (c) => c.notNull())
    .addColumn("remark", "varchar(1000)")
    .addColumn("reason", "varchar(500)")
    .addColumn("post_token", "varchar(64)", (c) => c.notNull())
    .addColumn("decided_by", "integer")
    .addColumn("decided_at", "varchar(30)")
    .addColumn("released_at", "varchar(30)")
    .addColumn("release_cause", "varchar(10)") // staff | dealer | expired
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("stock_reservation_token_idx").unique().on("stock_reservation").columns(["user_id", "post_token"]).execute();
  await db.schema.createIndex("stock_reservation_customer_idx").on("stock_reservation").columns(["tenant_id", "customer_id", "status"]).execute();
  await db.schema.createIndex("stock_reservation_status_idx").on("stock_reservation").columns(["tenant_id", "status", "ends_on"]).execute();

  await idColumn(db, db.schema.createTable("stock_reservation_line"))
    .addColumn("reservation_id", "integer", (c) => c.notNull().references("stock_reservation.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id"))
    .addColumn("ordering_code", "varchar(60)", (c) => c.notNull())
    .addColumn("qty", "integer", (c) => c.notNull())
    .addColumn("approved_qty", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ordered_qty", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("released_qty", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("stock_reservation_line_idx").on("stock_reservation_line").columns(["reservation_id"]).execute();
  await db.schema.createIndex("stock_reservation_line_product_idx").on("stock_reservation_line").columns(["product_id"]).execute();

  await idColumn(db, db.schema.createTable("stock_reservation_use"))
    .addColumn("line_id", "integer", (c) => c.notNull().references("stock_reservation_line.id").onDelete("cascade"))
    .addColumn("order_no", "varchar(30)", (c) => c.notNull())
    .addColumn("qty", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("stock_reservation_use_line_idx").on("stock_reservation_use").column("line_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["stock_reservation_use", "stock_reservation_line", "stock_reservation", "support_request_item", "marketing_item"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.alterTable("stock").dropColumn("project_reserved").execute();
  await db.schema.alterTable("support_request").dropColumn("wanted_date").execute();
}
