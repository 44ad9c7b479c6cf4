import crypto from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { amountValue } from "~/i18n/format";
import { stockLight, type StockLight } from "~/modules/catalogue/offer";
import { getOffers, type OfferActor } from "~/modules/catalogue/offer.server";
import { fail, ok, type Result } from "~/modules/result";
import { createExport, pruneExportParts, removeExport } from "./export-store.server";
import { type FeedActor } from "./feed-keys.server";

/**
 * The dealer's stock and price feed (issue 30 item 3, decision 073): per ordering code the key's
 * customer's price (the catalogue's offers: `getOffers`, the one pricing rule with the customer's
 * price list and discount, in the master account's default company entity) and the stock as a
 * traffic light, optionally with the number; a page of it, and the hourly full export file,
 * written page by page so that the memory stays flat however many products there are.
 */
export interface FeedItem {
  orderingCode: string;
  nameZh: string;
  nameEn: string;
  unit: string;
  /** the dealer's unit price incl. tax (yuan); null: price on request */
  price: number | null;
  currency: string;
  stock: StockLight;
  /** sellable quantity (`withQuantity=1`) */
  quantity?: number;
  leadTimeDays: number;
  moq: number;
  mpq: number;
  status: string;
  /** the latest change of the product, its stock or list price in the entity, or the customer's price */
  updatedAt: string;
}

export interface FeedPage {
  items: FeedItem[];
  page: number;
  pageSize: number;
  total: number;
}

export const FEED_MAX_PAGE_SIZE = 1000;

const offerActor = (a: FeedActor): OfferActor => ({
  id: a.userId,
  customerId: a.customerId,
  tenantId: a.tenantId,
  currency: a.currency,
  canOrder: true,
  canSeePrice: true,
  canSeeStock: true,
  priceAdjustmentBp: 0,
});

/** The products of the feed with their change times, in product order; `changedSince` keeps those changed at or after it. */
function feedQuery(db: DB, actor: FeedActor, changedSince: string | null) {
  let q = db
    .selectFrom("product as p")
    .leftJoin("stock as s", (j) => j.onRef("s.product_id", "=", "p.id").on("s.tenant_id", "=", actor.tenantId))
    .leftJoin("customer_price as cp", (j) =>
      j.onRef("cp.product_id", "=", "p.id").on("cp.customer_id", "=", actor.customerId).on("cp.tenant_id", "=", actor.tenantId),
    );
  if (changedSince) {
    q = q.where((eb) => eb.or([eb("p.updated_at", ">=", changedSince), eb("s.updated_at", ">=", changedSince), eb("cp.updated_at", ">=", changedSince)]));
  }
  return q;
}

type Row = {
  id: number;
  ordering_code: string;
  name_zh: string;
  name_en: string;
  unit: string;
  p_updated: string;
  s_updated: string | null;
  cp_updated: string | null;
};

/** The feed's items of product rows: the catalogue's offers for the key's customer. */
async function itemsOf(db: DB, actor: FeedActor, rows: Row[], withQuantity: boolean, now: Date): Promise<FeedItem[]> {
  if (!rows.length) return [];
  const offers = await getOffers(
    db,
    offerActor(actor),
    rows.map((r) => r.id),
    { now },
  );
  return rows.map((r) => {
    const o = offers.get(r.id)!;
    const available = o.stock ?? 0;
    const updatedAt =
      [r.p_updated, r.s_updated, r.cp_updated]
        .filter((v): v is string => !!v)
        .sort()
        .at(-1) ?? r.p_updated;
    return {
      orderingCode: r.ordering_code,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      unit: r.unit,
      price: o.price === null ? null : amountValue(o.price),
      currency: o.currency,
      stock: stockLight({ available, moq: o.moq }),
      ...(withQuantity ? { quantity: Math.max(0, available) } : {}),
      leadTimeDays: o.leadTimeDays ?? 0,
      moq: o.moq,
      mpq: o.mpq,
      status: o.status,
      updatedAt,
    };
  });
}

const rowColumns = [
  "p.id",
  "p.ordering_code",
  "p.name_zh",
  "p.name_en",
  "p.unit",
  "p.updated_at as p_updated",
  "s.updated_at as s_updated",
  "cp.updated_at as cp_updated",
] as const;

