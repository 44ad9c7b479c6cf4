import type { Kysely } from "kysely";

/**
 * The cart pre-selects the best promotion a line qualifies for (issue 29 item 3, decision 065): a
 * line without a chosen promotion gets it, unless the dealer said "no promotion" for it, which this
 * flag keeps. Lines already in carts keep what they had: none chosen now means "the best one".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("cart_item")
    .addColumn("promotion_declined", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cart_item").dropColumn("promotion_declined").execute();
}
