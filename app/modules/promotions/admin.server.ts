import type { DB } from "~/db/db.server";
import { recordAudit, type Actor } from "~/modules/admin/audit.server";
import { normaliseCode } from "~/modules/cart/rules";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import { checkPromotion, type PromotionInput } from "./admin-rules";
import { promotionState, type PromotionKind, type PromotionState } from "./rules";

/**
 * Promotions maintained in the back office (decision 046): every kind the shop shows, per company
 * entity. The shop reads promotions live (catalogue offers, cart, order), so a saved change is
 * what the next page of every process shows.
 */
export type SaveResult = Result<{ id: number }>;

export interface AdminPromotionRow {
  id: number;
  kind: PromotionKind;
  titleZh: string;
  titleEn: string;
  startsAt: string;
  endsAt: string;
  state: PromotionState;
  itemCount: number;
}

export const PROMOTION_PAGE_SIZE = 50;

export async function listAdminPromotions(
  db: DB,
  input: { tenantId: number; kind?: PromotionKind | null; state?: PromotionState | null; page?: number; now?: Date },
): Promise<{ rows: AdminPromotionRow[]; total: number }> {
  const iso = (input.now ?? new Date()).toISOString();
  let q = db.selectFrom("promotion as p").where("p.tenant_id", "=", input.tenantId);
  if (input.kind) q = q.where("p.kind", "=", input.kind);
  if (input.state === "upcoming") q = q.where("p.starts_at", ">", iso);
  if (input.state === "active") q = q.where("p.starts_at", "<=", iso).where("p.ends_at", ">", iso);
  if (input.state === "ended") q = q.where("p.ends_at", "<=", iso);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const page = Math.max(1, input.page ?? 1);
  const rows = await q
    .select((eb) => [
      "p.id",
      "p.kind",
      "p.title_zh",
      "p.title_en",
      "p.starts_at",
      "p.ends_at",
      eb
        .selectFrom("promotion_item as i")
        .select((e) => e.fn.countAll<number>().as("c"))
        .whereRef("i.promotion_id", "=", "p.id")
        .as("item_count"),
    ])
    .orderBy("p.starts_at", "desc")
    .orderBy("p.id", "desc")
    .limit(PROMOTION_PAGE_SIZE)
    .offset((page - 1) * PROMOTION_PAGE_SIZE)
    .execute();
  const now = input.now ?? new Date();
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind as PromotionKind,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      state: promotionState({ startsAt: r.starts_at, endsAt: r.ends_at }, now),
      itemCount: Number(r.item_count ?? 0),
    })),
  };
}

export interface AdminPromotion extends PromotionInput {
  id: number;
  state: PromotionState;
  items: (PromotionInput["items"][number] & { flashSold: number; productId: number })[];
}

/** One promotion of the entity with its items; NotFoundError for another entity's or an unknown id. */
export async function getAdminPromotion(db: DB, input: { tenantId: number; id: number; now?: Date }): Promise<AdminPromotion> {
  const p = await db
    .selectFrom("promotion as p")
    .leftJoin("product as g", "g.id", "p.gift_product_id")
    .selectAll("p")
    .select("g.ordering_code as gift_code")
    .where("p.id", "=", input.id)
    .where("p.tenant_id", "=", input.tenantId)
    .executeTakeFirst();
  if (!p) throw new NotFoundError("promotion");
  const items = await db
    .selectFrom("promotion_item as i")
    .innerJoin("product as pr", "pr.id", "i.product_id")
    .select(["i.product_id", "pr.ordering_code", "i.promo_price", "i.flash_stock", "i.flash_sold"])
    .where("i.promotion_id", "=", p.id)
    .orderBy("i.id")
    .execute();
  return {
    id: p.id,
    kind: p.kind as PromotionKind,
    titleZh: p.title_zh,
    titleEn: p.title_en,
    startsAt: p.starts_at,
    endsAt: p.ends_at,
    state: promotionState({ startsAt: p.starts_at, endsAt: p.ends_at }, input.now ?? new Date()),
    discountBp: p.discount_bp,
    minQty: p.min_qty,
    minAmount: p.min_amount === null ? null : Number(p.min_amount),
    perCustomerLimit: p.per_customer_limit,
    giftCode: p.gift_code ?? null,
    giftQty: p.gift_qty,
    items: items.map((i) => ({
      productId: i.product_id,
      code: i.ordering_code,
      promoPrice: i.promo_price === null ? null : Number(i.promo_price),
      flashStock: i.flash_stock,
      flashSold: i.flash_sold,
    })),
  };
}

