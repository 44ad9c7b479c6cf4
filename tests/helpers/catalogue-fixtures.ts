import type { DB } from "~/db/db.server";
import type { NewProduct } from "~/db/schema";
import { toSearchCode } from "~/modules/search/normalize";

/**
 * A small catalogue that module tests insert themselves (no dependency on the demo generator):
 * two tenants, one dealer with a master, a +10 % sub-account and a sub-account without price/stock
 * permission, a 4-level catalogue and a handful of inserts and holders.
 */
export async function insertTestCatalogue(db: DB) {
  const t1 = await db
    .insertInto("tenant")
    .values({
      code: "1000",
      name_zh: "甲公司",
      name_en: "Company A",
      show_name_zh: "甲",
      show_name_en: "A",
      currency: "CNY",
      tax_rate_bp: 1300,
      free_shipping_amount: 0,
      shipping_fee: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const t2 = await db
    .insertInto("tenant")
    .values({
      code: "2000",
      name_zh: "乙公司",
      name_en: "Company B",
      show_name_zh: "乙",
      show_name_en: "B",
      currency: "CNY",
      tax_rate_bp: 1300,
      free_shipping_amount: 0,
      shipping_fee: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cust = await db
    .insertInto("customer")
    .values({ code: "C001", name_zh: "经销商甲", name_en: "Dealer A", credit_limit: 0, payment_terms_days: 30, discount_bp: 500 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cust2 = await db
    .insertInto("customer")
    .values({ code: "C002", name_zh: "经销商乙", name_en: "Dealer B", credit_limit: 0, payment_terms_days: 30, discount_bp: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const user = (
    code: string,
    customerId: number,
    extra: Partial<{ master_user_id: number; price_adjustment_bp: number; can_see_price: number; can_see_stock: number; can_order: number }> = {},
  ) =>
    db
      .insertInto("app_user")
      .values({
        code,
        customer_id: customerId,
        name: code,
        email: `${code}@x.cn`,
        mobile: "1",
        password_hash: "x",
        updated_at: now,
        price_adjustment_bp: 0,
        ...extra,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  const master = await user("XCD000001", cust.id);
  const sub = await user("XCD000002", cust.id, { master_user_id: master.id, price_adjustment_bp: 1000 });
  const blind = await user("XCD000003", cust.id, { master_user_id: master.id, can_see_price: 0, can_see_stock: 0, can_order: 0 });
  const other = await user("DPC000001", cust2.id);

  const nodes = [
    ["T", null, 1, "车削", "Turning"],
    ["T01", "T", 2, "外圆车削刀片", "Turning inserts"],
    ["T0101", "T01", 3, "负角刀片", "Negative inserts"],
    ["T010101", "T0101", 4, "钢件加工", "Steel"],
    ["T010102", "T0101", 4, "铸铁加工", "Cast iron"],
    ["T0102", "T01", 3, "隐藏系列", "Hidden series"],
    ["H", null, 1, "刀杆", "Toolholders"],
    ["H01", "H", 2, "外圆刀杆", "External holders"],
    ["H0101", "H01", 3, "杠杆式", "Lever clamp"],
    ["H010101", "H0101", 4, "通用", "General"],
  ] as const;
  for (const [i, [code, parent, level, zh, en]] of nodes.entries()) {
    await db
      .insertInto("catalogue_node")
      .values({
        code,
        parent_code: parent,
        level,
        label_zh: zh,
        label_en: en,
        describe_zh: "",
        describe_en: "",
        sort: i,
        show_flag: code === "T0102" ? 0 : 1,
        is_non_standard: code === "T010102" ? 1 : 0,
      })
      .execute();
  }
  const insert = (ordering: string, cat: string, extra: Partial<NewProduct> = {}): NewProduct => {
    const m = /^([A-Z])([A-Z])([A-Z])([A-Z])(\d\d)(\d\d)(\d\d)(?:-([A-Z]+))?(?: (\S+))?$/.exec(ordering);
    return {
      ordering_code: ordering,
      search_code: toSearchCode(ordering),
      catalogue_code: cat,
      kind: "turning_insert",
      name_zh: "数控车削刀片",
      name_en: "Turning insert",
      specification: m ? `${m[1]}${m[2]}${m[3]}${m[4]}${m[5]}${m[6]}${m[7]} 断屑槽 ${m[8]} 牌号 ${m[9]}` : ordering,
      grade: m?.[9] ?? null,
      iso_shape: m?.[1] ?? null,
      iso_size: m?.[5] ?? null,
      nose_radius: m ? String(Number(m[7]) / 10) : null,
      chip_breaker: m?.[8] ?? null,
      material_groups: "PK",
      fit_key: m ? `${m[1]}${m[2]}${m[5]}` : null,
      attributes: JSON.stringify({ ic: 12.7, thickness: 4.76 }),
      unit: "pc",
      mpq: 10,
      moq: 10,
      list_price: 4000,
      updated_at: now,
      ...extra,
    };
  };
  const products: NewProduct[] = [
    insert("CNMG120408-DM YBC252", "T010101", { is_hot: 1 }),
    insert("CNMG120404-DM YBC252", "T010101"),
    insert("CNMG120408-PM YBC152", "T010101", { list_price: 3600 }),
    insert("DNMG150608-DM YBC252", "T010101", { is_new: 1 }),
    insert("WNMG080408-KM YBD152", "T010102", { material_groups: "K", name_zh: "铸铁车削刀片", name_en: "Cast iron turning insert" }),
    insert("CNMG120412-DR YBC352", "T010101", { list_price: null }),
    insert("TNMG160408-MM YBM251", "T010101", { status: "delisted", material_groups: "M", name_zh: "不锈钢车削刀片", name_en: "Stainless turning insert" }),
    insert("XCNMG120408 SPECIAL", "T010101", { name_zh: "非标刀片", name_en: "Special insert", specification: "special" }),
    {
      ...insert("PCLNR2525M12", "H010101"),
      kind: "holder",
      name_zh: "外圆车刀杆",
      name_en: "External turning toolholder",
      specification: "PCLNR 25×25 L150 95°",
      grade: null,
      iso_shape: "C",
      iso_size: "12",
      nose_radius: null,
      chip_breaker: null,
      material_groups: "",
      fit_key: "CN12",
      mpq: 1,
      moq: 1,
      list_price: 68000,
    },
  ];
  const ids: Record<string, number> = {};
  for (const p of products) {
    const r = await db.insertInto("product").values(p).returning("id").executeTakeFirstOrThrow();
    ids[p.ordering_code] = r.id;
  }
  for (const [code, id] of Object.entries(ids)) {
    await db
      .insertInto("stock")
      .values({ tenant_id: t1.id, product_id: id, available: code.startsWith("CNMG120404") ? 5 : 500, reserved: 0, lead_time_days: 21 })
      .execute();
    await db.insertInto("stock").values({ tenant_id: t2.id, product_id: id, available: 0, reserved: 0, lead_time_days: 30 }).execute();
  }
  // a customer price list entry for one product
  await db.insertInto("customer_price").values({ customer_id: cust.id, tenant_id: t1.id, product_id: ids["CNMG120408-PM YBC152"], price: 3000 }).execute();
  await db
    .insertInto("cutting_data")
    .values([
      { grade: "YBC252", operation: "turning", material_group: "P", vc_min: 180, vc_max: 300, f_min: 0.15, f_max: 0.4, ap_min: 1, ap_max: 4 },
      { grade: "YBC252", operation: "turning", material_group: "K", vc_min: 160, vc_max: 280, f_min: 0.15, f_max: 0.45, ap_min: 1, ap_max: 4.5 },
    ])
    .execute();
  const day = 86_400_000;
  const promo = await db
    .insertInto("promotion")
    .values({
      tenant_id: t1.id,
      kind: "flash",
      title_zh: "秒杀",
      title_en: "Flash sale",
      starts_at: new Date(Date.now() - day).toISOString(),
      ends_at: new Date(Date.now() + day).toISOString(),
      discount_bp: null,
      min_qty: null,
      min_amount: null,
      gift_product_id: null,
      gift_qty: null,
      per_customer_limit: 50,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const flashItem = await db
    .insertInto("promotion_item")
    .values({ promotion_id: promo.id, product_id: ids["CNMG120408-DM YBC252"], promo_price: 2990, flash_stock: 100, flash_sold: 20 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const sale = await db
    .insertInto("promotion")
    .values({
      tenant_id: t1.id,
      kind: "sale",
      title_zh: "促销",
      title_en: "Sale",
      starts_at: new Date(Date.now() - day).toISOString(),
      ends_at: new Date(Date.now() + 10 * day).toISOString(),
      discount_bp: 1000,
      min_qty: 20,
      min_amount: null,
      gift_product_id: null,
      gift_qty: null,
      per_customer_limit: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("promotion_item")
    .values({ promotion_id: sale.id, product_id: ids["DNMG150608-DM YBC252"], promo_price: null, flash_stock: null })
    .execute();
  const expired = await db
    .insertInto("promotion")
    .values({
      tenant_id: t1.id,
      kind: "sale",
      title_zh: "过期",
      title_en: "Expired",
      starts_at: new Date(Date.now() - 10 * day).toISOString(),
      ends_at: new Date(Date.now() - day).toISOString(),
      discount_bp: 2000,
      min_qty: null,
      min_amount: null,
      gift_product_id: null,
      gift_qty: null,
      per_customer_limit: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("promotion_item")
    .values({ promotion_id: expired.id, product_id: ids["CNMG120404-DM YBC252"], promo_price: null, flash_stock: null })
    .execute();

  return {
    tenants: { t1: t1.id, t2: t2.id },
    customers: { a: cust.id, b: cust2.id },
    users: { master: master.id, sub: sub.id, blind: blind.id, other: other.id },
    products: ids,
    promotions: { flash: promo.id, sale: sale.id, expired: expired.id, flashItem: flashItem.id },
  };
}

export type TestCatalogue = Awaited<ReturnType<typeof insertTestCatalogue>>;

/** A session-user-like actor for module tests. */
export function testActor(tc: TestCatalogue, who: "master" | "sub" | "blind" | "other", tenant: "t1" | "t2" = "t1") {
  const base = {
    id: tc.users[who],
    code: who,
    customerId: who === "other" ? tc.customers.b : tc.customers.a,
    tenantId: tc.tenants[tenant],
    currency: "CNY",
    masterUserId: who === "master" || who === "other" ? null : tc.users.master,
    canOrder: who !== "blind",
    canSeePrice: who !== "blind",
    canSeeStock: who !== "blind",
    priceAdjustmentBp: who === "sub" ? 1000 : 0,
  };
  return base;
}
