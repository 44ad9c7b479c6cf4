import type { Selectable } from "kysely";
import type { DB } from "~/db/db.server";
import type { PromotionTable } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { flashRemaining, type PromotionKind } from "./rules";

/** Promotions of a tenant (docs/decisions/023-promotions.md). Reads only; the cart applies them. */

export interface ActivePromotionItem {
  promotionId: number;
  promotionItemId: number;
  productId: number;
  kind: PromotionKind;
  titleZh: string;
  titleEn: string;
  startsAt: string;
  endsAt: string;
  promoPrice: number | null;
  discountBp: number | null;
  flashRemaining: number | null;
  perCustomerLimit: number | null;
  minQty: number | null;
  minAmount: number | null;
  giftProductId: number | null;
  giftQty: number | null;
}

const activeItemRows = (db: DB, tenantId: number, productIds: number[], iso: string) =>
  db
    .selectFrom("promotion_item as i")
    .innerJoin("promotion as p", "p.id", "i.promotion_id")
    .select([
      "p.id as promotion_id",
      "i.id as item_id",
      "i.product_id",
      "p.kind",
      "p.title_zh",
      "p.title_en",
      "p.starts_at",
      "p.ends_at",
      "i.promo_price",
      "p.discount_bp",
      "i.flash_stock",
      "i.flash_sold",
      "p.per_customer_limit",
      "p.min_qty",
      "p.min_amount",
      "p.gift_product_id",
      "p.gift_qty",
    ])
    .where("p.tenant_id", "=", tenantId)
    .where("i.product_id", "in", productIds)
    .where("p.starts_at", "<=", iso)
    .where("p.ends_at", ">", iso)
    .orderBy("p.ends_at")
    .execute();

/** The running promotions of the tenant that contain these products. */
export async function activePromotionItems(db: DB, tenantId: number, productIds: number[], now = new Date()): Promise<ActivePromotionItem[]> {
  if (!productIds.length) return [];
  const rows = await activeItemRows(db, tenantId, productIds, now.toISOString());
  return rows.map(toItem);
}

function toItem(r: {
  promotion_id: number;
  item_id: number;
  product_id: number;
  kind: string;
  title_zh: string;
  title_en: string;
  starts_at: string;
  ends_at: string;
  promo_price: number | null;
  discount_bp: number | null;
  flash_stock: number | null;
  flash_sold: number;
  per_customer_limit: number | null;
  min_qty: number | null;
  min_amount: number | null;
  gift_product_id: number | null;
  gift_qty: number | null;
}): ActivePromotionItem {
  return {
    promotionId: r.promotion_id,
    promotionItemId: r.item_id,
    productId: r.product_id,
    kind: r.kind as PromotionKind,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    promoPrice: r.promo_price === null ? null : Number(r.promo_price),
    discountBp: r.discount_bp,
    flashRemaining: flashRemaining({ flashStock: r.flash_stock, flashSold: r.flash_sold }),
    perCustomerLimit: r.per_customer_limit,
    minQty: r.min_qty,
    minAmount: r.min_amount === null ? null : Number(r.min_amount),
    giftProductId: r.gift_product_id,
    giftQty: r.gift_qty,
  };
}

export interface PromotionSummary {
  id: number;
  kind: PromotionKind;
  title: string;
  startsAt: string;
  endsAt: string;
  discountBp: number | null;
  minQty: number | null;
  minAmount: number | null;
  perCustomerLimit: number | null;
  giftProductCode: string | null;
  giftQty: number | null;
  itemCount: number;
}

/** Running and upcoming promotions of the tenant (flash sales only, or all others). */
export async function listPromotions(
  db: DB,
  input: { tenantId: number; lang: Language; flash: boolean; now?: Date; limit?: number },
): Promise<PromotionSummary[]> {
  const iso = (input.now ?? new Date()).toISOString();
  let q = db
    .selectFrom("promotion as p")
    .leftJoin("product as g", "g.id", "p.gift_product_id")
    .select((eb) => [
      "p.id",
      "p.kind",
      "p.title_zh",
      "p.title_en",
      "p.starts_at",
      "p.ends_at",
      "p.discount_bp",
      "p.min_qty",
      "p.min_amount",
      "p.per_customer_limit",
      "p.gift_qty",
      "g.ordering_code as gift_code",
      eb
        .selectFrom("promotion_item as i")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("i.promotion_id", "=", "p.id")
        .as("item_count"),
    ])
    .where("p.tenant_id", "=", input.tenantId)
    .where("p.ends_at", ">", iso);
  q = input.flash ? q.where("p.kind", "=", "flash") : q.where("p.kind", "!=", "flash");
  const rows = await q
    .orderBy("p.starts_at")
    .orderBy("p.id")
    .limit(input.limit ?? 100)
    .execute();
  return rows.map((r) => ({ ...toSummaryFields(r, input.lang), itemCount: Number(r.item_count ?? 0) }));
}

/** A promotion as read for a list or a page: its columns and the gift's ordering code. */
type PromotionRow = Pick<
  Selectable<PromotionTable>,
  "id" | "kind" | "title_zh" | "title_en" | "starts_at" | "ends_at" | "discount_bp" | "min_qty" | "min_amount" | "per_customer_limit" | "gift_qty"
> & { gift_code: string | null };

/** The fields a promotion list and a promotion page share. */
function toSummaryFields(r: PromotionRow, lang: Language): Omit<PromotionSummary, "itemCount"> {
  return {
    id: r.id,
    kind: r.kind as PromotionKind,
    title: lang === "en" ? r.title_en : r.title_zh,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    discountBp: r.discount_bp,
    minQty: r.min_qty,
    minAmount: r.min_amount === null ? null : Number(r.min_amount),
    perCustomerLimit: r.per_customer_limit,
    giftProductCode: r.gift_code ?? null,
    giftQty: r.gift_qty,
  };
}

/** One promotion of the tenant with its product ids; null for another tenant's or unknown id. */
export async function getPromotion(db: DB, input: { tenantId: number; id: number; lang: Language }) {
  const p = await db
    .selectFrom("promotion as p")
    .leftJoin("product as g", "g.id", "p.gift_product_id")
    .selectAll("p")
    .select("g.ordering_code as gift_code")
    .where("p.id", "=", input.id)
    .where("p.tenant_id", "=", input.tenantId)
    .executeTakeFirst();
  if (!p) return null;
  const items = await db
    .selectFrom("promotion_item")
    .select(["id", "product_id", "promo_price", "flash_stock", "flash_sold"])
    .where("promotion_id", "=", p.id)
    .orderBy("id")
    .limit(500)
    .execute();
  return {
    ...toSummaryFields(p, input.lang),
    items: items.map((i) => ({
      id: i.id,
      productId: i.product_id,
      flashRemaining: flashRemaining({ flashStock: i.flash_stock, flashSold: i.flash_sold }),
      flashStock: i.flash_stock,
    })),
  };
}
