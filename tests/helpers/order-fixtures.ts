import type { DB } from "~/db/db.server";
import type { CartActor } from "~/modules/cart/cart.server";
import type { OrderChanger } from "~/modules/orders/orders.server";

/**
 * Rows the order tests insert into a fresh database: one tenant, two dealers (A with a master
 * XCD000001 and a sub-account without order permission, B with DPC000001), a few products
 * with stock, a sale and a flash-sale promotion.
 */
type FixtureActor = CartActor & OrderChanger & { code: string };

export interface Fixture {
  tenantId: number;
  a: FixtureActor;
  aNoOrder: FixtureActor;
  b: FixtureActor;
  products: { insert: number; moq10: number; delisted: number; noPrice: number; flash: number; holder: number };
  promo: { sale: number; flash: number };
  addressA: number;
  addressB: number;
}

let seq = 0;

export async function makeFixture(db: DB, opts: { tenantCode?: string; flashStock?: number; flashAvailable?: number } = {}): Promise<Fixture> {
  seq += 1;
  const now = new Date().toISOString();
  const tag = `${seq}${Math.random().toString(36).slice(2, 6)}`;
  const tenant = await db
    .insertInto("tenant")
    .values({
      code: opts.tenantCode ?? `T${tag}`,
      name_zh: "甲公司",
      name_en: "Co A",
      show_name_zh: "甲",
      show_name_en: "A",
      currency: "CNY",
      tax_rate_bp: 1300,
      free_shipping_amount: 200_000,
      shipping_fee: 2_000,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const custA = await db
    .insertInto("customer")
    .values({ code: `CA${tag}`, name_zh: "经销商A", name_en: "Dealer A", credit_limit: 1_000_000, payment_terms_days: 30, discount_bp: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const custB = await db
    .insertInto("customer")
    .values({ code: `CB${tag}`, name_zh: "经销商B", name_en: "Dealer B", credit_limit: 1_000_000, payment_terms_days: 30, discount_bp: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = async (code: string, customerId: number, canOrder: number, master: number | null) => {
    const u = await db
      .insertInto("app_user")
      .values({
        code: `${code}${tag}`.slice(0, 20),
        customer_id: customerId,
        master_user_id: master,
        parties_id: null,
        name: code,
        email: `${code}@x.test`,
        mobile: "13800000000",
        language: null,
        password_hash: "x",
        price_adjustment_bp: 0,
        can_order: canOrder,
        can_see_price: 1,
        can_see_stock: 1,
        erp_account: null,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("user_tenant").values({ user_id: u.id, tenant_id: tenant.id, is_default: 1 }).execute();
    return u.id;
  };
  const aId = await user("XCD000001", custA.id, 1, null);
  const a3 = await user("XCD000003", custA.id, 0, aId);
  const bId = await user("DPC000001", custB.id, 1, null);
  const actor = (id: number, customerId: number, canOrder: boolean, code: string, masterUserId: number | null = null) => ({
    id,
    masterUserId,
    customerId,
    tenantId: tenant.id,
    priceAdjustmentBp: 0,
    canOrder,
    code,
  });
  const product = async (code: string, p: { moq?: number; mpq?: number; price?: number | null; status?: string; stock?: number }) => {
    const row = await db
      .insertInto("product")
      .values({
        ordering_code: `${code}${tag}`,
        search_code: `${code}${tag}`.toUpperCase().replace(/[\s\-.]+/g, ""),
        catalogue_code: "L4",
        kind: "turning_insert",
        name_zh: "刀片",
        name_en: "Insert",
        specification: "spec",
        mpq: p.mpq ?? 1,
        moq: p.moq ?? 1,
        list_price: p.price === undefined ? 3_000 : p.price,
        material_groups: "P",
        attributes: "{}",
        unit: "pc",
        status: p.status ?? "active",
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("stock")
      .values({ tenant_id: tenant.id, product_id: row.id, available: p.stock ?? 1_000, lead_time_days: 14 })
      .execute();
    return row.id;
  };
  const products = {
    insert: await product("CNMG120408-DM YBC252-", { price: 3_000 }),
    moq10: await product("WNMG080408-PM YBC152-", { moq: 10, mpq: 10, price: 4_000 }),
    delisted: await product("TNMG160408-OLD-", { status: "delisted", stock: 5 }),
    noPrice: await product("SPECIAL-QUOTE-", { price: null }),
    flash: await product("DNMG150608-FLASH-", { price: 5_000, stock: opts.flashAvailable ?? 1_000 }),
    holder: await product("PCLNR2525M12-", { price: 80_000 }),
  };
  const past = new Date(Date.now() - 86400_000).toISOString();
  const future = new Date(Date.now() + 30 * 86400_000).toISOString();
  const sale = await db
    .insertInto("promotion")
    .values({
      tenant_id: tenant.id,
      kind: "sale",
      title_zh: "促销",
      title_en: "Sale",
      starts_at: past,
      ends_at: future,
      discount_bp: 1000,
      min_qty: 5,
      min_amount: null,
      gift_product_id: null,
      gift_qty: null,
      per_customer_limit: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const saleItem = await db
    .insertInto("promotion_item")
    .values({ promotion_id: sale.id, product_id: products.insert, promo_price: null, flash_stock: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const flash = await db
    .insertInto("promotion")
    .values({
      tenant_id: tenant.id,
      kind: "flash",
      title_zh: "秒杀",
      title_en: "Flash sale",
      starts_at: past,
      ends_at: future,
      discount_bp: null,
      min_qty: null,
      min_amount: null,
      gift_product_id: null,
      gift_qty: null,
      per_customer_limit: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const flashItem = await db
    .insertInto("promotion_item")
    .values({ promotion_id: flash.id, product_id: products.flash, promo_price: 2_500, flash_stock: opts.flashStock ?? 10 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const address = async (customerId: number) =>
    (
      await db
        .insertInto("address")
        .values({
          customer_id: customerId,
          consignee: "张三",
          phone: "13800000000",
          province: "湖南",
          city: "株洲",
          district: "荷塘",
          line: "钻石路1号",
          postcode: "412000",
          is_default: 1,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  return {
    tenantId: tenant.id,
    a: actor(aId, custA.id, true, "XCD000001"),
    aNoOrder: actor(a3, custA.id, false, "XCD000003", aId),
    b: actor(bId, custB.id, true, "DPC000001"),
    products,
    promo: { sale: saleItem.id, flash: flashItem.id },
    addressA: await address(custA.id),
    addressB: await address(custB.id),
  };
}

/** Another dealer user of the fixture's customer A (for concurrency runs). */
export async function extraUser(db: DB, fx: Fixture, n: number): Promise<CartActor & OrderChanger> {
  const u = await db
    .insertInto("app_user")
    .values({
      code: `U${fx.tenantId}x${n}x${Math.random().toString(36).slice(2, 7)}`.slice(0, 20),
      customer_id: fx.a.customerId,
      master_user_id: fx.a.id,
      parties_id: null,
      name: `u${n}`,
      email: `u${n}@x.test`,
      mobile: "1",
      language: null,
      password_hash: "x",
      price_adjustment_bp: 0,
      can_order: 1,
      can_see_price: 1,
      can_see_stock: 1,
      erp_account: null,
      updated_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: u.id, masterUserId: fx.a.id, customerId: fx.a.customerId, tenantId: fx.tenantId, priceAdjustmentBp: 0, canOrder: true };
}

export const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
