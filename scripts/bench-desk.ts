/**
 * Order desk section of `npm run bench` (scripts/bench.ts SECTIONS.desk; `--only desk`):
 * the desk's order list (issue 17) over 100,000 orders of one company entity.
 * 1. tops the bench database up to BENCH_DESK_ORDERS orders (default 100,000) with batched inserts
 *    (orders of all dealers, 1–3 lines each, statuses and dates spread over two years);
 * 2. times `listDeskOrders` sequentially for the filters a desk uses (p50/p95 of 40 runs each),
 *    with SQLite's query plan of the default list;
 * 3. loads /system/orders over HTTP as the order desk (EMP000002) with the usual load generator.
 */
import { sql } from "kysely";
import type { DB } from "../app/db/db.server";
import { listDeskOrders, type DeskActor, type DeskFilters } from "../app/modules/desk/desk.server";
import { ORDER_STATUSES } from "../app/modules/orders/status";

export interface DeskBenchContext {
  db: DB;
  server(): Promise<string>;
  cookieFor(code: string): Promise<string>;
  load(url: string, headers?: Record<string, string>): Promise<unknown>;
}

const TARGET = Number(process.env.BENCH_DESK_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_DESK_RUNS ?? 40);
const BATCH = 400;
const log = (msg: string) => process.stderr.write(`[bench:desk] ${msg}\n`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (n: number) => Math.round(n * 100) / 100;

/** A small deterministic generator (the same orders on every machine). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function topUp(db: DB, tenantId: number): Promise<number> {
  const have = Number(
    (
      await db
        .selectFrom("sales_order")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= TARGET) return have;
  const dealers = await db
    .selectFrom("app_user as u")
    .innerJoin("user_tenant as ut", "ut.user_id", "u.id")
    .innerJoin("customer as c", "c.id", "u.customer_id")
    .select(["u.id", "u.customer_id", "c.code"])
    .where("ut.tenant_id", "=", tenantId)
    .where("c.kind", "=", "dealer")
    .where("u.master_user_id", "is", null)
    .execute();
  const products = await db
    .selectFrom("product as p")
    .innerJoin("stock as s", (j) => j.onRef("s.product_id", "=", "p.id").on("s.tenant_id", "=", tenantId))
    .select(["p.id", "p.ordering_code", "p.name_zh", "p.name_en", "p.list_price"])
    .where("p.list_price", "is not", null)
    .orderBy("p.id")
    .limit(5_000)
    .execute();
  if (!dealers.length || !products.length) throw new Error("the bench database has no dealers or products in the entity");
  const statuses = ORDER_STATUSES.filter((s) => s !== "to_be_submitted");
  const random = rng(have + 17);
  const now = Date.now();
  const t0 = performance.now();
  log(`adding ${TARGET - have} orders to reach ${TARGET}…`);
  for (let done = have; done < TARGET;) {
    const n = Math.min(BATCH, TARGET - done);
    await db.transaction().execute(async (trx) => {
      const orders = Array.from({ length: n }, (_, k) => {
        const d = dealers[Math.floor(random() * dealers.length)];
        const created = new Date(now - Math.floor(random() * 730 * 86_400_000));
        const day = created.toISOString().slice(0, 10);
        const amount = 1_000 + Math.floor(random() * 2_000_000);
        return {
          order_no: `SOB${day.replaceAll("-", "")}${String(done + k).padStart(7, "0")}`,
          tenant_id: tenantId,
          customer_id: d.customer_id,
          user_id: d.id,
          status: statuses[Math.floor(random() * statuses.length)],
          po_no: random() < 0.6 ? `PO-${d.code}-${String(Math.floor(random() * 100_000)).padStart(5, "0")}` : null,
          consignee: "Bench",
          phone: "1",
          address_text: "湖南省株洲市",
          payment_method: "prepayment",
          expected_delivery_date: new Date(created.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
          goods_amount: amount,
          discount_amount: 0,
          shipping_fee: 0,
          payable_amount: amount,
          currency: "CNY",
          created_at: created.toISOString(),
          updated_at: created.toISOString(),
          submitted_at: created.toISOString(),
        };
      });
      const ids = await trx.insertInto("sales_order").values(orders).returning("id").execute();
      const lines = ids.flatMap(({ id }, k) =>
        Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => {
          const p = products[Math.floor(random() * products.length)];
          const qty = 1 + Math.floor(random() * 50);
          const shipped = orders[k].status === "shipped" ? qty : orders[k].status === "partly_shipped" && random() < 0.5 ? Math.floor(qty / 2) : 0;
          return {
            order_id: id,
            line_no: i + 1,
            product_id: p.id,
            ordering_code: p.ordering_code,
            name_zh: p.name_zh,
            name_en: p.name_en,
            qty,
            unit_price: p.list_price ?? 0,
            discount_amount: 0,
            amount: qty * (p.list_price ?? 0),
            esd: orders[k].expected_delivery_date,
            ship_date: orders[k].expected_delivery_date,
            shipped_qty: shipped,
          };
        }),
      );
      for (let i = 0; i < lines.length; i += BATCH)
        await trx
          .insertInto("order_line")
          .values(lines.slice(i, i + BATCH))
          .execute();
    });
    done += n;
    if (done % 20_000 < BATCH) log(`${done} orders`);
  }
  await sql`analyze`.execute(db);
  log(`orders added in ${Math.round((performance.now() - t0) / 1000)} s`);
  return TARGET;
}

export async function deskSection(ctx: DeskBenchContext) {
  const { db } = ctx;
  const staff = await db.selectFrom("app_user").select(["id", "code"]).where("code", "=", "EMP000002").executeTakeFirstOrThrow();
  const tenant = await db
    .selectFrom("user_tenant")
    .select("tenant_id")
    .where("user_id", "=", staff.id)
    .orderBy("is_default", "desc")
    .orderBy("tenant_id")
    .executeTakeFirstOrThrow();
  const actor: DeskActor = { id: staff.id, code: staff.code, tenantId: tenant.tenant_id };
  const orders = await topUp(db, actor.tenantId);
  const someDealer = (
    await db
      .selectFrom("sales_order as o")
      .innerJoin("customer as c", "c.id", "o.customer_id")
      .select("c.code")
      .where("o.tenant_id", "=", actor.tenantId)
      .limit(1)
      .executeTakeFirstOrThrow()
  ).code;
  const someCode = (await db.selectFrom("order_line").select("ordering_code").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow()).ordering_code;
  const f = (over: Partial<DeskFilters>): DeskFilters => ({ tab: "all", page: 1, pageSize: 20, ...over });
  const cases: [string, DeskFilters][] = [
    ["queue (default)", f({ tab: "queue" })],
    ["all, page 1", f({})],
    ["all, page 500", f({ page: 500 })],
    ["to ship", f({ tab: "toShip" })],
    ["status confirmed", f({ status: "confirmed" })],
    ["dealer", f({ dealer: someDealer })],
    [
      "dates (one month)",
      f({ from: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) }),
    ],
    ["PO no", f({ poNo: "PO-C1" })],
    ["ordering code", f({ code: someCode.slice(0, 8) })],
  ];
  const list: Record<string, { p50_ms: number; p95_ms: number; total: number }> = {};
  for (const [name, filters] of cases) {
    await listDeskOrders(db, actor, filters); // warm the cache
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      total = (await listDeskOrders(db, actor, filters)).total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    list[name] = { p50_ms: round(pct(times, 50)), p95_ms: round(pct(times, 95)), total };
    log(`${name}: p95 ${list[name].p95_ms} ms (${total} orders)`);
  }
  const plan = await sql<{ detail: string }>`explain query plan
    select o.id from sales_order o where o.tenant_id = ${actor.tenantId} and o.status in ('submitted', 'to_be_confirmed')
    order by o.created_at desc, o.id desc limit 20`.execute(db);
  const base = await ctx.server();
  const cookie = await ctx.cookieFor("EMP000002");
  const http = await ctx.load(`${base}/system/orders?tab=all`, { cookie });
  return { orders_in_entity: orders, list, plan_queue: plan.rows.map((r) => r.detail), http_all_orders_page: http };
}
