import type { DB } from "~/db/db.server";
import { ok, type Result } from "~/modules/result";
import { orderTotals, priceLine, type PricedLine, type Totals } from "~/modules/orders/totals";
import { quotedOffers } from "~/modules/quotation/orders.server";
import { findProductsByCode, loadOffers, type Offer, type OfferActor, type PromotionOption } from "./offers.server";
import {
  bestPromotion,
  checkGift,
  checkPermission,
  chosenGiftQty,
  giftAllowance,
  checkPrice,
  checkProductChosen,
  normaliseCode,
  parseQuickOrder,
  qualifiesFor,
  QUICK_ORDER_MAX_LINES,
  validateCartLine,
  validateOrderLine,
  type RuleError,
} from "./rules";

/**
 * The cart of a user in the current tenant: reads and changes, every one scoped by the actor's
 * user, customer and tenant. Rules come from rules.ts; prices from the offer loader.
 */
export interface CartActor extends OfferActor {
  canOrder: boolean;
}

/** What a cart change says: the message to show once it is done (an i18n key and its values), or why not. */
export type CartResult = Result<{ key: string; values?: Record<string, string | number> }>;

export interface CartLineView {
  id: number;
  productId: number;
  qty: number;
  selected: boolean;
  offer: Offer | null;
  /** the promotion the line is priced with: the dealer's choice, else the best one it qualifies for */
  promotionItemId: number | null;
  promotion: PromotionOption | null;
  /** how that promotion came: chosen by the dealer, pre-selected by the cart, or declined ("no promotion") */
  promotionSource: "chosen" | "best" | "declined";
  options: PromotionOption[];
  /** the options the line qualifies for now (quantity, amount, limits, flash stock) */
  qualifying: number[];
  priced: PricedLine | null;
  error: RuleError | null; // why this line cannot be ordered now
  stockError: RuleError | null; // stock shortage (blocks the order, not the cart)
  /** an accepted quotation's non-standard item (decision 051): quoted price, made to order, no stock */
  madeToOrder: boolean;
  /** the free gift the line's promotion gives with its quantity (spec §5), shown before the order is placed */
  gift: CartGift | null;
}

/**
 * A free gift: the gift product, how many pieces the line's promotion gives for its quantity
 * (`allowance`, computed here, never posted) and how many the dealer takes (`qty`, 0 to the
 * allowance: his choice, cut to the allowance on every read; decision 074).
 */
export interface CartGift {
  productId: number;
  orderingCode: string;
  nameZh: string;
  nameEn: string;
  qty: number;
  allowance: number;
}

export interface CartView {
  lines: CartLineView[];
  totals: Totals;
  tenant: { free_shipping_amount: number; shipping_fee: number; currency: string };
  selectedCount: number;
  allSelected: boolean;
  unchosenPromotions: boolean;
  invalidSelected: boolean;
}

/**
 * The offers of these products: the catalogue's, and for an accepted quotation's non-standard
 * item its quoted terms instead (decision 051).
 */
async function cartOffers(db: DB, actor: CartActor, productIds: number[], now: Date) {
  const [offers, quoted] = await Promise.all([loadOffers(db, actor, productIds, now), quotedOffers(db, actor, productIds)]);
  for (const [id, offer] of quoted) offers.set(id, offer);
  return { offers, quoted };
}

async function promotionPurchases(db: DB, actor: CartActor, itemIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (itemIds.length === 0) return map;
  const rows = await db
    .selectFrom("order_line as l")
    .innerJoin("sales_order as o", "o.id", "l.order_id")
    .select(["l.promotion_item_id", (eb) => eb.fn.sum<number>("l.qty").as("qty")])
    .where("o.customer_id", "=", actor.customerId)
    .where("o.tenant_id", "=", actor.tenantId)
    .where("o.status", "not in", ["cancelled", "to_be_submitted"])
    .where("l.promotion_item_id", "in", itemIds)
    .groupBy("l.promotion_item_id")
    .execute();
  for (const r of rows) map.set(r.promotion_item_id!, Number(r.qty));
  return map;
}

