import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { LEVEL4_CODES, catalogueNodes } from "./catalogue";
import { cuttingData, grade } from "./grades";
import { ORDER_STATUSES } from "./orders.server";
import { FAMILIES, KIND_SHARES, generateProducts, searchCode } from "./products";
import { DEMO_PASSWORD, isEmpty, resetDatabase, seedDemoData, type SeedSummary } from "./seed.server";
import { PAYMENT_METHODS } from "~/modules/orders/totals";

const NOW = new Date("2026-11-21T02:00:00.000Z");
const PRODUCTS = 300;

describe("product generator (no database)", () => {
  it("makes 1,000,000 unique ordering codes in roughly the planned mix", () => {
    const seen = new Set<string>();
    const kinds: Record<string, number> = {};
    for (const p of generateProducts(1_000_000, 1, NOW)) {
      seen.add(p.ordering_code);
      kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
    }
    expect(seen.size).toBe(1_000_000);
    for (const [kind, share] of Object.entries(KIND_SHARES)) expect(Math.abs(kinds[kind] / 1_000_000 - share)).toBeLessThan(0.015);
  }, 120_000);

  it("is deterministic per seed and differs between seeds", () => {
    const take = (seed: number) => [...generateProducts(500, seed, NOW)].map((p) => `${p.ordering_code}|${p.list_price}|${p.status}`);
    expect(take(7)).toEqual(take(7));
    expect(take(8).slice(2)).not.toEqual(take(7).slice(2));
  });

  it("keeps codes searchable and prices in range", () => {
    const ranges: Record<string, [number, number]> = {
      turning_insert: [2000 * 0.88, 8000 * 1.12],
      milling_insert: [2000 * 0.88, 8000 * 1.12],
      end_mill: [8000 * 0.88, 150000 * 1.12],
      drill: [10000 * 0.88, 200000 * 1.12],
      holder: [30000 * 0.88, 200000 * 1.12],
    };
    for (const p of generateProducts(5000, 3, NOW)) {
      expect(p.search_code).toBe(searchCode(p.ordering_code));
      expect(p.search_code).toMatch(/^[A-Z0-9]+$/);
      expect(LEVEL4_CODES.has(p.catalogue_code)).toBe(true);
      if (p.list_price !== null) {
        const [min, max] = ranges[p.kind];
        expect(p.list_price).toBeGreaterThanOrEqual(min);
        expect(p.list_price).toBeLessThanOrEqual(max);
      }
      if (p.grade) expect(p.ordering_code.endsWith(` ${p.grade}`)).toBe(true);
    }
  });

  it("gives every holder and drill body a fit key that inserts have", () => {
    const fitKeys = (pred: (kind: string, grade: string | null) => boolean) => {
      const keys = new Set<string>();
      for (const f of FAMILIES) {
        for (let i = 0; i < f.size(); i++) {
          const spec = f.make(i, 0);
          if (spec.fit_key && pred(spec.kind, spec.grade)) keys.add(spec.fit_key);
        }
      }
      return keys;
    };
    const inserts = fitKeys((kind) => kind === "turning_insert" || kind === "milling_insert");
    const holders = fitKeys((kind, g) => g === null);
    expect(holders.size).toBeGreaterThan(30);
    for (const key of holders) expect(inserts, key).toContain(key);
  });

  it("recommends cutting data only for the groups a grade is made for", () => {
    for (const row of cuttingData()) {
      expect(grade(row.grade).groups).toContain(row.material_group);
      expect(row.vc_min).toBeLessThan(row.vc_max);
      expect(row.f_min).toBeLessThan(row.f_max);
    }
  });
});