/** One page of the key's customer's feed. */
export async function feedPage(
  db: DB,
  actor: FeedActor,
  input: { page: number; pageSize: number; changedSince: string | null; withQuantity: boolean },
  now = new Date(),
): Promise<Result<FeedPage>> {
  if (input.pageSize > FEED_MAX_PAGE_SIZE) return fail("services:apiKeys.pageSize", { max: FEED_MAX_PAGE_SIZE });
  // Without changedSince every product is in the feed once (a product has at most one stock row
  // per entity and one price per customer and entity): counting the products alone spares the
  // database the two joins, most of a page's time over a million products (decision 078).
  const counted = input.changedSince ? feedQuery(db, actor, input.changedSince) : db.selectFrom("product as p");
  const [count, rows] = await Promise.all([
    counted.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    feedQuery(db, actor, input.changedSince)
      .select(rowColumns)
      .orderBy("p.id")
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
  ]);
  const items = await itemsOf(db, actor, rows as Row[], input.withQuantity, now);
  return ok({ items, page: input.page, pageSize: input.pageSize, total: Number(count.n) });
}

/** The feed's CSV columns, in order (`quantity` only when asked for). */
const CSV_COLUMNS = [
  "orderingCode",
  "nameZh",
  "nameEn",
  "unit",
  "price",
  "currency",
  "stock",
  "quantity",
  "leadTimeDays",
  "moq",
  "mpq",
  "status",
  "updatedAt",
] as const;

/** One CSV field, quoted as RFC 4180 asks when it holds a comma, a quote, a line break or edge spaces. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const s = String(value);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const columnsFor = (withQuantity: boolean) => CSV_COLUMNS.filter((c) => withQuantity || c !== "quantity");

/** The header row (CRLF-ended). */
export const csvHeader = (withQuantity: boolean) => columnsFor(withQuantity).join(",") + "\r\n";

/** Items as CSV rows (each CRLF-ended). */
export function csvRows(items: FeedItem[], withQuantity: boolean): string {
  const columns = columnsFor(withQuantity);
  return items.map((item) => columns.map((c) => csvField(item[c])).join(",") + "\r\n").join("");
}

// ---------------------------------------------------------------------------------------------
// The hourly full export

/** An export older than this is rebuilt; a rebuild holds its lock this long at most. */
const EXPORT_AGE_MS = 55 * 60_000;
const LOCK_MS = 15 * 60_000;
const EXPORT_BATCH = 1000;

export interface FeedExport {
  fileKey: string;
  etag: string;
  rows: number;
  builtAt: string;
}

/**
 * Takes the customer's rebuild: one conditional update, so that of two processes (or two
 * workers) only one rebuilds. `force` rebuilds an export that is not due yet (none yet, say).
 */
