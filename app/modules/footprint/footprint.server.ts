import type { DB } from "~/db/db.server";

/** Browsing footprint: the products a signed-in user viewed, one row per product (latest view). */
export async function recordView(db: DB, user: { id: number }, productId: number, now = new Date()): Promise<void> {
  await db
    .insertInto("browsing_footprint")
    .values({ user_id: user.id, product_id: productId, viewed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doUpdateSet({ viewed_at: now.toISOString() }))
    .execute();
}

/** The user's recently viewed product ids, newest first (for the personal area). */
export async function recentViews(db: DB, user: { id: number }, limit = 20): Promise<{ productId: number; viewedAt: string }[]> {
  const rows = await db
    .selectFrom("browsing_footprint")
    .select(["product_id", "viewed_at"])
    .where("user_id", "=", user.id)
    .orderBy("viewed_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ productId: r.product_id, viewedAt: r.viewed_at }));
}
