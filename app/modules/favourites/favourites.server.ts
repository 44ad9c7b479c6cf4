import type { DB } from "~/db/db.server";
import { fail, ok, type Result } from "~/modules/result";

/** Favourites of one user (spec: items with an empty price cannot go to favourites). */
export const FAVOURITES_LIMIT = 500;

export type FavouriteResult = Result;

export async function addFavourite(db: DB, user: { id: number; tenantId: number }, productId: number): Promise<FavouriteResult> {
  // the user's entity's list price, else the product master's (decision 054)
  const p = await db
    .selectFrom("product as p")
    .leftJoin("stock as s", (j) => j.onRef("s.product_id", "=", "p.id").on("s.tenant_id", "=", user.tenantId))
    .select(["p.id", (eb) => eb.fn.coalesce("s.list_price", "p.list_price").as("list_price")])
    .where("p.id", "=", productId)
    .executeTakeFirst();
  if (!p) return fail("catalogue:favourite.notFound");
  if (p.list_price === null) return fail("catalogue:favourite.priceEmpty");
  await db
    .insertInto("favourite")
    .values({ user_id: user.id, product_id: productId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .execute();
  return ok();
}

export async function removeFavourite(db: DB, user: { id: number }, productId: number): Promise<void> {
  await db.deleteFrom("favourite").where("user_id", "=", user.id).where("product_id", "=", productId).execute();
}

/** The user's favourite product ids, newest first. */
export async function listFavouriteIds(db: DB, user: { id: number }): Promise<number[]> {
  const rows = await db
    .selectFrom("favourite")
    .select("product_id")
    .where("user_id", "=", user.id)
    .orderBy("created_at", "desc")
    .orderBy("product_id", "desc")
    .limit(FAVOURITES_LIMIT)
    .execute();
  return rows.map((r) => r.product_id);
}

const favouriteIds = (db: DB, userId: number, productIds: number[]) =>
  db.selectFrom("favourite").select("product_id").where("user_id", "=", userId).where("product_id", "in", productIds).execute();

/** Which of these products the user has in favourites. */
export async function favouriteSet(db: DB, user: { id: number } | null, productIds: number[]): Promise<Set<number>> {
  if (!user || !productIds.length) return new Set();
  const rows = await favouriteIds(db, user.id, productIds);
  return new Set(rows.map((r) => r.product_id));
}
