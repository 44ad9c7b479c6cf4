import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import type { SessionUser } from "~/modules/auth/sessions.server";
import { favouriteSet } from "~/modules/favourites/favourites.server";
import type { PriceTier, PromotionKind } from "~/modules/promotions/rules";
import type { ProductRow } from "./catalogue.server";
import { getOffers, type Offer } from "./offer.server";
import { productThumb, type ThumbKey } from "./thumbnail";

/**
 * One row of a product list as sent to the browser: only what the table shows, and no price
 * or stock at all when the account may not see them.
 */
export interface ListItem {
  id: number;
  code: string;
  name: string;
  spec: string;
  price: number | null;
  /** the promotion price from the least order quantity on; larger quantities' lower prices in promoTiers */
  promoPrice: number | null;
  promoTiers: PriceTier[];
  onRequest: boolean;
  stock: number | null;
  esd: string | null;
  mpq: number;
  moq: number;
  tags: { kind: PromotionKind; title: string | null; promotionItemId: number | null }[];
  fav: boolean;
  canCart: boolean;
  /**
   * the promotion item a cart add posts: none in a product list (the cart pre-selects the best one
   * the line qualifies for, decision 065); a promotion's own page posts its item
   */
  promotionItemId: number | null;
  /** the row's picture (decision 069), told from the code, kind and node the row already has */
  thumb: ThumbKey;
}

export interface ListContext {
  signedIn: boolean;
  priceVisible: boolean;
  stockVisible: boolean;
  /** the account may order and its roles hold `cart:add`: the rows get their cart form */
  canOrder: boolean;
  /** its roles hold `favourite:add`: the rows get their star */
  canFavourite: boolean;
  currency: string;
}

export function listContext(user: (SessionUser & { funcCodes: ReadonlySet<string> }) | null): ListContext {
  return {
    signedIn: !!user,
    priceVisible: !!user?.canSeePrice,
    stockVisible: !!user?.canSeeStock,
    canOrder: !!user?.canOrder && user.funcCodes.has("cart:add"),
    canFavourite: !!user?.funcCodes.has("favourite:add"),
    currency: user?.currency ?? "CNY",
  };
}

export function toListItem(row: ProductRow, offer: Offer | undefined, fav: boolean, lang: Language): ListItem {
  return {
    id: row.id,
    code: row.orderingCode,
    name: row.name,
    spec: row.specification,
    price: offer?.price ?? null,
    promoPrice: offer?.bestPromoPrice ?? null,
    promoTiers: offer?.promoTiers ?? [],
    onRequest: offer?.priceOnRequest ?? false,
    stock: offer?.stock ?? null,
    esd: offer?.esd ?? null,
    mpq: offer?.mpq ?? 1,
    moq: offer?.moq ?? 1,
    tags: (offer?.tags ?? []).map((t) => ({ kind: t.kind, title: lang === "en" ? t.titleEn : t.titleZh, promotionItemId: t.promotionItemId })),
    fav,
    canCart: offer?.canAddToCart ?? false,
    promotionItemId: null,
    thumb: productThumb(row),
  };
}

/** Offers and favourite flags for a page of product rows. */
export async function buildListItems(db: DB, user: SessionUser | null, rows: ProductRow[], lang: Language, now = new Date()): Promise<ListItem[]> {
  const ids = rows.map((r) => r.id);
  const [offers, favs] = await Promise.all([getOffers(db, user, ids, { now, products: rows.map((r) => r.offerBase) }), favouriteSet(db, user, ids)]);
  return rows.map((r) => toListItem(r, offers.get(r.id), favs.has(r.id), lang));
}