export async function getCart(db: DB, actor: CartActor, now = new Date()): Promise<CartView> {
  const [rows, tenant] = await Promise.all([
    db
      .selectFrom("cart_item")
      .select(["id", "product_id", "qty", "selected", "promotion_item_id", "promotion_declined", "gift_qty"])
      .where("user_id", "=", actor.id)
      .where("tenant_id", "=", actor.tenantId)
      .where("customer_id", "=", actor.customerId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("tenant")
      .select((eb) => [
        // the dealer's own free-shipping threshold when it has one (decision 045), else the entity's
        eb.fn
          .coalesce(
            eb.selectFrom("customer").select("customer.free_shipping_amount").where("customer.id", "=", actor.customerId),
            "tenant.free_shipping_amount",
          )
          .as("free_shipping_amount"),
        "shipping_fee",
        "currency",
      ])
      .where("id", "=", actor.tenantId)
      .executeTakeFirstOrThrow(),
  ]);
  const { offers, quoted } = await cartOffers(
    db,
    actor,
    rows.map((r) => r.product_id),
    now,
  );
  // what the customer bought under every promotion a line may take (per-customer limits)
  const bought = await promotionPurchases(db, actor, [
    ...new Set(
      rows.flatMap((r) => [
        ...(r.promotion_item_id ? [r.promotion_item_id] : []),
        ...(offers.get(r.product_id)?.promotions ?? []).map((o) => o.promotionItemId),
      ]),
    ),
  ]);
  const alreadyBought = (promotionItemId: number) => bought.get(promotionItemId) ?? 0;
  const lines: CartLineView[] = rows.map((r) => {
    const offer = offers.get(r.product_id) ?? null;
    const options = offer?.promotions ?? [];
    const unitPrice = offer?.unitPrice ?? null;
    const qualifying = unitPrice === null ? [] : options.filter((o) => qualifiesFor(o, { qty: r.qty, unitPrice, alreadyBought }));
    // the dealer's choice; else, unless he declined, the best promotion the line qualifies for (decision 065)
    const promotionSource = r.promotion_item_id ? "chosen" : r.promotion_declined ? "declined" : "best";
    const promotion =
      promotionSource === "chosen"
        ? (options.find((o) => o.promotionItemId === r.promotion_item_id) ?? null)
        : promotionSource === "best" && unitPrice !== null
          ? bestPromotion(options, { qty: r.qty, unitPrice, alreadyBought })
          : null;
    let error = validateCartLine({
      actor,
      product: offer,
      qty: r.qty,
      promotion: r.promotion_item_id ? promotion : undefined,
      alreadyBought: r.promotion_item_id ? alreadyBought(r.promotion_item_id) : 0,
    });
    let stockError: RuleError | null = null;
    const madeToOrder = quoted.has(r.product_id);
    if (!error && offer && !madeToOrder) stockError = validateOrderLine({ actor, product: offer, qty: r.qty });
    const priced = offer && offer.unitPrice !== null ? priceLine(offer.unitPrice, r.qty, promotion?.unit ?? offer.unitPrice) : null;
    if (!error && !priced) error = { key: "order:rules.emptyPrice" };
    return {
      id: r.id,
      productId: r.product_id,
      qty: r.qty,
      selected: r.selected === 1,
      offer,
      promotionItemId: promotionSource === "chosen" ? r.promotion_item_id : (promotion?.promotionItemId ?? null),
      promotion,
      promotionSource,
      options,
      qualifying: qualifying.map((o) => o.promotionItemId),
      priced,
      error,
      stockError,
      madeToOrder,
      gift: null,
    };
  });
  await attachGifts(db, lines, new Map(rows.map((r) => [r.id, r.gift_qty])));
  const selected = lines.filter((l) => l.selected);
  const valid = selected.filter((l) => !l.error && l.priced);
  return {
    lines,
    totals: orderTotals(
      valid.map((l) => l.priced!),
      tenant,
    ),
    tenant,
    selectedCount: selected.length,
    allSelected: lines.length > 0 && selected.length === lines.length,
    // "You have unselected promotional offers, abandon?": only where the dealer took a promotion off
    // a line that qualifies for one (the cart pre-selects the best one, decision 065)
    unchosenPromotions: selected.some((l) => !l.promotion && l.qualifying.length > 0),
    invalidSelected: selected.some((l) => !!l.error || !!l.stockError),
  };
}

/**
 * The free gift of each line whose promotion gives one: the promotion's gift quantity for the line's
 * quantity (giftAllowance: per multiple of the minimum quantity, else once), the pieces the dealer
 * chose of it (never more), the product's code and names. A line that cannot be ordered gets none.
 */
async function attachGifts(db: DB, lines: CartLineView[], chosen: Map<number, number | null>): Promise<void> {
  const giving = lines.filter((l) => !l.error && l.promotion?.giftProductId && giftAllowance(l.promotion, l.qty) > 0);
  if (giving.length === 0) return;
  const products = await db
    .selectFrom("product")
    .select(["id", "ordering_code", "name_zh", "name_en"])
    .where("id", "in", [...new Set(giving.map((l) => l.promotion!.giftProductId!))])
    .execute();
  for (const l of giving) {
    const p = products.find((x) => x.id === l.promotion!.giftProductId);
    const allowance = giftAllowance(l.promotion, l.qty);
    if (p)
      l.gift = {
        productId: p.id,
        orderingCode: p.ordering_code,
        nameZh: p.name_zh,
        nameEn: p.name_en,
        qty: chosenGiftQty(chosen.get(l.id) ?? null, allowance),
        allowance,
      };
  }
}

async function ownLine(db: DB, actor: CartActor, lineId: number) {
  return db
    .selectFrom("cart_item")
    .select(["id", "product_id", "qty", "promotion_item_id"])
    .where("id", "=", lineId)
    .where("user_id", "=", actor.id)
    .where("tenant_id", "=", actor.tenantId)
    .where("customer_id", "=", actor.customerId)
    .executeTakeFirst();
}

const fail = (error: RuleError): CartResult => ({ ok: false, error });
const done = (key: string, values?: Record<string, string | number>): CartResult => ok(values ? { key, values } : { key });
const unavailable = () => fail({ key: "common:errors.itemUnavailable" });

async function checkLine(db: DB, actor: CartActor, productId: number, qty: number, promotionItemId: number | null, now: Date) {
  const { offers } = await cartOffers(db, actor, [productId], now);
  const offer = offers.get(productId) ?? null;
  const promotion = promotionItemId ? (offer?.promotions.find((o) => o.promotionItemId === promotionItemId) ?? null) : undefined;
  const bought = promotionItemId ? (await promotionPurchases(db, actor, [promotionItemId])).get(promotionItemId) : 0;
  return { offer, error: validateCartLine({ actor, product: offer, qty, promotion, alreadyBought: bought }) };
}

/** Add to the cart (a line already there gets the quantities added up). */
export async function addToCart(
  db: DB,
  actor: CartActor,
  input: { productId: number; qty: number; promotionItemId?: number | null },
  now = new Date(),
): Promise<CartResult> {
  const chosen = checkPermission(actor) ?? checkProductChosen(input.productId);
  if (chosen) return fail(chosen);
  const existing = await db
    .selectFrom("cart_item")
    .select(["id", "qty", "promotion_item_id"])
    .where("user_id", "=", actor.id)
    .where("tenant_id", "=", actor.tenantId)
    .where("product_id", "=", input.productId)
    .executeTakeFirst();
  const qty = (existing?.qty ?? 0) + input.qty;
  if (input.qty <= 0) return fail({ key: input.qty === 0 ? "order:rules.qtyZero" : "order:rules.qtyInvalid" });
  const promotionItemId = input.promotionItemId ?? existing?.promotion_item_id ?? null;
  const { offer, error } = await checkLine(db, actor, input.productId, qty, promotionItemId, now);
  if (error) return fail(error);
  const stamp = now.toISOString();
  if (existing) {
    await db.updateTable("cart_item").set({ qty, promotion_item_id: promotionItemId, selected: 1, updated_at: stamp }).where("id", "=", existing.id).execute();
  } else {
    await db
      .insertInto("cart_item")
      .values({
        tenant_id: actor.tenantId,
        customer_id: actor.customerId,
        user_id: actor.id,
        product_id: input.productId,
        qty,
        selected: 1,
        promotion_item_id: promotionItemId,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) => oc.columns(["user_id", "tenant_id", "product_id"]).doUpdateSet({ qty, updated_at: stamp }))
      .execute();
  }
  return done("order:cart.added", { code: offer!.orderingCode, qty });
}

export async function setQuantity(db: DB, actor: CartActor, lineId: number, qty: number, now = new Date()): Promise<CartResult> {
  const line = await ownLine(db, actor, lineId);
  if (!line) return unavailable();
  const { error } = await checkLine(db, actor, line.product_id, qty, line.promotion_item_id, now);
  if (error) return fail(error);
  await db.updateTable("cart_item").set({ qty, updated_at: now.toISOString() }).where("id", "=", line.id).execute();
  return done("order:cart.updated");
}

export async function setSelected(db: DB, actor: CartActor, lineIds: number[] | "all", selected: boolean): Promise<CartResult> {
  let q = db
    .updateTable("cart_item")
    .set({ selected: selected ? 1 : 0 })
    .where("user_id", "=", actor.id)
    .where("tenant_id", "=", actor.tenantId)
    .where("customer_id", "=", actor.customerId);
  if (lineIds !== "all") {
    if (lineIds.length === 0) return fail({ key: "order:rules.selectProduct" });
    q = q.where("id", "in", lineIds);
  }
  await q.execute();
  return done("order:cart.updated");
}

/** Select exactly these lines (the no-JS checkbox form posts the checked ones). */
export async function selectOnly(db: DB, actor: CartActor, lineIds: number[]): Promise<CartResult> {
  await setSelected(db, actor, "all", false);
  if (lineIds.length) await setSelected(db, actor, lineIds, true);
  return done("order:cart.updated");
}

export async function removeLines(db: DB, actor: CartActor, lineIds: number[]): Promise<CartResult> {
  if (lineIds.length === 0) return fail({ key: "order:rules.selectProduct" });
  await db
    .deleteFrom("cart_item")
    .where("user_id", "=", actor.id)
    .where("tenant_id", "=", actor.tenantId)
    .where("customer_id", "=", actor.customerId)
    .where("id", "in", lineIds)
    .execute();
  return done("order:cart.removed");
}

/** Move lines to favourites (items with an empty price cannot go there). */
export async function moveToFavourites(db: DB, actor: CartActor, lineIds: number[], now = new Date()): Promise<CartResult> {
  if (lineIds.length === 0) return fail({ key: "order:rules.selectProduct" });
  const lines = await db
    .selectFrom("cart_item")
    .select(["id", "product_id"])
    .where("user_id", "=", actor.id)
    .where("tenant_id", "=", actor.tenantId)
    .where("customer_id", "=", actor.customerId)
    .where("id", "in", lineIds)
    .execute();
  if (lines.length === 0) return unavailable();
  const offers = await loadOffers(
    db,
    actor,
    lines.map((l) => l.product_id),
    now,
  );
  for (const l of lines) {
    const o = offers.get(l.product_id);
    const e = o ? checkPrice(o) : { key: "common:errors.itemUnavailable" };
    if (e) return fail(e);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("favourite")
      .values(lines.map((l) => ({ user_id: actor.id, product_id: l.product_id, created_at: now.toISOString() })))
      .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
      .execute();
    await trx
      .deleteFrom("cart_item")
      .where("user_id", "=", actor.id)
      .where(
        "id",
        "in",
        lines.map((l) => l.id),
      )
      .execute();
  });
  return done("order:cart.movedToFavourites", { n: lines.length });
}

