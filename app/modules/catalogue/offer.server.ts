import type { DB } from "~/db/db.server";
import type { Product } from "~/db/schema";
import { formatDate } from "~/i18n/format";
import { unitPrice } from "~/modules/pricing/pricing";
import { activePromotionItems, type ActivePromotionItem } from "~/modules/promotions/promotions.server";
import { promotionPrices, promotionUnitPrice, type PriceTier, type PromotionKind } from "~/modules/promotions/rules";
import { canGoToCart, estimateShipDate } from "./offer";

/** The product columns an offer is made from (a list that read them already passes them in). */
export const offerProductColumns = ["id", "list_price", "mpq", "moq", "status", "is_new", "is_hot"] as const;
export type OfferProduct = Pick<Product, (typeof offerProductColumns)[number]>;

/**
 * What an actor is offered for a list of products: unit price, stock, ESD, promotions
 * (docs/decisions/022-offers.md). Prices go ONLY through pricing.unitPrice. Without the
 * see-price / see-stock permission the values are null, so they never reach the browser.
 * Published for the cart in /work/notes/contracts.md.
 */
export interface OfferActor {
  id: number;
  customerId: number;
  tenantId: number;
  currency: string;
  canOrder: boolean;
  canSeePrice: boolean;
  canSeeStock: boolean;
  priceAdjustmentBp: number;
}

export interface PromotionTag {
  kind: PromotionKind;
  /** null for the product's own new/hot/delisted flags */
  promotionId: number | null;
  promotionItemId: number | null;
  titleZh: string | null;
  titleEn: string | null;
  endsAt: string | null;
  /** the actor's unit price under this promotion (null: no price change, or price hidden) */
  promoPrice: number | null;
  flashRemaining: number | null;
  perCustomerLimit: number | null;
  minQty: number | null;
  minAmount: number | null;
  giftProductId: number | null;
  giftQty: number | null;
}

export interface Offer {
  productId: number;
  /** the actor's unit price in fen incl. tax; null when on request or hidden */
  price: number | null;
  /** the product has no list price: it cannot go to the cart or to favourites */
  priceOnRequest: boolean;
  /** false when the account may not see prices */
  priceVisible: boolean;
  /**
   * the lowest running promotion price for the actor that holds from the product's least order
   * quantity (no minimum quantity or amount beyond it), if any: the list shows it as the unit price
   */
  bestPromoPrice: number | null;
  /** lower promotion prices that need a larger quantity ("满N件 ¥x", decision 074) */
  promoTiers: PriceTier[];
  /** sellable stock in the actor's tenant (orders already took their reservations out of `available`); null when hidden or signed out */
  stock: number | null;
  stockVisible: boolean;
  /** expected ship date for the MOQ (or the asked quantity); null when stock is hidden */
  esd: string | null;
  leadTimeDays: number | null;
  currency: string;
  tags: PromotionTag[];
  /** the item may be put into the cart by this actor (price, permission, delisted stock) */
  canAddToCart: boolean;
  mpq: number;
  moq: number;
  status: string;
}

const offerProducts = (db: DB, ids: number[]) => db.selectFrom("product").select(offerProductColumns).where("id", "in", ids).execute();
const customerDiscount = (db: DB, customerId: number) => db.selectFrom("customer").select("discount_bp").where("id", "=", customerId).execute();
/**
 * The actor's terms for the products in one read: the entity's stock and list price and the
 * customer's own price (each row probes both primary keys; absent rows give nulls).
 */
const entityTerms = (db: DB, customerId: number, tenantId: number, productIds: number[]) =>
  db
    .selectFrom("product as p")
    .leftJoin("stock as s", (j) => j.onRef("s.product_id", "=", "p.id").on("s.tenant_id", "=", tenantId))
    .leftJoin("customer_price as cp", (j) => j.onRef("cp.product_id", "=", "p.id").on("cp.customer_id", "=", customerId).on("cp.tenant_id", "=", tenantId))
    .select(["p.id as product_id", "s.available", "s.lead_time_days", "s.list_price", "cp.price"])
    .where("p.id", "in", productIds)
    .execute();

