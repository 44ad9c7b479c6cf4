import type { Kysely } from "kysely";

/**
 * The order desk (decision 044): the dealer's requested date of a line kept when the desk
 * proposes another, the one-time token of a shipment form (a double post records one shipment)
 * and when a shipment was recorded; indexes for the desk's list of all orders of a company entity
 * (newest first, by status, by PO number, with open lines).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_line").addColumn("requested_date", "varchar(10)").execute();
  await db.schema.alterTable("shipment").addColumn("post_token", "varchar(64)").execute();
  await db.schema.alterTable("shipment").addColumn("created_at", "varchar(30)").execute();
  await db.schema.createIndex("shipment_post_token_idx").unique().on("shipment").columns(["post_token", "order_line_id"]).execute();
  await db.schema.createIndex("shipment_order_idx").on("shipment").column("order_id").execute();
  await db.schema.createIndex("sales_order_tenant_created_idx").on("sales_order").columns(["tenant_id", "created_at", "id"]).execute();
  await db.schema.createIndex("sales_order_tenant_status_idx").on("sales_order").columns(["tenant_id", "status", "created_at", "id"]).execute();
  // covering indexes: the PO-number filter scans (tenant, po_no, status) instead of the wide rows;
  // "to ship" and the open-line counts read (order_id, shipped_qty, qty) without the lines' rows
  await db.schema.createIndex("sales_order_tenant_po_idx").on("sales_order").columns(["tenant_id", "po_no", "status"]).execute();
  await db.schema.createIndex("order_line_open_idx").on("order_line").columns(["order_id", "shipped_qty", "qty"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("order_line_open_idx").ifExists().execute();
  await db.schema.dropIndex("sales_order_tenant_po_idx").ifExists().execute();
  await db.schema.dropIndex("sales_order_tenant_status_idx").ifExists().execute();
  await db.schema.dropIndex("sales_order_tenant_created_idx").ifExists().execute();
  await db.schema.dropIndex("shipment_order_idx").ifExists().execute();
  await db.schema.dropIndex("shipment_post_token_idx").ifExists().execute();
  await db.schema.alterTable("shipment").dropColumn("created_at").execute();
  await db.schema.alterTable("shipment").dropColumn("post_token").execute();
  await db.schema.alterTable("order_line").dropColumn("requested_date").execute();
}
