import type { DB } from "~/db/db.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import type { StaffActor } from "./requests.server";

/**
 * The entity's list of marketing items (decision 052): what a dealer may ask for under marketing
 * support — catalogues, posters, display boards, insert showcases, trade-fair or seminar support.
 * Customer support keeps it (names zh/en, the most one request may ask for, active, order); an
 * inactive item is no longer offered, past requests keep its names.
 */
export interface MarketingItemInput {
  nameZh: string;
  nameEn: string;
  maxQty: number;
  active: boolean;
  sort: number;
}

export async function listMarketingItems(db: DB, tenantId: number, opts: { activeOnly?: boolean } = {}) {
  let q = db.selectFrom("marketing_item").select(["id", "name_zh", "name_en", "max_qty", "active", "sort"]).where("tenant_id", "=", tenantId);
  if (opts.activeOnly) q = q.where("active", "=", 1);
  return q.orderBy("sort").orderBy("id").execute();
}

/** Creates (id null) or changes an item of the actor's entity, with an audit entry; another entity's item is not found. */
export async function saveMarketingItem(
  db: DB,
  actor: StaffActor,
  id: number | null,
  input: MarketingItemInput,
  now = new Date(),
): Promise<Result<{ id: number }>> {
  if (!Number.isInteger(input.maxQty) || input.maxQty < 1 || input.maxQty > 500) return fail("support:items.maxQtyRule", undefined, "maxQty");
  const iso = now.toISOString();
  const values = { name_zh: input.nameZh.trim(), name_en: input.nameEn.trim(), max_qty: input.maxQty, active: input.active ? 1 : 0, sort: input.sort };
  return db.transaction().execute(async (trx) => {
    if (id === null) {
      const row = await trx
        .insertInto("marketing_item")
        .values({ ...values, tenant_id: actor.tenantId, created_at: iso, updated_at: iso })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "create", entity: "marketing_item", entityId: String(row.id), after: values }, now);
      return ok({ id: row.id });
    }
    const before = await trx
      .selectFrom("marketing_item")
      .select(["name_zh", "name_en", "max_qty", "active", "sort"])
      .where("id", "=", id)
      .where("tenant_id", "=", actor.tenantId)
      .executeTakeFirst();
    if (!before) throw new NotFoundError("marketing item");
    await trx
      .updateTable("marketing_item")
      .set({ ...values, updated_at: iso })
      .where("id", "=", id)
      .where("tenant_id", "=", actor.tenantId)
      .execute();
    await recordAudit(trx, actor, { action: "update", entity: "marketing_item", entityId: String(id), before, after: values }, now);
    return ok({ id });
  });
}