/** Products of the entity's assortment (a stock row) by normalised ordering code. */
async function productsInEntity(db: DB, tenantId: number, codes: string[]): Promise<Map<string, { id: number; code: string }>> {
  const keys = [...new Set(codes.map(normaliseCode))];
  const out = new Map<string, { id: number; code: string }>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("product as p")
      .innerJoin("stock as s", (j) => j.onRef("s.product_id", "=", "p.id").on("s.tenant_id", "=", tenantId))
      .select(["p.id", "p.ordering_code", "p.search_code"])
      .where("p.search_code", "in", keys.slice(i, i + 500))
      .execute();
    for (const r of rows) if (!out.has(r.search_code)) out.set(r.search_code, { id: r.id, code: r.ordering_code });
  }
  return out;
}

/** Serialises promotion changes of one entity: the overlap and duplicate checks read what the last change wrote. */
async function lockEntity(tx: DB, tenantId: number) {
  await tx
    .updateTable("tenant")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("id", "=", tenantId)
    .execute();
}

/**
 * Adds (id null) or updates a promotion of the actor's entity. Checked: the rules of
 * checkPromotion, every product (and the gift) in the entity's assortment, no other flash sale of
 * the entity selling one of the products in an overlapping window, and no second promotion with
 * the same kind, title and start (a form posted twice adds one). Items that stay keep what they
 * have sold; removed items leave the carts that chose them.
 */
