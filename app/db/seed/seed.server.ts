/**
 * Deterministic demo data: the same seed gives the same catalogue, prices, stock, accounts and
 * orders on SQLite and PostgreSQL. Only dates move with `now` (so promotions are active today).
 * Products stream through in batched multi-row inserts (500 rows per statement, 20,000 products
 * per transaction), so a million-product catalogue takes minutes and little memory.
 */
import { sql, type Insertable } from "kysely";
import type { DB } from "../db.server";
import { isPostgres } from "../dialect.server";
import type { CustomerPriceTable, StockTable } from "../schema";
import { seedAccounts, seedTenants, DEALER_A, TENANTS } from "./accounts.server";
import { seedRolesAndMenus } from "./roles-menus";
import { catalogueNodes } from "./catalogue";
import { seedContent, seedContentAdmin, seedNotices } from "./content.server";
import { seedDeskDemo } from "./desk.server";
import { seedFeedback } from "./feedback.server";
import { seedSupportDemo } from "./support.server";
import { seedQuotationDemo } from "./quotation.server";
import { seedBidding, seedDownloadCategories } from "./bidding.server";
import { cuttingData } from "./grades";
import { seedOrders } from "./orders.server";
import { ANCHORS, generateProducts, type GeneratedProduct } from "./products";
import { Rng } from "./prng";
import { seedPromotions } from "./promotions.server";
import { optimizeSearchIndex } from "../../modules/search/search.server";

export { isEmpty, resetDatabase } from "./reset.server";
export { DEMO_PASSWORD } from "./accounts.server";

export interface SeedOptions {
  products: number;
  seed?: number;
  /** the moment promotions and order dates are relative to; defaults to the current time */
  now?: Date;
  log?: (msg: string) => void;
  /** where demo files (tender documents, download files) are written; none when unset (decision 053) */
  contentDir?: string;
}

export interface SeedSummary {
  products: number;
  nodes: number;
  users: number;
  orders: number;
  promotions: number;
  ms: number;
}

export const DEFAULT_SEED = 20261121;

/** Rows per INSERT statement: 500 products × 24 columns = 12,000 parameters, well under SQLite's 32,766. */
const ROWS_PER_STATEMENT = 500;
/**
 * Products per transaction: fewer, larger commits write each touched index page once instead of
 * many times (measured: 15 % less CPU than 5,000), and 20,000 rows still fit easily in memory.
 */
const PRODUCTS_PER_TRANSACTION = 20_000;

export async function seedDemoData(db: DB, opts: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const seed = opts.seed ?? DEFAULT_SEED;
  const now = opts.now ?? new Date();
  const nowIso = now.toISOString();
  const log = opts.log ?? (() => {});

  const tenants = await seedTenants(db);
  const nodes = catalogueNodes();
  for (const part of chunks(nodes, ROWS_PER_STATEMENT)) await db.insertInto("catalogue_node").values(part).execute();
  log(`catalogue: ${nodes.length} nodes`);

  const roles = await seedRolesAndMenus(db);
  const ids = await seedAccounts(db, tenants, roles, seed, nowIso);
  log(`accounts: ${ids.customers.size} customers, ${ids.users.size} users`);

  const products = await withBulkLoadSettings(db, async () => {
    const count = await seedProducts(db, {
      count: opts.products,
      seed,
      now,
      // Tenant 1000 first: the anchors' guaranteed stock is in tenant 1000.
      tenantIds: TENANTS.map((t) => tenants.get(t.code) ?? 0),
      dealerA: ids.customers.get(DEALER_A) ?? 0,
      tenantA: tenants.get("1000") ?? 0,
      log,
    });
    await optimizeSearchIndex(db); // one segment per index instead of one per transaction
    return count;
  });

  await db.insertInto("cutting_data").values(cuttingData()).execute();
  const promotions = await seedPromotions(db, tenants, seed, now);
  const orders = await seedOrders(db, ids, seed, now);
  await seedNotices(db, ids, orders, now);
  await seedDeskDemo(db, orders, now);
  await seedContent(db, now);
  await seedContentAdmin(db, now);
  await seedFeedback(db, now);
  await seedSupportDemo(db, ids, seed, now);
  await seedQuotationDemo(db, ids, now);
  await seedBidding(db, now, opts.contentDir ?? null);
  await seedDownloadCategories(db, opts.contentDir ?? null);
  // the maintenance window's format, set to a past night so the shop is open (spec §4)
  await db
    .insertInto("sys_parameter")
    .values({
      code: "errorPage",
      value: JSON.stringify({ startTime: "2026-01-01T00:00:00+08:00", endTime: "2026-01-01T06:00:00+08:00" }),
      description: "维护时间窗口 / maintenance window",
    })
    .execute();
  log(`promotions: ${promotions}, orders: ${orders.length}`);

  return { products, nodes: nodes.length, users: ids.users.size, orders: orders.length, promotions, ms: Math.round(performance.now() - started) };
}

/**
 * SQLite's default page cache is 2 MB. Products arrive in random code order, so the unique code
 * index, the search index and the full-text index are written all over the file; once they
 * outgrow the cache every batch rereads pages and the load slows down several times. A bigger
 * cache for the duration of the load keeps them in memory; the old size is restored afterwards.
 */
