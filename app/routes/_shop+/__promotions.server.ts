import { notFound, requireUser } from "~/utils/guard.server";
import { productsByIds } from "~/modules/catalogue/catalogue.server";
import { buildListItems, listContext } from "~/modules/catalogue/listing.server";
import { pageBase, returnPath } from "~/utils/page.server";
import { getPromotion, listPromotions } from "~/modules/promotions/promotions.server";
import { promotionState } from "~/modules/promotions/rules";

/** Loaders of /promotion, /rushToPurchase and their promotionItem children (flash = rushToPurchase). */
export async function loadPromotionList(request: Request, flash: boolean) {
  const { db, user, lang } = await pageBase(request);
  const now = new Date();
  const promotions = user ? await listPromotions(db, { tenantId: user.tenantId, lang, flash, now }) : [];
  return {
    signedIn: !!user,
    promotions: promotions.map((p) => ({ ...p, state: promotionState(p, now) })),
    now: now.toISOString(),
    currency: user?.currency ?? "CNY",
    lang,
  };
}

export async function loadPromotionItem(request: Request, flash: boolean) {
  // promotions are per company: sign in first
  const user = await requireUser(request);
  const { db, lang, url } = await pageBase(request);
  const id = Number(url.searchParams.get("id"));
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  const promo = await getPromotion(db, { tenantId: user.tenantId, id, lang });
  if (!promo || (promo.kind === "flash") !== flash) notFound();
  const now = new Date();
  const rows = await productsByIds(
    db,
    promo.items.map((i) => i.productId),
    lang,
  );
  // a promotion's page buys under that promotion: its rows post its item (a product list posts none)
  const itemOf = new Map(promo.items.map((i) => [i.productId, i.id]));
  const items = (await buildListItems(db, user, rows, lang, now)).map((i) => ({ ...i, promotionItemId: itemOf.get(i.id) ?? null }));
  return {
    promotion: { ...promo, state: promotionState(promo, now), items: undefined },
    flashLeft: Object.fromEntries(promo.items.map((i) => [i.productId, user.canSeeStock ? i.flashRemaining : null])),
    items,
    ctx: listContext(user),
    redirectTo: returnPath(url),
    now: now.toISOString(),
    lang,
  };
}