/** Prices, stock and tags for the products; anonymous visitors (actor null) get tags only. */
export async function getOffers(
  db: DB,
  actor: OfferActor | null,
  productIds: number[],
  opts: { now?: Date; qtyByProduct?: Map<number, number>; products?: OfferProduct[] } = {},
): Promise<Map<number, Offer>> {
  const now = opts.now ?? new Date();
  const result = new Map<number, Offer>();
  const idList = [...new Set(productIds)].filter((n) => Number.isInteger(n));
  if (!idList.length) return result;

  // a product list passes the rows it has just read (one query less a page)
  const given = opts.products?.filter((p) => idList.includes(p.id));
  const products: OfferProduct[] = given && given.length === idList.length ? given : await offerProducts(db, idList);

  const [[customer], terms, promos] = actor
    ? await Promise.all([
        customerDiscount(db, actor.customerId),
        entityTerms(db, actor.customerId, actor.tenantId, idList),
        activePromotionItems(db, actor.tenantId, idList, now),
      ])
    : [[undefined], [], [] as ActivePromotionItem[]];

  const priceBy = new Map<number, number>();
  const stockBy = new Map<number, { available: number; lead_time_days: number; list_price: number | null }>();
  for (const t of terms) {
    if (t.price !== null) priceBy.set(t.product_id, Number(t.price));
    if (t.available !== null) stockBy.set(t.product_id, { available: t.available, lead_time_days: t.lead_time_days ?? 0, list_price: t.list_price });
  }
  const promosBy = new Map<number, ActivePromotionItem[]>();
  for (const p of promos) promosBy.set(p.productId, [...(promosBy.get(p.productId) ?? []), p]);
  const today = formatDate(now);
  const discountBp = customer?.discount_bp ?? 0;

  for (const p of products) {
    const s = stockBy.get(p.id);
    // the entity's list price, else the product master's (decision 054)
    const entityPrice = s?.list_price ?? p.list_price;
    const listPrice = entityPrice === null ? null : Number(entityPrice);
    const dealerPrice = actor ? unitPrice({ listPrice, customerPrice: priceBy.get(p.id), customerDiscountBp: discountBp, priceAdjustmentBp: 0 }) : null;
    const price = actor
      ? unitPrice({ listPrice, customerPrice: priceBy.get(p.id), customerDiscountBp: discountBp, priceAdjustmentBp: actor.priceAdjustmentBp })
      : null;
    const available = s ? s.available : 0;
    const priceVisible = !!actor?.canSeePrice;
    const stockVisible = !!actor?.canSeeStock;

    const tags: PromotionTag[] = (promosBy.get(p.id) ?? []).map((x) => ({
      kind: x.kind,
      promotionId: x.promotionId,
      promotionItemId: x.promotionItemId,
      titleZh: x.titleZh,
      titleEn: x.titleEn,
      endsAt: x.endsAt,
      promoPrice: priceVisible
        ? promotionUnitPrice({ dealerPrice, promoPrice: x.promoPrice, discountBp: x.discountBp, priceAdjustmentBp: actor!.priceAdjustmentBp })
        : null,
      flashRemaining: stockVisible ? x.flashRemaining : null,
      perCustomerLimit: x.perCustomerLimit,
      minQty: x.minQty,
      minAmount: x.minAmount,
      giftProductId: x.giftProductId,
      giftQty: x.giftQty,
    }));
    const flag = (kind: PromotionKind): PromotionTag => ({
      kind,
      promotionId: null,
      promotionItemId: null,
      titleZh: null,
      titleEn: null,
      endsAt: null,
      promoPrice: null,
      flashRemaining: null,
      perCustomerLimit: null,
      minQty: null,
      minAmount: null,
      giftProductId: null,
      giftQty: null,
    });
    if (p.is_new && !tags.some((t) => t.kind === "new")) tags.push(flag("new"));
    if (p.is_hot && !tags.some((t) => t.kind === "hot")) tags.push(flag("hot"));
    if (p.status === "delisted" && !tags.some((t) => t.kind === "out")) tags.push(flag("out"));
    const promo = promotionPrices({
      unitPrice: priceVisible ? price : null,
      moq: p.moq,
      mpq: p.mpq,
      promotions: tags.map((t) => ({ ...t, price: t.promoPrice })),
    });

    const qty = opts.qtyByProduct?.get(p.id) ?? p.moq;
    result.set(p.id, {
      productId: p.id,
      price: priceVisible ? price : null,
      priceOnRequest: listPrice === null,
      priceVisible,
      bestPromoPrice: promo.fromFirst,
      promoTiers: promo.tiers,
      stock: stockVisible ? available : null,
      stockVisible,
      esd: stockVisible ? estimateShipDate({ available, qty, leadTimeDays: s?.lead_time_days ?? 0, today }) : null,
      leadTimeDays: stockVisible && s ? s.lead_time_days : null,
      currency: actor?.currency ?? "CNY",
      tags,
      canAddToCart: !!actor && canGoToCart({ hasPrice: listPrice !== null, canOrder: actor.canOrder, status: p.status, available }),
      mpq: p.mpq,
      moq: p.moq,
      status: p.status,
    });
  }
  return result;
}