/** Choose one of the promotions the line qualifies for (null: none, which the line keeps). */
export async function choosePromotion(db: DB, actor: CartActor, lineId: number, promotionItemId: number | null, now = new Date()): Promise<CartResult> {
  const line = await ownLine(db, actor, lineId);
  if (!line) return unavailable();
  if (promotionItemId !== null) {
    const { error } = await checkLine(db, actor, line.product_id, line.qty, promotionItemId, now);
    if (error) return fail(error);
  }
  // "no promotion" is remembered, so the cart does not pre-select the best one again (decision 065)
  await db
    .updateTable("cart_item")
    // another promotion, another gift: its whole allowance until the dealer chooses less
    .set({ promotion_item_id: promotionItemId, promotion_declined: promotionItemId === null ? 1 : 0, gift_qty: null, updated_at: now.toISOString() })
    .where("id", "=", line.id)
    .execute();
  return done(promotionItemId === null ? "order:cart.promotionDeclined" : "order:cart.promotionChosen");
}

/**
 * How many pieces of the line's free gift the dealer takes (spec §5: not above the allowed amount;
 * 0 declines the gift). The allowance is the cart's own (the line's promotion and quantity now),
 * whatever the browser sends; asking for the whole allowance stores none, so the gift follows the
 * allowance when the quantity grows (decision 074).
 */
