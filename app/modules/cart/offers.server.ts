import type { DB } from "~/db/db.server";
import { unitPrice } from "~/modules/pricing/pricing";
import { promotionUnitPrice } from "~/modules/promotions/rules";
import { reservedForCustomer } from "~/modules/support/reservations.server";
import { productThumb, type ThumbKey } from "~/modules/catalogue/thumbnail";
import type { RuleProduct, RulePromotion } from "./rules";

/**
 * Price, stock and promotions of products for an actor, as the cart and the order need them.
 * PRIVATE loader of the orders area until the catalogue publishes its offer function in
 * contracts.md; then the cart switches to it. Prices only through pricing.unitPrice().
 */
export interface OfferActor {
  id: number;
  customerId: number;
  tenantId: number;
  priceAdjustmentBp: number;
}

export interface PromotionOption extends RulePromotion {
  promotionItemId: number;
  promotionId: number;
  titleZh: string;
  titleEn: string;
  unit: number | null; // promotion unit price for this actor
  promoPrice: number | null;
  discountBp: number | null;
  giftProductId: number | null;
}

export interface Offer extends RuleProduct {
  productId: number;
  orderingCode: string;
  nameZh: string;
  nameEn: string;
  specification: string;
  unitLabel: string;
  leadTimeDays: number;
  /** the line's picture (decision 069) */
  thumb: ThumbKey;
  promotions: PromotionOption[];
}

export async function loadOffers(db: DB, actor: OfferActor, productIds: number[], now = new Date()): Promise<Map<number, Offer>> {
  const ids = [...new Set(productIds)].filter((n) => Number.isInteger(n) && n > 0);
  const out = new Map<number, Offer>();
  if (ids.length === 0) return out;
  const nowIso = now.toISOString();
  const [customer, products, promos, held] = await Promise.all([
    db.selectFrom("customer").select(["discount_bp"]).where("id", "=", actor.customerId).executeTakeFirst(),
    db
      .selectFrom("product as p")
      .leftJoin("customer_price as cp", (j) =>
        j.onRef("cp.product_id", "=", "p.id").on("cp.customer_id", "=", actor.customerId).on("cp.tenant_id", "=", actor.tenantId),
      )
      .leftJoin("stock as s", (j) => j.onRef("s.product_id", "=", "p.id").on("s.tenant_id", "=", actor.tenantId))
      .select([
        "p.id",
        "p.ordering_code",
        "p.name_zh",
        "p.name_en",
        "p.specification",
        "p.unit",
        "p.kind",
        "p.catalogue_code",
        "p.status",
        "p.moq",
        "p.mpq",
        // the entity's list price, else the product master's (decision 054)
        (eb) => eb.fn.coalesce("s.list_price", "p.list_price").as("list_price"),
        "cp.price as customer_price",
        "s.available",
        "s.lead_time_days",
      ])
      .where("p.id", "in", ids)
      .execute(),
    db
      .selectFrom("promotion_item as pi")
      .innerJoin("promotion as pr", "pr.id", "pi.promotion_id")
      .select([
        "pi.id as item_id",
        "pi.product_id",
        "pi.promo_price",
        "pi.flash_stock",
        "pi.flash_sold",
        "pr.id as promotion_id",
        "pr.kind",
        "pr.title_zh",
        "pr.title_en",
        "pr.starts_at",
        "pr.ends_at",
        "pr.discount_bp",
        "pr.min_qty",
        "pr.min_amount",
        "pr.gift_product_id",
        "pr.gift_qty",
        "pr.per_customer_limit",
      ])
      .where("pi.product_id", "in", ids)
      .where("pr.tenant_id", "=", actor.tenantId)
      .where("pr.starts_at", "<=", nowIso)
      .where("pr.ends_at", ">", nowIso)
      .orderBy("pi.id")
      .execute(),
    // what the customer's running stock reservations keep for him (decision 052) is his to order
    reservedForCustomer(db, actor, ids, now),
  ]);
  const discountBp = customer?.discount_bp ?? 0;
  // the dealer's own price before a sub-account's adjustment: promotions apply to it (as in the list)
  const dealerPrices = new Map<number, number | null>();
  for (const p of products) {
    const terms = { listPrice: p.list_price, customerPrice: p.customer_price, customerDiscountBp: discountBp };
    dealerPrices.set(p.id, unitPrice({ ...terms, priceAdjustmentBp: 0 }));
    const unit = unitPrice({ ...terms, priceAdjustmentBp: actor.priceAdjustmentBp });
    out.set(p.id, {
      productId: p.id,
      orderingCode: p.ordering_code,
      nameZh: p.name_zh,
      nameEn: p.name_en,
      specification: p.specification,
      unitLabel: p.unit,
      status: p.status,
      moq: p.moq,
      mpq: p.mpq,
      unitPrice: unit,
      stock: (p.available ?? 0) + (held.get(p.id) ?? 0),
      leadTimeDays: p.lead_time_days ?? 14,
      thumb: productThumb({ orderingCode: p.ordering_code, kind: p.kind, catalogueCode: p.catalogue_code }),
      promotions: [],
    });
  }
  for (const r of promos) {
    const offer = out.get(r.product_id);
    if (!offer) continue;
    // Tag-only promotions (new, hot without a price) are badges, not offers to choose.
    if (r.promo_price === null && !r.discount_bp && !r.gift_product_id && r.flash_stock === null) continue;
    offer.promotions.push({
      promotionItemId: r.item_id,
      promotionId: r.promotion_id,
      kind: r.kind,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      active: true, // inside its window (the query's filter); a sold-out flash item gets the stock message
      flashStock: r.flash_stock,
      flashSold: r.flash_sold,
      minQty: r.min_qty,
      minAmount: r.min_amount,
      perCustomerLimit: r.per_customer_limit,
      giftQty: r.gift_qty,
      giftProductId: r.gift_product_id,
      promoPrice: r.promo_price,
      discountBp: r.discount_bp,
      // the one promotion price rule the product list shows too (modules/promotions/rules.ts), so a
      // line costs in the cart what the list said; a promotion that changes no price keeps the price
      unit:
        offer.unitPrice === null
          ? null
          : (promotionUnitPrice({
              dealerPrice: dealerPrices.get(r.product_id) ?? null,
              promoPrice: r.promo_price,
              discountBp: r.discount_bp,
              priceAdjustmentBp: actor.priceAdjustmentBp,
            }) ?? offer.unitPrice),
    });
  }
  return out;
}

/** Products by normalised ordering code (quick order, import): search_code → id. */
export async function findProductsByCode(db: DB, codes: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(codes)].filter(Boolean);
  const map = new Map<string, number>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom("product")
      .select(["id", "search_code"])
      .where("search_code", "in", unique.slice(i, i + 500))
      .execute();
    for (const r of rows) if (!map.has(r.search_code)) map.set(r.search_code, r.id);
  }
  return map;
}
