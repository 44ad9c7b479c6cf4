import type { DB } from "~/db/db.server";

const cartLineCount = (db: DB, userId: number, tenantId: number) =>
  db
    .selectFrom("cart_item")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("tenant_id", "=", tenantId)
    .execute();

/** Number of lines in the user's cart for the current tenant (the header badge). */
export async function countCartLines(db: DB, actor: { id: number; tenantId: number }): Promise<number> {
  const [row] = await cartLineCount(db, actor.id, actor.tenantId);
  return Number(row.n);
}