export async function chooseGiftQty(db: DB, actor: CartActor, lineId: number, qty: number, now = new Date()): Promise<CartResult> {
  const perm = checkPermission(actor);
  if (perm) return fail(perm);
  const line = (await getCart(db, actor, now)).lines.find((l) => l.id === lineId);
  if (!line) return unavailable();
  if (!line.gift) return fail({ key: "order:rules.noGift" });
  const error = checkGift(qty, line.gift.allowance);
  if (error) return fail(error);
  await db
    .updateTable("cart_item")
    .set({ gift_qty: qty === line.gift.allowance ? null : qty, updated_at: now.toISOString() })
    .where("id", "=", line.id)
    .where("user_id", "=", actor.id)
    .execute();
  return done("order:cart.giftChosen", { qty, code: line.gift.orderingCode });
}

export interface LineReport {
  lineNo: number;
  code: string;
  qty: number | null;
  ok: boolean;
  error: RuleError | null;
}

/**
 * Lines of (ordering code, quantity) into the cart, each checked with the cart rules. Used by
 * the quick order form and the Excel import. Returns a report per line.
 */
export async function addLinesToCart(
  db: DB,
  actor: CartActor,
  lines: { lineNo: number; code: string; qty: number | null; error: RuleError | null }[],
  now = new Date(),
): Promise<LineReport[]> {
  const perm = checkPermission(actor);
  if (perm) return lines.map((l) => ({ lineNo: l.lineNo, code: l.code, qty: l.qty, ok: false, error: perm }));
  const ids = await findProductsByCode(
    db,
    lines.map((l) => normaliseCode(l.code)),
  );
  const report: LineReport[] = [];
  for (const l of lines) {
    if (l.error || l.qty === null) {
      report.push({ lineNo: l.lineNo, code: l.code, qty: l.qty, ok: false, error: l.error ?? { key: "order:rules.qtyInvalid" } });
      continue;
    }
    const productId = ids.get(normaliseCode(l.code));
    if (!productId) {
      report.push({ lineNo: l.lineNo, code: l.code, qty: l.qty, ok: false, error: { key: "order:quick.unknownCode" } });
      continue;
    }
    const r = await addToCart(db, actor, { productId, qty: l.qty }, now);
    report.push({ lineNo: l.lineNo, code: l.code, qty: l.qty, ok: r.ok, error: r.ok ? null : r.error });
  }
  return report;
}

export async function quickOrder(db: DB, actor: CartActor, text: string, now = new Date()) {
  const parsed = parseQuickOrder(text);
  if (parsed.length === 0) return { report: [] as LineReport[], error: { key: "order:quick.empty" } as RuleError };
  if (parsed.length > QUICK_ORDER_MAX_LINES) {
    return { report: [] as LineReport[], error: { key: "order:quick.tooMany", values: { max: QUICK_ORDER_MAX_LINES } } as RuleError };
  }
  return { report: await addLinesToCart(db, actor, parsed, now), error: null };
}
