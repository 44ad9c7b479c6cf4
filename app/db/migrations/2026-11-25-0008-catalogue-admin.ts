import type { Kysely } from "kysely";

/**
 * Customers and prices, catalogue editing (issue 17 items 3 and 4; decision 045): a dealer may
 * have its own free-shipping threshold (null: the company entity's). Prices, stock, catalogue
 * nodes and products already have their tables.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customer").addColumn("free_shipping_amount", "integer").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customer").dropColumn("free_shipping_amount").execute();
}