describe.each(testDatabases())("seedDemoData ($name)", ({ url }) => {
  let db: DB;
  let summary: SeedSummary;

  beforeAll(async () => {
    db = await freshDb(await url());
    expect(await isEmpty(db)).toBe(true);
    summary = await seedDemoData(db, { products: PRODUCTS, seed: 42, now: NOW });
  });
  afterAll(() => db?.destroy());

  it("reports what it made", async () => {
    expect(summary).toMatchObject({ products: PRODUCTS, nodes: catalogueNodes().length, users: 31 });
    expect(summary.orders).toBeGreaterThanOrEqual(ORDER_STATUSES.length * 3);
    expect(await isEmpty(db)).toBe(false);
    const count = await db.selectFrom("product").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(PRODUCTS);
  });

  it("is deterministic: the same seed gives the same codes and prices", async () => {
    const other = await freshDb(await url());
    try {
      await seedDemoData(other, { products: PRODUCTS, seed: 42, now: NOW });
      const rows = (d: DB) => d.selectFrom("product").select(["ordering_code", "list_price", "status"]).orderBy("id").execute();
      const stock = (d: DB) =>
        d
          .selectFrom("stock")
          .innerJoin("product", "product.id", "stock.product_id")
          .select(["ordering_code", "available"])
          .orderBy("ordering_code")
          .orderBy("stock.tenant_id")
          .execute();
      expect(await rows(other)).toEqual(await rows(db));
      expect(await stock(other)).toEqual(await stock(db));
    } finally {
      await other.destroy();
    }
  });

  it("creates the two tenants", async () => {
    const tenants = await db.selectFrom("tenant").selectAll().orderBy("code").execute();
    expect(tenants.map((t) => [t.code, t.show_name_en, t.free_shipping_amount, t.shipping_fee, t.tax_rate_bp])).toEqual([
      ["1000", "ZZ Tools", 200000, 2000, 1300],
      ["2000", "CD Tools", 300000, 3000, 1300],
    ]);
  });

  it("creates the demo accounts with their properties", async () => {
    const users = await db
      .selectFrom("app_user")
      .innerJoin("customer", "customer.id", "app_user.customer_id")
      .select([
        "app_user.id",
        "app_user.code",
        "master_user_id",
        "parties_id",
        "name",
        "email",
        "mobile",
        "can_order",
        "price_adjustment_bp",
        "password_hash",
        "customer.code as customer",
      ])
      .execute();
    const u = (code: string) => {
      const found = users.find((x) => x.code === code);
      if (!found) throw new Error(`${code} missing`);
      return found;
    };
    expect(u("XCD000001")).toMatchObject({
      master_user_id: null,
      name: "张伟",
      email: "zhangwei@hunan-jinggong.example",
      mobile: "13800000001",
      customer: "C10001",
    });
    expect(u("XCD000002")).toMatchObject({ master_user_id: u("XCD000001").id, can_order: 1, price_adjustment_bp: 1000, customer: "C10001" });
    expect(u("XCD000003")).toMatchObject({ master_user_id: u("XCD000001").id, can_order: 0 });
    expect(u("DPC000001")).toMatchObject({ master_user_id: null, customer: "C20001" });
    expect(u("XCD000010").parties_id).toBe("CRMCPXX");
    expect(await verify(u("XCD000001").password_hash, DEMO_PASSWORD)).toBe(true);
    expect(u("XCD000001").password_hash).toMatch(/^\$argon2id\$/);

    const dealerA = await db.selectFrom("customer").selectAll().where("code", "=", "C10001").executeTakeFirstOrThrow();
    expect(dealerA).toMatchObject({ name_zh: "湖南精工刀具贸易有限公司", credit_limit: 50_000_000, discount_bp: 500, payment_terms_days: 30 });

    const tenantsOf = async (code: string) =>
      (
        await db
          .selectFrom("user_tenant")
          .innerJoin("tenant", "tenant.id", "user_tenant.tenant_id")
          .select(["tenant.code", "is_default"])
          .where("user_id", "=", u(code).id)
          .orderBy("tenant.code")
          .execute()
      ).map((t) => `${t.code}${t.is_default ? "*" : ""}`);
    expect(await tenantsOf("XCD000001")).toEqual(["1000*", "2000"]);
    expect(await tenantsOf("XCD000002")).toEqual(["1000*"]);
    expect(await tenantsOf("DPC000001")).toContain("1000*");

    const roles = await db.selectFrom("user_role").innerJoin("role", "role.id", "user_role.role_id").select(["user_id", "role.code"]).execute();
    const rolesOf = (code: string) =>
      roles
        .filter((r) => r.user_id === u(code).id)
        .map((r) => r.code)
        .sort();
    expect(rolesOf("XCD000009")).toEqual(["customer_master", "customer_support"]);
    expect(rolesOf("XCD000001")).toEqual(["customer_master"]);
    expect(rolesOf("XCD000002")).toEqual(["customer_sub"]);
    for (const user of users) expect(rolesOf(user.code).length, user.code).toBeGreaterThan(0);

    const addresses = await db.selectFrom("address").select(["customer_id", "is_default"]).execute();
    const ofA = addresses.filter((a) => a.customer_id === dealerA.id);
    expect(ofA).toHaveLength(2);
    expect(ofA.filter((a) => a.is_default === 1)).toHaveLength(1);
  });

  it("links menus to roles: masters manage sub-accounts, sub-accounts do not", async () => {
    const funcsOf = async (role: string) =>
      (
        await db
          .selectFrom("role_menu")
          .innerJoin("role", "role.id", "role_menu.role_id")
          .innerJoin("menu", "menu.id", "role_menu.menu_id")
          .select(["menu.func_code", "menu.name"])
          .where("role.code", "=", role)
          .execute()
      ).map((m) => m.func_code ?? m.name);
    const master = await funcsOf("customer_master");
    const sub = await funcsOf("customer_sub");
    const support = await funcsOf("customer_support");
    expect(master).toEqual(expect.arrayContaining(["order:submit", "order:cancel", "subAccount:edit", "price:view", "subAccount", "customerSupport"]));
    expect(sub).toEqual(expect.arrayContaining(["order:submit", "price:view"]));
    expect(sub).not.toContain("subAccount");
    expect(sub).not.toContain("subAccount:edit");
    expect(support).toContain("customerSupport");
  });

  it("builds a 4-level catalogue and hangs products on level 4 only", async () => {
    const nodes = await db.selectFrom("catalogue_node").selectAll().execute();
    const byCode = new Map(nodes.map((n) => [n.code, n]));
    expect(new Set(nodes.map((n) => n.level))).toEqual(new Set([1, 2, 3, 4]));
    for (const n of nodes) {
      if (n.level === 1) expect(n.parent_code).toBeNull();
      else expect(byCode.get(n.parent_code ?? "")?.level, n.code).toBe(n.level - 1);
    }
    const level1 = nodes.filter((n) => n.level === 1).map((n) => n.label_zh);
    expect(level1).toEqual(expect.arrayContaining(["车削刀具", "铣削刀具", "孔加工刀具", "整体硬质合金刀具", "刀杆刀体", "非标定制"]));
    expect(nodes.find((n) => n.label_zh === "非标定制")?.is_non_standard).toBe(1);
    expect(nodes.some((n) => n.show_flag === 0)).toBe(true);

    const orphans = await db
      .selectFrom("product")
      .leftJoin("catalogue_node", (j) => j.onRef("catalogue_node.code", "=", "product.catalogue_code").on("catalogue_node.level", "=", 4))
      .select("product.ordering_code")
      .where("catalogue_node.id", "is", null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it("always has the anchor insert and a holder that fits it", async () => {
    const insert = await db.selectFrom("product").selectAll().where("ordering_code", "=", "CNMG120408-DM YBC252").executeTakeFirstOrThrow();
    const holder = await db.selectFrom("product").selectAll().where("ordering_code", "=", "PCLNR2525M12").executeTakeFirstOrThrow();
    expect(insert).toMatchObject({
      search_code: "CNMG120408DMYBC252",
      status: "active",
      fit_key: "CN12",
      grade: "YBC252",
      iso_shape: "C",
      nose_radius: "0.8",
      mpq: 10,
    });
    expect(holder.fit_key).toBe(insert.fit_key);
    const l4 = await db.selectFrom("catalogue_node").selectAll().where("code", "=", insert.catalogue_code).executeTakeFirstOrThrow();
    const l3 = await db.selectFrom("catalogue_node").selectAll().where("code", "=", l4.parent_code).executeTakeFirstOrThrow();
    const l2 = await db.selectFrom("catalogue_node").selectAll().where("code", "=", l3.parent_code).executeTakeFirstOrThrow();
    expect([l2.code, l3.code]).toEqual(["L2-TURN-NEG", "L3-TURN-NEG-C"]);
    expect(l2.parent_code).toBe("L1-TURN");
    const stock = await db
      .selectFrom("stock")
      .innerJoin("tenant", "tenant.id", "stock.tenant_id")
      .select("available")
      .where("product_id", "=", insert.id)
      .where("tenant.code", "=", "1000")
      .executeTakeFirstOrThrow();
    expect(stock.available).toBeGreaterThan(0);
  });

  it("has stock in both tenants for every product and special prices below list", async () => {
    const stock = await db.selectFrom("stock").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(stock.n)).toBe(2 * PRODUCTS);
    const specials = await db
      .selectFrom("customer_price")
      .innerJoin("product", "product.id", "customer_price.product_id")
      .select(["price", "list_price"])
      .execute();
    for (const s of specials) expect(s.price).toBeLessThan(s.list_price ?? 0);
  });

  it("holders and inserts share fit keys", async () => {
    const rows = await db
      .selectFrom("product as h")
      .innerJoin("product as i", "i.fit_key", "h.fit_key")
      .select(["h.fit_key"])
      .where("h.kind", "=", "holder")
      .where("i.kind", "in", ["turning_insert", "milling_insert"])
      .distinct()
      .execute();
    expect(rows.map((r) => r.fit_key)).toContain("CN12");
  });

  it("has at least three orders of dealer A in every status, with consistent totals", async () => {
    const orders = await db
      .selectFrom("sales_order")
      .innerJoin("customer", "customer.id", "sales_order.customer_id")
      .innerJoin("tenant", "tenant.id", "sales_order.tenant_id")
      .selectAll("sales_order")
      .select(["customer.code as customer", "tenant.code as tenant"])
      .execute();
    for (const status of ORDER_STATUSES) {
      expect(orders.filter((o) => o.customer === "C10001" && o.tenant === "1000" && o.status === status).length, status).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(orders.map((o) => o.order_no)).size).toBe(orders.length);
    const lines = await db.selectFrom("order_line").selectAll().execute();
    const shipments = await db.selectFrom("shipment").selectAll().execute();
    for (const o of orders) {
      expect(o.order_no).toMatch(/^SO\d{8}W\d{6}$/); // the shop's own format (formatOrderNo)
      expect(PAYMENT_METHODS).toContain(o.payment_method);
      expect(o.submit_token).toBeNull();
      if (o.status === "cancelled") expect(o.cancel_reason).toBeTruthy();
      const mine = lines.filter((l) => l.order_id === o.id);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBeLessThanOrEqual(6);
      for (const l of mine) {
        expect(l.amount).toBe(l.qty * l.unit_price - l.discount_amount);
        const shipped = shipments.filter((s) => s.order_line_id === l.id).reduce((s, x) => s + x.qty, 0);
        expect(shipped).toBe(l.shipped_qty);
        expect(shipped).toBeLessThanOrEqual(l.qty);
      }
      expect(o.goods_amount).toBe(mine.reduce((s, l) => s + l.qty * l.unit_price, 0));
      expect(o.discount_amount).toBe(mine.reduce((s, l) => s + l.discount_amount, 0));
      expect(o.payable_amount).toBe(o.goods_amount - o.discount_amount + o.shipping_fee);
      const delivered = shipments.some((s) => s.order_id === o.id);
      // the status follows the shipments (decision 030): shipped = nothing open, partly shipped = something of both
      const open = mine.some((l) => l.shipped_qty < l.qty);
      if (o.status === "shipped") expect(delivered && !open).toBe(true);
      if (o.status === "partly_shipped") expect(delivered && open).toBe(true);
      if (!["partly_shipped", "shipped"].includes(o.status)) expect(delivered).toBe(false);
    }
    for (const s of shipments) {
      expect(s.packing_slip_no).toMatch(/^PS\d{10}$/);
      expect(s.batch_no).toMatch(/^B\d{4}-\d{4}$/);
    }
  });

  it("runs promotions of every kind, active now, upcoming and ended", async () => {
    const promos = await db.selectFrom("promotion").selectAll().execute();
    const now = NOW.toISOString();
    for (const kind of ["flash", "sale", "new", "hot", "out"])
      expect(
        promos.some((p) => p.kind === kind),
        kind,
      ).toBe(true);
    expect(promos.some((p) => p.kind === "flash" && p.starts_at <= now && p.ends_at > now)).toBe(true);
    expect(promos.some((p) => p.starts_at > now)).toBe(true);
    expect(promos.some((p) => p.ends_at < now)).toBe(true);
    expect(promos.some((p) => p.gift_product_id !== null && (p.gift_qty ?? 0) > 0)).toBe(true);
    const flashItems = await db
      .selectFrom("promotion_item")
      .innerJoin("promotion", "promotion.id", "promotion_item.promotion_id")
      .select(["flash_stock", "promo_price"])
      .where("promotion.kind", "=", "flash")
      .execute();
    expect(flashItems.length).toBeGreaterThan(0);
    for (const i of flashItems) expect(i.flash_stock).toBeGreaterThanOrEqual(10);
  });

  it("has notices, content and cutting data", async () => {
    const notices = await db
      .selectFrom("notice")
      .innerJoin("app_user", "app_user.id", "notice.user_id")
      .select(["type", "is_read", "order_no"])
      .where("app_user.code", "=", "XCD000001")
      .execute();
    expect(new Set(notices.map((n) => n.type))).toEqual(new Set(["customer_feedback", "erp_delivery_feedback", "cancel_order", "message", "quotation"]));
    expect(notices.some((n) => n.is_read === 0)).toBe(true);
    expect(notices.some((n) => n.type === "cancel_order" && n.order_no)).toBe(true);
    const announcements = await db.selectFrom("content").select(["title_en", "status"]).where("kind", "=", "announcement").execute();
    // five published, a draft and a scheduled one (decision 046)
    expect(announcements).toHaveLength(7);
    expect(announcements.filter((a) => a.status === "draft")).toHaveLength(1);
    const cd = await db.selectFrom("cutting_data").selectAll().where("grade", "=", "YBC252").execute();
    expect(cd.map((r) => r.material_group).sort()).toEqual(["K", "P"]);
  });

  it("has a current satisfaction survey with answers, and sample and tool-body requests in every state (decision 050)", async () => {
    const surveys = await db.selectFrom("survey").selectAll().execute();
    expect(surveys).toHaveLength(1);
    const responses = await db.selectFrom("survey_response as r").innerJoin("app_user as u", "u.id", "r.user_id").select("u.code").execute();
    expect(responses.length).toBeGreaterThanOrEqual(10);
    // the named demo accounts have not answered: the e2e tests and the demo can
    expect(responses.map((r) => r.code)).not.toContain("XCD000009");
    const statuses = await db.selectFrom("support_request").select(["kind", "status"]).execute();
    expect(new Set(statuses.map((r) => `${r.kind}/${r.status}`))).toEqual(
      new Set([
        "sample/shipped",
        "sample/approved",
        "sample/submitted",
        "tool_body/refused",
        "tool_body/submitted",
        "marketing/shipped",
        "marketing/submitted",
      ]),
    );
  });

  it("has marketing items and stock reservations, the approved one holding stock (decision 052)", async () => {
    const items = await db.selectFrom("marketing_item").select(["tenant_id", "active"]).execute();
    expect(items.filter((i) => i.active === 0).length).toBeGreaterThan(0);
    const reservations = await db.selectFrom("stock_reservation").select("status").execute();
    expect(new Set(reservations.map((r) => r.status))).toEqual(new Set(["approved", "refused", "submitted"]));
    const held = await db
      .selectFrom("stock")
      .select((eb) => eb.fn.sum<number>("project_reserved").as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(300);
  });

  it("resets to an empty database", async () => {
    const other = await freshDb(await url());
    try {
      await seedDemoData(other, { products: 60, seed: 1, now: NOW });
      await resetDatabase(other);
      expect(await isEmpty(other)).toBe(true);
      const left = await other.selectFrom("product").select("id").limit(1).execute();
      expect(left).toEqual([]);
      await seedDemoData(other, { products: 60, seed: 1, now: NOW });
      expect(await other.selectFrom("product").select("ordering_code").where("ordering_code", "=", "CNMG120408-DM YBC252").execute()).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  });
});
