import type { Kysely } from "kysely";

/**
 * The dealer may take fewer free-gift pieces than a line's promotion gives, or none (issue 29 item 6,
 * spec §5 "free gift quantity cannot exceed the allowed amount", decision 074): the quantity he chose
 * is kept on the cart line. Null, as in every line already in a cart, means the whole allowance.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cart_item").addColumn("gift_qty", "integer").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cart_item").dropColumn("gift_qty").execute();
}
