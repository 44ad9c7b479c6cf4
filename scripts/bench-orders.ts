/**
 * Orders section of `npm run bench` (called by scripts/bench.ts as SECTIONS.orders):
 * 1. orders per second: 20 concurrent signed-in clients over HTTP, each looping
 *    "add to cart → submit the order" (two POSTs, the second one creates an order);
 * 2. flash sale: 200 clients at once submit an order for a flash item with flash stock 10 →
 *    exactly 10 orders, 0 oversold.
 * Needs the built server (ctx.server()) and its database (ctx.db).
 */
import crypto from "node:crypto";
import type { DB } from "../app/db/db.server";
import { hashToken } from "../app/modules/auth/sessions.server";
import { sessionCookie } from "../app/utils/session.server";

export interface OrdersBenchContext {
  db: DB;
  server(): Promise<string>;
}

const CLIENTS = Number(process.env.BENCH_ORDER_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_ORDER_SECONDS ?? 10);
const FLASH_BUYERS = 200;
const FLASH_STOCK = 10;

const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const token = () => crypto.randomBytes(18).toString("base64url");

/**
 * Bench buyers are dealers' master accounts: they need that role's function codes (order:submit,
 * cart:add; decision 056), without which every submission was refused.
 */
async function grantMasterRole(db: DB, userIds: number[]) {
  const role = await db.selectFrom("role").select("id").where("code", "=", "customer_master").executeTakeFirstOrThrow();
  for (let i = 0; i < userIds.length; i += 200) {
    await db
      .insertInto("user_role")
      .values(userIds.slice(i, i + 200).map((id) => ({ user_id: id, role_id: role.id })))
      .onConflict((oc) => oc.columns(["user_id", "role_id"]).doNothing())
      .execute();
  }
}

async function benchUsers(db: DB, prefix: string, n: number, customerId: number, tenantId: number) {
  const now = new Date().toISOString();
  const users: { id: number; cookie: string }[] = [];
  for (let i = 0; i < n; i++) {
    const code = `${prefix}${String(i).padStart(4, "0")}`;
    let user = await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirst();
    if (!user) {
      user = await db
        .insertInto("app_user")
        .values({
          code,
          customer_id: customerId,
          master_user_id: null,
          parties_id: null,
          name: code,
          email: `${code}@bench.local`,
          mobile: "1",
          language: "en",
          password_hash: "x",
          price_adjustment_bp: 0,
          can_order: 1,
          can_see_price: 1,
          can_see_stock: 1,
          erp_account: null,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("user_tenant").values({ user_id: user.id, tenant_id: tenantId, is_default: 1 }).execute();
    }
    await db.deleteFrom("cart_item").where("user_id", "=", user.id).execute();
    const t = crypto.randomBytes(32).toString("base64url");
    await db
      .insertInto("session")
      .values({
        id: hashToken(t),
        user_id: user.id,
        tenant_id: tenantId,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        created_at: now,
        ip: null,
        user_agent: "bench",
      })
      .execute();
    users.push({ id: user.id, cookie: (await sessionCookie(false).serialize(t)).split(";")[0] });
  }
  await grantMasterRole(
    db,
    users.map((u) => u.id),
  );
  return users;
}

/** Many signed-in users at once, each with one cart line (for the submit-only run). */
async function bulkBuyers(db: DB, prefix: string, n: number, customerId: number, tenantId: number, productId: number, qty: number) {
  const now = new Date().toISOString();
  const out: { cookie: string }[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < n; i += 200) {
    const rows = Array.from({ length: Math.min(200, n - i) }, (_, k) => {
      const code = `${prefix}${stamp}${i + k}`.slice(0, 20);
      return {
        code,
        customer_id: customerId,
        master_user_id: null,
        parties_id: null,
        name: code,
        email: `${code}@bench.local`,
        mobile: "1",
        language: "en",
        password_hash: "x",
        price_adjustment_bp: 0,
        can_order: 1,
        can_see_price: 1,
        can_see_stock: 1,
        erp_account: null,
        updated_at: now,
      };
    });
    const users = await db.insertInto("app_user").values(rows).returning("id").execute();
    await db
      .insertInto("user_tenant")
      .values(users.map((u) => ({ user_id: u.id, tenant_id: tenantId, is_default: 1 })))
      .execute();
    await grantMasterRole(
      db,
      users.map((u) => u.id),
    );
    await db
      .insertInto("cart_item")
      .values(
        users.map((u) => ({
          tenant_id: tenantId,
          customer_id: customerId,
          user_id: u.id,
          product_id: productId,
          qty,
          selected: 1,
          promotion_item_id: null,
          updated_at: now,
        })),
      )
      .execute();
    const tokens = users.map(() => crypto.randomBytes(32).toString("base64url"));
    await db
      .insertInto("session")
      .values(
        users.map((u, k) => ({
          id: hashToken(tokens[k]),
          user_id: u.id,
          tenant_id: tenantId,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
          created_at: now,
          ip: null,
          user_agent: "bench",
        })),
      )
      .execute();
    for (const t of tokens) out.push({ cookie: (await sessionCookie(false).serialize(t)).split(";")[0] });
  }
  return out;
}

const form = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

async function post(url: string, cookie: string, body: Record<string, string | number>) {
  const r = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: form(body),
  });
  await r.arrayBuffer();
  return r;
}

