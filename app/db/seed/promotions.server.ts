/**
 * Promotions of every kind in each tenant, with windows relative to `now`: most are running
 * today, one flash sale is upcoming and one sale has ended, so every screen state has data.
 */
import type { DB } from "../db.server";
import { ANCHORS } from "./products";
import { Rng } from "./prng";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Candidate {
  id: number;
  list_price: number | null;
  mpq: number;
}

const anchorCodes = ANCHORS.map((a) => a.code);

/** Products for promotions; the anchors stay out so end-to-end tests see plain list prices. */
async function candidates(db: DB, filter: "insert" | "any" | "new" | "hot" | "delisted", limit: number): Promise<Candidate[]> {
  let q = db.selectFrom("product").select(["id", "list_price", "mpq"]).where("list_price", "is not", null).where("ordering_code", "not in", anchorCodes);
  if (filter === "delisted") q = q.where("status", "=", "delisted");
  else q = q.where("status", "=", "active");
  if (filter === "insert") q = q.where("kind", "in", ["turning_insert", "milling_insert"]);
  if (filter === "new") q = q.where("is_new", "=", 1);
  if (filter === "hot") q = q.where("is_hot", "=", 1);
  return q.orderBy("id").limit(limit).execute();
}

const price = (list: number | null, factor: number) => Math.max(10, Math.round(((list ?? 0) * factor) / 10) * 10);

interface PromotionDef {
  kind: "flash" | "sale" | "new" | "hot" | "out";
  title_zh: string;
  title_en: string;
  from: number;
  to: number;
  discount_bp?: number;
  min_qty?: number;
  min_amount?: number;
  gift?: boolean;
  per_customer_limit?: number;
  items: Candidate[];
  /** promo price as a factor of list price; none for discount_bp sales */
  factor?: number;
  flash?: boolean;
}

export async function seedPromotions(db: DB, tenants: Map<string, number>, seed: number, now: Date): Promise<number> {
  const pool = {
    insert: await candidates(db, "insert", 80),
    any: await candidates(db, "any", 200),
    new: await candidates(db, "new", 24),
    hot: await candidates(db, "hot", 24),
    delisted: await candidates(db, "delisted", 20),
  };
  // Promotions start on the hour so their windows read naturally on screen.
  const t0 = Math.floor(now.getTime() / HOUR) * HOUR;
  let count = 0;
  for (const [code, tenantId] of tenants) {
    const rng = Rng.of(seed, 5000, Number(code));
    const defs: PromotionDef[] = [
      {
        kind: "flash",
        title_zh: "限时秒杀：车削刀片低至7折",
        title_en: "Flash sale: turning inserts up to 30 % off",
        from: t0 - DAY,
        to: t0 + 2 * DAY,
        per_customer_limit: 50,
        items: rng.sample(pool.insert, 6),
        factor: 0.7,
        flash: true,
      },
      {
        kind: "flash",
        title_zh: "秒杀预告：数控刀片专场",
        title_en: "Coming flash sale: indexable inserts",
        from: t0 + 3 * DAY,
        to: t0 + 4 * DAY,
        per_customer_limit: 30,
        items: rng.sample(pool.insert, 4),
        factor: 0.75,
        flash: true,
      },
      {
        kind: "sale",
        title_zh: "满50片享9折",
        title_en: "10 % off from 50 pieces",
        from: t0 - 5 * DAY,
        to: t0 + 25 * DAY,
        discount_bp: 1000,
        min_qty: 50,
        items: rng.sample(pool.insert, 8),
      },
      {
        kind: "sale",
        title_zh: "满1000元赠刀片10片",
        title_en: "Spend 1,000 CNY, get 10 inserts free",
        from: t0 - 2 * DAY,
        to: t0 + 30 * DAY,
        min_amount: 100000,
        gift: true,
        items: rng.sample(pool.any, 8),
        factor: 0.92,
      },
      {
        kind: "sale",
        title_zh: "国庆促销（已结束）",
        title_en: "National Day sale (ended)",
        from: t0 - 40 * DAY,
        to: t0 - 10 * DAY,
        discount_bp: 1500,
        min_qty: 10,
        items: rng.sample(pool.any, 5),
      },
      { kind: "new", title_zh: "新品上市", title_en: "New products", from: t0 - 30 * DAY, to: t0 + 60 * DAY, items: rng.sample(pool.new, 12) },
      { kind: "hot", title_zh: "热销推荐", title_en: "Best sellers", from: t0 - 30 * DAY, to: t0 + 60 * DAY, items: rng.sample(pool.hot, 12) },
      {
        kind: "out",
        title_zh: "停产清仓，售完即止",
        title_en: "Clearance of discontinued items, while stocks last",
        from: t0 - 15 * DAY,
        to: t0 + 45 * DAY,
        items: rng.sample(pool.delisted, 10),
        factor: 0.6,
      },
    ];
    const giftId = pool.insert.length > 0 ? rng.pick(pool.insert).id : null;
    for (const def of defs) {
      const { id } = await db
        .insertInto("promotion")
        .values({
          tenant_id: tenantId,
          kind: def.kind,
          title_zh: def.title_zh,
          title_en: def.title_en,
          starts_at: new Date(def.from).toISOString(),
          ends_at: new Date(def.to).toISOString(),
          discount_bp: def.discount_bp ?? null,
          min_qty: def.min_qty ?? null,
          min_amount: def.min_amount ?? null,
          gift_product_id: def.gift ? giftId : null,
          gift_qty: def.gift && giftId ? 10 : null,
          per_customer_limit: def.per_customer_limit ?? null,
          created_at: new Date(def.from - DAY).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      count++;
      if (def.items.length === 0) continue;
      await db
        .insertInto("promotion_item")
        .values(
          def.items.map((p) => ({
            promotion_id: id,
            product_id: p.id,
            promo_price: def.factor ? price(p.list_price, def.factor) : null,
            // Flash stock in pieces, whole packs: 10..50 for inserts.
            flash_stock: def.flash ? rng.int(1, 5) * 10 * Math.max(1, p.mpq / 10) : null,
            flash_sold: 0,
          })),
        )
        .execute();
    }
  }
  return count;
}
