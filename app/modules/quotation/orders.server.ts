import type { DB } from "~/db/db.server";
import type { Offer, OfferActor } from "~/modules/cart/offers.server";
import { productThumb } from "~/modules/catalogue/thumbnail";
import { takeStep } from "~/modules/services/request-steps.server";
import { addQuoteMessage, QUOTATION } from "./steps.server";

/**
 * The accepted quotation's non-standard item in the cart and in the order (decision 051). Its
 * terms come from the quotation, never from the browser or a price list: the quoted unit price
 * (tax included, the same for every account of the customer), the quoted MOQ, made to order
 * (no stock; the expected ship date is the quoted lead time). Only while the quotation is
 * accepted by this customer in this entity; once ordered, the item has no price any more.
 */
export async function quotedOffers(db: DB, actor: OfferActor, productIds: number[]): Promise<Map<number, Offer>> {
  const out = new Map<number, Offer>();
  const ids = [...new Set(productIds)].filter((n) => Number.isInteger(n) && n > 0);
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("quotation as q")
    .innerJoin("product as p", "p.id", "q.product_id")
    .select([
      "p.id",
      "p.ordering_code",
      "p.name_zh",
      "p.name_en",
      "p.specification",
      "p.unit",
      "p.kind",
      "p.catalogue_code",
      "q.unit_price",
      "q.moq",
      "q.lead_time_days",
    ])
    .where("q.product_id", "in", ids)
    .where("q.customer_id", "=", actor.customerId)
    .where("q.tenant_id", "=", actor.tenantId)
    .where("q.status", "=", "accepted")
    .execute();
  for (const r of rows) {
    out.set(r.id, {
      productId: r.id,
      orderingCode: r.ordering_code,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      specification: r.specification,
      unitLabel: r.unit,
      status: "active",
      moq: r.moq ?? 1,
      mpq: 1,
      unitPrice: r.unit_price,
      stock: 0,
      leadTimeDays: r.lead_time_days ?? 14,
      thumb: productThumb({ orderingCode: r.ordering_code, kind: r.kind, catalogueCode: r.catalogue_code }),
      promotions: [],
    });
  }
  return out;
}

/**
 * Order submission, inside its transaction: the accepted quotation whose item is ordered becomes
 * ordered, once (a step of the request-step engine in the submission's transaction). False when it is not (or no longer) an accepted quotation of this customer: the
 * order must not go through.
 */
export async function markQuotationOrdered(
  trx: DB,
  actor: { id: number; customerId: number; tenantId: number },
  productId: number,
  orderNo: string,
  now = new Date(),
): Promise<boolean> {
  const q = await trx
    .selectFrom("quotation")
    .select(["id", "quote_no"])
    .where("product_id", "=", productId)
    .where("customer_id", "=", actor.customerId)
    .where("tenant_id", "=", actor.tenantId)
    .where("status", "=", "accepted")
    .executeTakeFirst();
  if (!q) return false;
  const { code } = await trx.selectFrom("app_user").select("code").where("id", "=", actor.id).executeTakeFirstOrThrow();
  const who = { id: actor.id, code, author: "dealer" as const };
  const moved = await takeStep(trx, QUOTATION, {
    scope: { id: q.id, tenantId: actor.tenantId, customerId: actor.customerId },
    event: "order",
    now,
    set: () => ({ order_no: orderNo }),
    record: (trx, q, _to, stamp) => addQuoteMessage(trx, q, who, { event: "order", body: orderNo, token: `order:${orderNo}` }, stamp),
    audit: (_q, to) => ({ actor: { id: actor.id, code, tenantId: actor.tenantId }, after: { status: to, orderNo } }),
  });
  return moved.ok;
}
