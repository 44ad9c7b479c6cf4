import type { Kysely } from "kysely";

/**
 * Order statuses `partly_shipped` and `shipped` (issue 26 item 2, decision 030). The status is a
 * plain column, so no schema change: orders that shipped something under the old machine (where
 * a shipment kept the status) move to the status the new one gives them:
 * - confirmed / purchase application created, every line shipped in full → shipped;
 * - the same with something still open → partly shipped (it keeps holding its open stock);
 * - cancelled although something had shipped (the bug of issue 26) → shipped, closed short with
 *   its cancel reason: the cancel already gave the open rest back to stock, as the desk's
 *   "cancel the rest" does now.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("sales_order")
    .set({ status: "shipped" })
    .where("status", "in", ["confirmed", "purchase_application_created", "cancelled"])
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("order_line as l").select("l.id").whereRef("l.order_id", "=", "sales_order.id").where("l.shipped_qty", ">", 0)),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("order_line as l").select("l.id").whereRef("l.order_id", "=", "sales_order.id").whereRef("l.shipped_qty", "<", "l.qty"))),
    )
    .execute();
  for (const [from, to] of [
    ["cancelled", "shipped"],
    ["confirmed", "partly_shipped"],
    ["purchase_application_created", "partly_shipped"],
  ]) {
    await db
      .updateTable("sales_order")
      .set({ status: to })
      .where("status", "=", from)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom("order_line as l").select("l.id").whereRef("l.order_id", "=", "sales_order.id").where("l.shipped_qty", ">", 0)),
      )
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable("sales_order").set({ status: "cancelled" }).where("status", "=", "shipped").where("cancel_reason", "is not", null).execute();
  await db.updateTable("sales_order").set({ status: "confirmed" }).where("status", "in", ["shipped", "partly_shipped"]).execute();
}