async function withBulkLoadSettings<T>(db: DB, load: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) return load();
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const previous = Number(rows[0]?.cache_size ?? -2000);
  await sql.raw(`pragma cache_size = ${BULK_CACHE_KIB}`).execute(db);
  try {
    return await load();
  } finally {
    await sql.raw(`pragma cache_size = ${previous}`).execute(db);
  }
}

/** negative = KiB: 512 MiB */
const BULK_CACHE_KIB = -524288;

interface ProductRun {
  count: number;
  seed: number;
  now: Date;
  tenantIds: number[];
  dealerA: number;
  tenantA: number;
  log: (msg: string) => void;
}

async function seedProducts(db: DB, run: ProductRun): Promise<number> {
  const started = performance.now();
  const logEvery = run.count >= 200_000 ? 100_000 : run.count >= 20_000 ? 10_000 : Infinity;
  let done = 0;
  let nextLog = logEvery;
  let batch: GeneratedProduct[] = [];
  const flush = async () => {
    await db.transaction().execute((trx) => insertProductBatch(trx, batch, run));
    done += batch.length;
    batch = [];
    if (done >= nextLog || done === run.count) {
      run.log(`products: ${done.toLocaleString("en")} / ${run.count.toLocaleString("en")} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      while (nextLog <= done) nextLog += logEvery;
    }
  };
  for (const p of generateProducts(run.count, run.seed, run.now)) {
    batch.push(p);
    if (batch.length === PRODUCTS_PER_TRANSACTION) await flush();
  }
  if (batch.length > 0) await flush();
  return done;
}

/** Inserts products, then their stock in both tenants and dealer A's special prices. */
async function insertProductBatch(db: DB, products: GeneratedProduct[], run: ProductRun): Promise<void> {
  const byCode = new Map(products.map((p) => [p.ordering_code, p]));
  const stock: Insertable<StockTable>[] = [];
  const special: Insertable<CustomerPriceTable>[] = [];
  for (const part of chunks(products, ROWS_PER_STATEMENT)) {
    const inserted = await db
      .insertInto("product")
      .values(part.map(({ index: _index, ...row }) => row))
      .returning(["id", "ordering_code"])
      .execute();
    // Matched by code, not by position: RETURNING order is not guaranteed.
    for (const { id, ordering_code } of inserted) {
      const p = byCode.get(ordering_code);
      if (!p) throw new Error(`inserted product ${ordering_code} was not in the batch`);
      stock.push(...stockRows(p, id, run));
      const price = specialPrice(p, run.seed);
      if (price !== null) special.push({ customer_id: run.dealerA, tenant_id: run.tenantA, product_id: id, price });
    }
  }
  for (const part of chunks(stock, 2 * ROWS_PER_STATEMENT)) await db.insertInto("stock").values(part).execute();
  for (const part of chunks(special, 2 * ROWS_PER_STATEMENT)) await db.insertInto("customer_price").values(part).execute();
}

const ANCHOR_STOCK = 860;

/** Stock per tenant: ~10 % out of stock; inserts in whole packs, tools and holders in small numbers. */
function stockRows(p: GeneratedProduct, productId: number, run: ProductRun): Insertable<StockTable>[] {
  const rng = Rng.of(run.seed, p.index, 2);
  const anchor = p.index < ANCHORS.length;
  return run.tenantIds.map((tenantId, t) => {
    const max = p.mpq > 1 ? 2000 : p.kind === "holder" ? 120 : 300;
    let available = rng.chance(0.1) ? 0 : rng.int(1, max);
    if (p.mpq > 1) available = Math.round(available / p.mpq) * p.mpq;
    // The anchor products are always in stock in tenant 1000, for end-to-end tests.
    if (anchor && t === 0) available = ANCHOR_STOCK;
    return {
      tenant_id: tenantId,
      product_id: productId,
      available,
      reserved: 0,
      lead_time_days: anchor && t === 0 ? 7 : rng.int(7, 60),
      list_price: entityListPrice(p, t, run.seed),
    };
  });
}

/**
 * The second entity (2000) lists about a fifth of the priced products 8 % dearer than the product
 * master (decision 054): a dealer signed in there sees other prices. Not on the anchors.
 */
function entityListPrice(p: GeneratedProduct, entityIndex: number, seed: number): number | null {
  if (entityIndex !== 1 || p.list_price === null || p.index < ANCHORS.length) return null;
  return Rng.of(seed, p.index, 17).chance(0.2) ? Math.round((p.list_price * 108) / 100) : null;
}

/** Dealer A's special price on ~5 % of priced products: 7–20 % below list. Never on the anchors. */
function specialPrice(p: GeneratedProduct, seed: number): number | null {
  if (p.list_price === null || p.index < ANCHORS.length) return null;
  const rng = Rng.of(seed, p.index, 3);
  if (!rng.chance(0.05)) return null;
  return Math.max(10, Math.round((p.list_price * (0.8 + rng.float() * 0.13)) / 10) * 10);
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