async function claimExport(db: DB, customerId: number, now: Date, force: boolean): Promise<boolean> {
  await db
    .insertInto("feed_export")
    .values({ customer_id: customerId })
    .onConflict((oc) => oc.column("customer_id").doNothing())
    .execute();
  const nowIso = now.toISOString();
  const due = new Date(now.getTime() - EXPORT_AGE_MS).toISOString();
  const claimed = await db
    .updateTable("feed_export")
    .set({ locked_until: new Date(now.getTime() + LOCK_MS).toISOString() })
    .where("customer_id", "=", customerId)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
    .where((eb) => (force ? eb.or([eb("file_key", "is", null), eb("built_at", "<", due)]) : eb.or([eb("built_at", "is", null), eb("built_at", "<", due)])))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Writes the customer's full feed as CSV into the export store, page after page; its key, ETag and row count. */
async function writeExport(db: DB, actor: FeedActor, now: Date): Promise<{ fileKey: string; etag: string; rows: number }> {
  const fileKey = `${crypto.randomBytes(16).toString("hex")}.csv`;
  const out = await createExport(db, fileKey);
  const hash = crypto.createHash("sha256");
  const write = async (text: string) => {
    hash.update(text);
    await out.write(text);
  };
  let rows = 0;
  try {
    await write("\ufeff" + csvHeader(true));
    let after = 0;
    for (;;) {
      const page = (await feedQuery(db, actor, null).select(rowColumns).where("p.id", ">", after).orderBy("p.id").limit(EXPORT_BATCH).execute()) as Row[];
      if (!page.length) break;
      await write(csvRows(await itemsOf(db, actor, page, true, now), true));
      rows += page.length;
      after = page[page.length - 1].id;
    }
    await out.finish();
  } catch (e) {
    await out.abort();
    throw e;
  }
  return { fileKey, etag: `"${hash.digest("hex").slice(0, 32)}"`, rows };
}

/** Rebuilds the customer's export if this process takes the lock; true when it did. */
export async function rebuildExport(db: DB, actor: FeedActor, now = new Date(), force = false): Promise<boolean> {
  if (!(await claimExport(db, actor.customerId, now, force))) return false;
  try {
    const before = await db.selectFrom("feed_export").select("file_key").where("customer_id", "=", actor.customerId).executeTakeFirst();
    const built = await writeExport(db, actor, now);
    await db
      .updateTable("feed_export")
      .set({ file_key: built.fileKey, etag: built.etag, rows: built.rows, built_at: new Date().toISOString(), locked_until: null })
      .where("customer_id", "=", actor.customerId)
      .execute();
    // a download under way keeps reading the old export (decision 085)
    await removeExport(db, before?.file_key ?? null);
    return true;
  } catch (e) {
    await db.updateTable("feed_export").set({ locked_until: null }).where("customer_id", "=", actor.customerId).execute();
    throw e;
  }
}

/** The customer's export; built now when there is none yet (its first call), or refused while another process builds it. */
export async function currentExport(db: DB, actor: FeedActor, now = new Date()): Promise<Result<FeedExport>> {
  const read = () => db.selectFrom("feed_export").selectAll().where("customer_id", "=", actor.customerId).executeTakeFirst();
  let row = await read();
  if (!row?.file_key) {
    await rebuildExport(db, actor, now, true);
    row = await read();
  }
  if (!row?.file_key || !row.etag || !row.built_at) return fail("services:apiKeys.exportPending");
  return ok({ fileKey: row.file_key, etag: row.etag, rows: row.rows, builtAt: row.built_at });
}

/** The actors of every customer holding a live key: the master account in its default entity. */
async function customersWithKeys(db: DB): Promise<FeedActor[]> {
  const rows = await db
    .selectFrom("feed_key as k")
    .innerJoin("app_user as u", (j) => j.onRef("u.customer_id", "=", "k.customer_id").on("u.master_user_id", "is", null).on("u.status", "=", "active"))
    .innerJoin("user_tenant as ut", "ut.user_id", "u.id")
    .innerJoin("tenant as t", "t.id", "ut.tenant_id")
    .select(["k.customer_id", "u.id as user_id", "t.id as tenant_id", "t.currency", "ut.is_default"])
    .where("k.revoked_at", "is", null)
    .orderBy("k.customer_id")
    .orderBy("ut.is_default", "desc")
    .orderBy("t.id")
    .execute();
  const seen = new Map<number, FeedActor>();
  for (const r of rows) {
    if (!seen.has(r.customer_id))
      seen.set(r.customer_id, { keyId: 0, customerId: r.customer_id, userId: r.user_id, tenantId: r.tenant_id, currency: r.currency });
  }
  return [...seen.values()];
}

/**
 * The hourly job (server.ts): rebuilds the export of each customer with a live key that is due,
 * each under its lock. Answers how many it rebuilt.
 */
export async function rebuildDueExports(db: DB, now = new Date()): Promise<number> {
  let built = 0;
  for (const actor of await customersWithKeys(db)) if (await rebuildExport(db, actor, now)) built++;
  // the exports of customers without a live key any more are dropped
  const orphans = await db
    .selectFrom("feed_export as e")
    .select(["e.customer_id", "e.file_key"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("feed_key as k")
            .select(sql`1`.as("one"))
            .whereRef("k.customer_id", "=", "e.customer_id")
            .where("k.revoked_at", "is", null),
        ),
      ),
    )
    .execute();
  for (const o of orphans) {
    await db.deleteFrom("feed_export").where("customer_id", "=", o.customer_id).execute();
    await removeExport(db, o.file_key);
  }
  await pruneExportParts(db, now);
  return built;
}