export async function savePromotion(db: DB, actor: Actor, input: { tenantId: number; id: number | null; promotion: PromotionInput }): Promise<SaveResult> {
  const p = input.promotion;
  const invalid = checkPromotion(p);
  if (invalid) return fail(invalid.error, invalid.params);
  return db.transaction().execute(async (tx): Promise<SaveResult> => {
    await lockEntity(tx, input.tenantId);
    const before = input.id === null ? null : await getAdminPromotion(tx, { tenantId: input.tenantId, id: input.id });
    const products = await productsInEntity(tx, input.tenantId, [...p.items.map((i) => i.code), ...(p.giftCode ? [p.giftCode] : [])]);
    const missing = p.items.filter((i) => !products.has(normaliseCode(i.code))).map((i) => i.code);
    if (missing.length) return fail("adminContent:promo.err.unknownProducts", { codes: missing.slice(0, 5).join(", "), count: missing.length });
    const gift = p.giftCode ? products.get(normaliseCode(p.giftCode)) : null;
    if (p.giftCode && !gift) return fail("adminContent:promo.err.unknownGift", { code: p.giftCode }, "giftCode");
    const items = p.items.map((i) => ({ ...i, productId: products.get(normaliseCode(i.code))!.id, code: products.get(normaliseCode(i.code))!.code }));

    if (input.id === null) {
      const twin = await tx
        .selectFrom("promotion")
        .select("id")
        .where("tenant_id", "=", input.tenantId)
        .where("kind", "=", p.kind)
        .where("title_zh", "=", p.titleZh)
        .where("starts_at", "=", p.startsAt)
        .executeTakeFirst();
      if (twin) return fail("adminContent:promo.err.exists", { id: twin.id });
    }

    if (p.kind === "flash") {
      let q = tx
        .selectFrom("promotion_item as i")
        .innerJoin("promotion as o", "o.id", "i.promotion_id")
        .innerJoin("product as pr", "pr.id", "i.product_id")
        .select(["pr.ordering_code", "o.id", "o.starts_at", "o.ends_at"])
        .where("o.tenant_id", "=", input.tenantId)
        .where("o.kind", "=", "flash")
        .where("o.starts_at", "<", p.endsAt)
        .where("o.ends_at", ">", p.startsAt)
        .where(
          "i.product_id",
          "in",
          items.map((i) => i.productId),
        );
      if (input.id !== null) q = q.where("o.id", "!=", input.id);
      // windows [start, end) overlap: the other starts before this ends and ends after this starts
      const clash = await q.executeTakeFirst();
      if (clash) return fail("adminContent:promo.err.flashOverlap", { code: clash.ordering_code, id: clash.id });
    }

    const row = {
      kind: p.kind,
      title_zh: p.titleZh,
      title_en: p.titleEn,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
      discount_bp: p.discountBp,
      min_qty: p.minQty,
      min_amount: p.minAmount,
      gift_product_id: gift?.id ?? null,
      gift_qty: gift ? p.giftQty : null,
      per_customer_limit: p.perCustomerLimit,
    };
    let id: number;
    if (input.id === null) {
      id = (
        await tx
          .insertInto("promotion")
          .values({ ...row, tenant_id: input.tenantId })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      id = input.id;
      await tx.updateTable("promotion").set(row).where("id", "=", id).where("tenant_id", "=", input.tenantId).execute();
    }
    const existing = await tx.selectFrom("promotion_item").select(["id", "product_id"]).where("promotion_id", "=", id).execute();
    const byProduct = new Map(existing.map((e) => [e.product_id, e.id]));
    const keep = new Set<number>();
    for (const item of items) {
      const values = { promo_price: item.promoPrice, flash_stock: p.kind === "flash" ? item.flashStock : null };
      const itemId = byProduct.get(item.productId);
      if (itemId !== undefined) {
        keep.add(itemId);
        await tx.updateTable("promotion_item").set(values).where("id", "=", itemId).execute();
      } else {
        await tx
          .insertInto("promotion_item")
          .values({ ...values, promotion_id: id, product_id: item.productId, flash_sold: 0 })
          .execute();
      }
    }
    const removed = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
    if (removed.length) {
      await tx.updateTable("cart_item").set({ promotion_item_id: null }).where("promotion_item_id", "in", removed).execute();
      await tx.deleteFrom("promotion_item").where("id", "in", removed).execute();
    }
    const after = { ...p, giftCode: gift?.code ?? null, items: items.map(({ code, promoPrice, flashStock }) => ({ code, promoPrice, flashStock })) };
    await recordAudit(tx, actor, {
      action: before ? "update" : "create",
      entity: "promotion",
      entityId: id,
      before: before ?? undefined,
      after,
    });
    return ok({ id });
  });
}

/**
 * Ends a promotion now: a running one stops, an upcoming one never starts. Ending an ended
 * promotion changes nothing (a double post has one effect).
 */
export async function endPromotion(db: DB, actor: Actor, input: { tenantId: number; id: number; now?: Date }): Promise<{ ok: true; changed: boolean }> {
  const now = (input.now ?? new Date()).toISOString();
  return db.transaction().execute(async (tx) => {
    await lockEntity(tx, input.tenantId);
    const p = await tx
      .selectFrom("promotion")
      .select(["id", "starts_at", "ends_at"])
      .where("id", "=", input.id)
      .where("tenant_id", "=", input.tenantId)
      .executeTakeFirst();
    if (!p) throw new NotFoundError("promotion");
    if (p.ends_at <= now) return { ok: true as const, changed: false };
    const after = { starts_at: p.starts_at > now ? now : p.starts_at, ends_at: now };
    await tx.updateTable("promotion").set(after).where("id", "=", p.id).execute();
    await recordAudit(tx, actor, { action: "update", entity: "promotion", entityId: p.id, before: p, after });
    return { ok: true as const, changed: true };
  });
}

/* ---- new-product settings: the flags behind the home page's new products and /newOrHot ---- */

export type ProductFlag = "new" | "hot";

export async function listFlaggedProducts(db: DB, which: ProductFlag, limit = 500) {
  const rows = await db
    .selectFrom("product")
    .select(["id", "ordering_code", "name_zh", "name_en", "status"])
    .where(which === "new" ? "is_new" : "is_hot", "=", 1)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.ordering_code, nameZh: r.name_zh, nameEn: r.name_en, status: r.status }));
}

/** Marks a product new or hot (on) or takes the mark off; the same change twice changes it once. */
export async function setProductFlag(db: DB, actor: Actor, input: { code: string; which: ProductFlag; on: boolean }): Promise<Result<{ changed: boolean }>> {
  const column = input.which === "new" ? "is_new" : "is_hot";
  return db.transaction().execute(async (tx): Promise<Result<{ changed: boolean }>> => {
    const product = await tx
      .selectFrom("product")
      .select(["id", "ordering_code", "is_new", "is_hot"])
      .where("search_code", "=", normaliseCode(input.code))
      .executeTakeFirst();
    if (!product) return fail("adminContent:newProduct.unknown", { code: input.code });
    const value = input.on ? 1 : 0;
    if (product[column] === value) return ok({ changed: false });
    await tx
      .updateTable("product")
      .set({ [column]: value })
      .where("id", "=", product.id)
      .execute();
    await recordAudit(tx, actor, {
      action: "update",
      entity: "product",
      entityId: product.ordering_code,
      before: { [column]: product[column] },
      after: { [column]: value },
    });
    return ok({ changed: true });
  });
}
