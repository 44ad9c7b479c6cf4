import type { DB } from "~/db/db.server";

/** Number of lines in the user's cart for the current tenant (the header badge). */
export async function countCartLines(db: DB, actor: { id: number; tenantId: number }): Promise<number> {
  const row = await db
    .selectFrom("cart_item")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", actor.id)
    .where("tenant_id", "=", actor.tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
