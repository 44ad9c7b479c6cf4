import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, isPostgres } from "../dialect.server";

/** The entities of catalogue, accounts, carts and orders (see docs/decisions/002-data-model.md). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const money = pg ? "bigint" : "integer";
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  await idColumn(db, db.schema.createTable("tenant"))
    .addColumn("code", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("name_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("name_en", "varchar(200)", (c) => c.notNull())
    .addColumn("show_name_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("show_name_en", "varchar(200)", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull().defaultTo("CNY"))
    .addColumn("tax_rate_bp", "integer", (c) => c.notNull().defaultTo(1300))
    .addColumn("free_shipping_amount", money, (c) => c.notNull().defaultTo(0))
    .addColumn("shipping_fee", money, (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db, db.schema.createTable("customer"))
    .addColumn("code", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("name_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("name_en", "varchar(200)", (c) => c.notNull())
    .addColumn("credit_limit", money, (c) => c.notNull().defaultTo(0))
    .addColumn("payment_terms_days", "integer", (c) => c.notNull().defaultTo(30))
    .addColumn("discount_bp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("export_sales", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();

  await idColumn(db, db.schema.createTable("app_user"))
    .addColumn("code", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customer.id"))
    .addColumn("master_user_id", "integer", (c) => c.references("app_user.id").onDelete("cascade"))
    .addColumn("parties_id", "varchar(40)")
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("email", "varchar(200)", (c) => c.notNull())
    .addColumn("mobile", "varchar(30)", (c) => c.notNull())
    .addColumn("language", "varchar(5)")
    .addColumn("password_hash", "varchar(200)", (c) => c.notNull())
    .addColumn("price_adjustment_bp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("can_order", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("can_see_price", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("can_see_stock", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("erp_account", "varchar(40)")
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("active"))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("app_user_customer_idx").on("app_user").column("customer_id").execute();

  await db.schema
    .createTable("user_tenant")
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("user_tenant_pk", ["user_id", "tenant_id"])
    .execute();

  await idColumn(db, db.schema.createTable("role"))
    .addColumn("code", "varchar(60)", (c) => c.notNull().unique())
    .addColumn("name_zh", "varchar(100)", (c) => c.notNull())
    .addColumn("name_en", "varchar(100)", (c) => c.notNull())
    .addColumn("is_customer", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("user_role")
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("role_id", "integer", (c) => c.notNull().references("role.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_role_pk", ["user_id", "role_id"])
    .execute();

  await idColumn(db, db.schema.createTable("menu"))
    .addColumn("parent_id", "integer", (c) => c.references("menu.id").onDelete("cascade"))
    .addColumn("type", "varchar(10)", (c) => c.notNull())
    .addColumn("name", "varchar(60)", (c) => c.notNull())
    .addColumn("title_zh", "varchar(100)", (c) => c.notNull())
    .addColumn("title_en", "varchar(100)", (c) => c.notNull())
    .addColumn("href", "varchar(300)")
    .addColumn("func_code", "varchar(60)")
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("role_menu")
    .addColumn("role_id", "integer", (c) => c.notNull().references("role.id").onDelete("cascade"))
    .addColumn("menu_id", "integer", (c) => c.notNull().references("menu.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("role_menu_pk", ["role_id", "menu_id"])
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("expires_at", "varchar(30)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("ip", "varchar(64)")
    .addColumn("user_agent", "varchar(300)")
    .execute();
  await db.schema.createIndex("session_user_idx").on("session").column("user_id").execute();

  await idColumn(db, db.schema.createTable("catalogue_node"))
    .addColumn("code", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("parent_code", "varchar(40)")
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("label_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("label_en", "varchar(200)", (c) => c.notNull())
    .addColumn("describe_zh", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("describe_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("show_flag", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_non_standard", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("catalogue_node_parent_idx").on("catalogue_node").columns(["parent_code", "sort"]).execute();

  await idColumn(db, db.schema.createTable("product"))
    .addColumn("ordering_code", "varchar(80)", (c) => c.notNull().unique())
    .addColumn("search_code", "varchar(80)", (c) => c.notNull())
    .addColumn("catalogue_code", "varchar(40)", (c) => c.notNull())
    .addColumn("kind", "varchar(30)", (c) => c.notNull())
    .addColumn("name_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("name_en", "varchar(200)", (c) => c.notNull())
    .addColumn("specification", "varchar(300)", (c) => c.notNull())
    .addColumn("grade", "varchar(20)")
    .addColumn("iso_shape", "varchar(4)")
    .addColumn("iso_size", "varchar(4)")
    .addColumn("nose_radius", "varchar(6)")
    .addColumn("chip_breaker", "varchar(10)")
    .addColumn("material_groups", "varchar(6)", (c) => c.notNull().defaultTo(""))
    .addColumn("fit_key", "varchar(10)")
    .addColumn("attributes", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("unit", "varchar(10)", (c) => c.notNull().defaultTo("pc"))
    .addColumn("mpq", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("moq", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("list_price", "integer")
    .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("active"))
    .addColumn("is_new", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_hot", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("product_catalogue_idx").on("product").columns(["catalogue_code", "ordering_code"]).execute();
  await db.schema.createIndex("product_search_code_idx").on("product").column("search_code").execute();
  await db.schema.createIndex("product_fit_idx").on("product").column("fit_key").execute();

  await db.schema
    .createTable("customer_price")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("price", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("customer_price_pk", ["customer_id", "tenant_id", "product_id"])
    .execute();

  await db.schema
    .createTable("stock")
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("available", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reserved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lead_time_days", "integer", (c) => c.notNull().defaultTo(14))
    .addPrimaryKeyConstraint("stock_pk", ["tenant_id", "product_id"])
    .addCheckConstraint("stock_not_negative", sql`available >= 0`)
    .execute();

  await idColumn(db, db.schema.createTable("cutting_data"))
    .addColumn("grade", "varchar(20)", (c) => c.notNull())
    .addColumn("operation", "varchar(20)", (c) => c.notNull())
    .addColumn("material_group", "varchar(1)", (c) => c.notNull())
    .addColumn("vc_min", "integer", (c) => c.notNull())
    .addColumn("vc_max", "integer", (c) => c.notNull())
    .addColumn("f_min", "real", (c) => c.notNull())
    .addColumn("f_max", "real", (c) => c.notNull())
    .addColumn("ap_min", "real", (c) => c.notNull())
    .addColumn("ap_max", "real", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cutting_data_grade_idx").on("cutting_data").columns(["grade", "operation"]).execute();

  await idColumn(db, db.schema.createTable("promotion"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("kind", "varchar(10)", (c) => c.notNull())
    .addColumn("title_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("title_en", "varchar(200)", (c) => c.notNull())
    .addColumn("starts_at", "varchar(30)", (c) => c.notNull())
    .addColumn("ends_at", "varchar(30)", (c) => c.notNull())
    .addColumn("discount_bp", "integer")
    .addColumn("min_qty", "integer")
    .addColumn("min_amount", money)
    .addColumn("gift_product_id", "integer", (c) => c.references("product.id"))
    .addColumn("gift_qty", "integer")
    .addColumn("per_customer_limit", "integer")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();

  await idColumn(db, db.schema.createTable("promotion_item"))
    .addColumn("promotion_id", "integer", (c) => c.notNull().references("promotion.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("promo_price", "integer")
    .addColumn("flash_stock", "integer")
    .addColumn("flash_sold", "integer", (c) => c.notNull().defaultTo(0))
    .addCheckConstraint("flash_not_oversold", sql`flash_stock is null or flash_sold <= flash_stock`)
    .execute();
  await db.schema.createIndex("promotion_item_product_idx").on("promotion_item").column("product_id").execute();
  await db.schema.createIndex("promotion_item_promotion_idx").on("promotion_item").column("promotion_id").execute();

  await idColumn(db, db.schema.createTable("cart_item"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customer.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("qty", "integer", (c) => c.notNull())
    .addColumn("selected", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("promotion_item_id", "integer", (c) => c.references("promotion_item.id").onDelete("set null"))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("cart_item_unique", ["user_id", "tenant_id", "product_id"])
    .execute();

  await db.schema
    .createTable("favourite")
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("favourite_pk", ["user_id", "product_id"])
    .execute();

  await idColumn(db, db.schema.createTable("address"))
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("consignee", "varchar(60)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull())
    .addColumn("province", "varchar(60)", (c) => c.notNull())
    .addColumn("city", "varchar(60)", (c) => c.notNull())
    .addColumn("district", "varchar(60)", (c) => c.notNull())
    .addColumn("line", "varchar(300)", (c) => c.notNull())
    .addColumn("postcode", "varchar(12)", (c) => c.notNull().defaultTo(""))
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("address_customer_idx").on("address").column("customer_id").execute();

  await idColumn(db, db.schema.createTable("sales_order"))
    .addColumn("order_no", "varchar(30)", (c) => c.notNull().unique())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customer.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id"))
    .addColumn("status", "varchar(30)", (c) => c.notNull())
    .addColumn("po_no", "varchar(60)")
    .addColumn("consignee", "varchar(60)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull())
    .addColumn("address_text", "varchar(500)", (c) => c.notNull())
    .addColumn("payment_method", "varchar(20)", (c) => c.notNull())
    .addColumn("payment_deadline", "varchar(10)")
    .addColumn("expected_delivery_date", "varchar(10)", (c) => c.notNull())
    .addColumn("goods_amount", money, (c) => c.notNull())
    .addColumn("discount_amount", money, (c) => c.notNull().defaultTo(0))
    .addColumn("shipping_fee", money, (c) => c.notNull().defaultTo(0))
    .addColumn("payable_amount", money, (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("remark", "varchar(500)")
    .addColumn("cancel_reason", "varchar(500)")
    .addColumn("submit_token", "varchar(64)", (c) => c.unique())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .addColumn("submitted_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("sales_order_customer_idx").on("sales_order").columns(["customer_id", "tenant_id", "created_at"]).execute();

  await idColumn(db, db.schema.createTable("order_line"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("sales_order.id").onDelete("cascade"))
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id"))
    .addColumn("ordering_code", "varchar(80)", (c) => c.notNull())
    .addColumn("name_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("name_en", "varchar(200)", (c) => c.notNull())
    .addColumn("qty", "integer", (c) => c.notNull())
    .addColumn("unit_price", "integer", (c) => c.notNull())
    .addColumn("discount_amount", money, (c) => c.notNull().defaultTo(0))
    .addColumn("amount", money, (c) => c.notNull())
    .addColumn("promotion_item_id", "integer")
    .addColumn("esd", "varchar(10)")
    .addColumn("ship_date", "varchar(10)")
    .addColumn("shipped_qty", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("order_line_order_idx").on("order_line").column("order_id").execute();

  await idColumn(db, db.schema.createTable("shipment"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("sales_order.id").onDelete("cascade"))
    .addColumn("order_line_id", "integer", (c) => c.notNull().references("order_line.id").onDelete("cascade"))
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.notNull())
    .addColumn("ship_date", "varchar(10)", (c) => c.notNull())
    .addColumn("carrier", "varchar(60)", (c) => c.notNull())
    .addColumn("tracking_no", "varchar(60)", (c) => c.notNull())
    .addColumn("packing_slip_no", "varchar(60)", (c) => c.notNull())
    .addColumn("batch_no", "varchar(60)", (c) => c.notNull())
    .addColumn("qty", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shipment_customer_idx").on("shipment").columns(["customer_id", "tenant_id", "ship_date"]).execute();

  await idColumn(db, db.schema.createTable("notice"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("tenant_id", "integer")
    .addColumn("type", "varchar(40)", (c) => c.notNull())
    .addColumn("title_zh", "varchar(200)", (c) => c.notNull())
    .addColumn("title_en", "varchar(200)", (c) => c.notNull())
    .addColumn("body_zh", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("detail_id", "integer")
    .addColumn("order_no", "varchar(30)")
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("notice_user_idx").on("notice").columns(["user_id", "is_read", "created_at"]).execute();

  await idColumn(db, db.schema.createTable("content"))
    .addColumn("tenant_id", "integer")
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("title_zh", "varchar(300)", (c) => c.notNull())
    .addColumn("title_en", "varchar(300)", (c) => c.notNull())
    .addColumn("body_zh", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("published_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_kind_idx").on("content").columns(["kind", "published_at"]).execute();

  await db.schema
    .createTable("sys_parameter")
    .addColumn("code", "varchar(60)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("description", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("browsing_footprint")
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("viewed_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("browsing_footprint_pk", ["user_id", "product_id"])
    .execute();

  await db.schema
    .createTable("user_module_field")
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("module", "varchar(40)", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_module_field_pk", ["user_id", "module"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "user_module_field",
    "browsing_footprint",
    "sys_parameter",
    "content",
    "notice",
    "shipment",
    "order_line",
    "sales_order",
    "address",
    "favourite",
    "cart_item",
    "promotion_item",
    "promotion",
    "cutting_data",
    "stock",
    "customer_price",
    "product",
    "catalogue_node",
    "session",
    "role_menu",
    "menu",
    "user_role",
    "role",
    "user_tenant",
    "app_user",
    "customer",
    "tenant",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