export async function ordersSection(ctx: OrdersBenchContext) {
  const { db } = ctx;
  const base = await ctx.server();
  const master = await db
    .selectFrom("app_user as u")
    .innerJoin("user_tenant as ut", "ut.user_id", "u.id")
    .select(["u.customer_id", "ut.tenant_id"])
    .where("u.code", "=", "XCD000001")
    .orderBy("ut.is_default", "desc")
    .executeTakeFirstOrThrow();
  const { customer_id: customerId, tenant_id: tenantId } = master;
  await db.updateTable("customer").set({ credit_limit: 1e13 }).where("id", "=", customerId).execute();
  let address = await db.selectFrom("address").select("id").where("customer_id", "=", customerId).executeTakeFirst();
  if (!address) {
    address = await db
      .insertInto("address")
      .values({
        customer_id: customerId,
        consignee: "Bench",
        phone: "1",
        province: "湖南",
        city: "株洲",
        district: "荷塘",
        line: "1",
        postcode: "",
        is_default: 1,
        updated_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  }
  const product = await db
    .selectFrom("product")
    .select(["id", "moq", "mpq"])
    .where("status", "=", "active")
    .where("list_price", "is not", null)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const qty = Math.ceil(product.moq / product.mpq) * product.mpq;
  await db
    .insertInto("stock")
    .values({ tenant_id: tenantId, product_id: product.id, available: 1_000_000_000, lead_time_days: 7 })
    .onConflict((oc) => oc.columns(["tenant_id", "product_id"]).doUpdateSet({ available: 1_000_000_000, reserved: 0 }))
    .execute();

  // 1. orders per second
  const clients = await benchUsers(db, "BENCHO", CLIENTS, customerId, tenantId);
  const ordersBefore = Number(
    (
      await db
        .selectFrom("sales_order")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const until = Date.now() + SECONDS * 1000;
  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  const started = Date.now();
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const add = await post(`${base}/shopCart?index`, c.cookie, { intent: "add", productId: product.id, qty, redirectTo: "/shopCart" });
        const sub = await post(`${base}/order/fillOrder`, c.cookie, {
          intent: "submit",
          token: token(),
          addressId: address!.id,
          paymentMethod: "prepayment",
          expectedDeliveryDate: inDays(30),
        });
        latencies.push(performance.now() - t0);
        if (add.status === 302 && sub.status === 302 && (sub.headers.get("location") ?? "").startsWith("/order/order")) ok++;
        else failed++;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const ordersAfter = Number(
    (
      await db
        .selectFrom("sales_order")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const stock = await db
    .selectFrom("stock")
    .select(["available", "reserved"])
    .where("tenant_id", "=", tenantId)
    .where("product_id", "=", product.id)
    .executeTakeFirstOrThrow();
  latencies.sort((a, b) => a - b);

  // 1b. submissions only: 20 clients post the fill-order form for signed-in users whose carts are ready
  const prepared = await bulkBuyers(db, "BS", Number(process.env.BENCH_ORDER_PREPARED ?? 4000), customerId, tenantId, product.id, qty);
  let next = 0;
  let subOk = 0;
  let subFailed = 0;
  const subLatencies: number[] = [];
  const subUntil = Date.now() + SECONDS * 1000;
  const subStarted = Date.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < subUntil && next < prepared.length) {
        const buyer = prepared[next++];
        const t0 = performance.now();
        const sub = await post(`${base}/order/fillOrder`, buyer.cookie, {
          intent: "submit",
          token: token(),
          addressId: address!.id,
          paymentMethod: "prepayment",
          expectedDeliveryDate: inDays(30),
        });
        subLatencies.push(performance.now() - t0);
        if (sub.status === 302 && (sub.headers.get("location") ?? "").startsWith("/order/order")) subOk++;
        else subFailed++;
      }
    }),
  );
  const subElapsed = (Date.now() - subStarted) / 1000;
  subLatencies.sort((a, b) => a - b);
  const stockAfter = await db
    .selectFrom("stock")
    .select(["available"])
    .where("tenant_id", "=", tenantId)
    .where("product_id", "=", product.id)
    .executeTakeFirstOrThrow();

  // 2. flash sale over HTTP: 200 buyers, 10 pieces
  const now = new Date();
  const promo = await db
    .insertInto("promotion")
    .values({
      tenant_id: tenantId,
      kind: "flash",
      title_zh: "压测秒杀",
      title_en: "Bench flash sale",
      starts_at: new Date(now.getTime() - 60_000).toISOString(),
      ends_at: new Date(now.getTime() + 3600_000).toISOString(),
      discount_bp: null,
      min_qty: null,
      min_amount: null,
      gift_product_id: null,
      gift_qty: null,
      per_customer_limit: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const flashProduct = await db
    .selectFrom("product")
    .select(["id"])
    .where("status", "=", "active")
    .where("list_price", "is not", null)
    .where("mpq", "=", 1)
    .where("moq", "=", 1)
    .executeTakeFirst();
  const fp = flashProduct?.id ?? product.id;
  const fqty = flashProduct ? 1 : qty;
  const item = await db
    .insertInto("promotion_item")
    .values({ promotion_id: promo.id, product_id: fp, promo_price: 100, flash_stock: FLASH_STOCK * fqty })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("stock")
    .values({ tenant_id: tenantId, product_id: fp, available: 1_000_000, lead_time_days: 7 })
    .onConflict((oc) => oc.columns(["tenant_id", "product_id"]).doUpdateSet({ available: 1_000_000 }))
    .execute();
  const buyers = await benchUsers(db, "BENCHF", FLASH_BUYERS, customerId, tenantId);
  for (const b of buyers) {
    await db
      .insertInto("cart_item")
      .values({
        tenant_id: tenantId,
        customer_id: customerId,
        user_id: b.id,
        product_id: fp,
        qty: fqty,
        selected: 1,
        promotion_item_id: item.id,
        updated_at: now.toISOString(),
      })
      .execute();
  }
  const f0 = Date.now();
  const results = await Promise.all(
    buyers.map((b) =>
      post(`${base}/order/fillOrder`, b.cookie, {
        intent: "submit",
        token: token(),
        addressId: address!.id,
        paymentMethod: "prepayment",
        expectedDeliveryDate: inDays(30),
      }),
    ),
  );
  const flashMs = Date.now() - f0;
  const won = results.filter((r) => r.status === 302).length;
  const refused = results.filter((r) => r.status === 400).length;
  const flashRow = await db.selectFrom("promotion_item").select(["flash_sold", "flash_stock"]).where("id", "=", item.id).executeTakeFirstOrThrow();
  const flashOrders = await db
    .selectFrom("order_line")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("qty"), eb.lit(0)).as("q"))
    .where("promotion_item_id", "=", item.id)
    .executeTakeFirstOrThrow();

  return {
    submissions: {
      clients: CLIENTS,
      seconds: Math.round(subElapsed * 10) / 10,
      orders: subOk,
      failed: subFailed,
      orders_per_s: Math.round((subOk / subElapsed) * 10) / 10,
      p50_ms: Math.round(subLatencies[Math.floor(subLatencies.length / 2)] ?? 0),
      p99_ms: Math.round(subLatencies[Math.floor(subLatencies.length * 0.99)] ?? 0),
      stock_never_negative: stockAfter.available >= 0,
      note: "each POST /order/fillOrder creates one order from a signed-in user's ready cart",
    },
    journey_add_and_submit: {
      clients: CLIENTS,
      seconds: Math.round(elapsed * 10) / 10,
      orders: ok,
      failed,
      orders_per_s: Math.round((ok / elapsed) * 10) / 10,
      http_requests_per_s: Math.round((((ok + failed) * 2) / elapsed) * 10) / 10,
      p50_ms_add_and_submit: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
      p99_ms_add_and_submit: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
      orders_in_db: ordersAfter - ordersBefore,
      stock_never_negative: stock.available >= 0,
    },
    flash_sale: {
      buyers: FLASH_BUYERS,
      flash_stock: FLASH_STOCK,
      succeeded: won,
      refused_with_message: refused,
      flash_sold: flashRow.flash_sold / fqty,
      oversold: Math.max(0, Number(flashOrders.q) / fqty - FLASH_STOCK),
      ms: flashMs,
    },
  };
}
