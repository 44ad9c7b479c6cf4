import { shopDayStart, shopToday } from "~/i18n/format";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { OPEN_STATUSES } from "~/modules/orders/status";

/**
 * The order desk's dashboard (issue 17 §7): what the company entity sold over the last days,
 * what waits for the desk, what sells best, and the import jobs. Aggregated in SQL; only the
 * fold of UTC hours into the shop's days (Asia/Shanghai, UTC+8, no daylight saving) is done here.
 */

export const DASHBOARD_DAYS = 90;

/** Orders that count as placed: everything but drafts (to be submitted) and cancelled ones. */
const NOT_PLACED = ["to_be_submitted", "cancelled"];

export interface DayTotal {
  /** the shop's day, YYYY-MM-DD */
  day: string;
  orders: number;
  /** payable amount, minor units */
  amount: number;
}

/**
 * Orders and amounts per shop day for the last `days` days up to and including today, every day
 * present (zero when nothing was ordered). created_at is an ISO string in UTC on both databases,
 * so its first 13 characters are the UTC hour: grouping by them is portable and the hours fold
 * into China days without a time-zone function.
 */
export async function ordersPerDay(db: DB, tenantId: number, now = new Date(), days = DASHBOARD_DAYS): Promise<DayTotal[]> {
  const today = shopToday(now);
  const since = shopDayStart(today, 1 - days);
  const firstDay = shopToday(Date.parse(since));
  const hour = sql<string>`substr(created_at, 1, 13)`;
  const rows = await db
    .selectFrom("sales_order")
    .select((eb) => [hour.as("hour"), eb.fn.countAll<number>().as("orders"), eb.fn.sum<number>("payable_amount").as("amount")])
    .where("tenant_id", "=", tenantId)
    .where("created_at", ">=", since)
    .where("status", "not in", NOT_PLACED)
    .groupBy(hour)
    .execute();
  const byDay = new Map<string, DayTotal>();
  for (let i = 0; i < days; i++) {
    const day = shopToday(Date.parse(shopDayStart(firstDay, i)));
    byDay.set(day, { day, orders: 0, amount: 0 });
  }
  for (const r of rows) {
    const total = byDay.get(shopToday(Date.parse(`${r.hour}:00:00Z`)));
    if (!total) continue; // an order dated after now (clock skew): not today's
    total.orders += Number(r.orders);
    total.amount += Number(r.amount ?? 0);
  }
  return [...byDay.values()];
}

export interface DeskCounts {
  toBeConfirmed: number;
  /** open orders with at least one line not shipped in full */
  openDeliveries: number;
}

export async function deskCounts(db: DB, tenantId: number): Promise<DeskCounts> {
  const [waiting, open] = await Promise.all([
    db
      .selectFrom("sales_order")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .where("status", "=", "to_be_confirmed")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("sales_order as o")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("o.tenant_id", "=", tenantId)
      .where("o.status", "in", [...OPEN_STATUSES])
      .where(({ exists, selectFrom }) =>
        exists(selectFrom("order_line as l").select("l.id").whereRef("l.order_id", "=", "o.id").whereRef("l.shipped_qty", "<", "l.qty")),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return { toBeConfirmed: Number(waiting.n), openDeliveries: Number(open.n) };
}

export interface TopProduct {
  ordering_code: string;
  name_zh: string;
  name_en: string;
  qty: number;
  amount: number;
}

/** The best-selling ordering codes by amount over the same days as the chart. */
export async function topProducts(db: DB, tenantId: number, now = new Date(), days = DASHBOARD_DAYS, limit = 10): Promise<TopProduct[]> {
  const since = shopDayStart(shopToday(now), 1 - days); // the chart's first China day
  const rows = await db
    .selectFrom("order_line as l")
    .innerJoin("sales_order as o", "o.id", "l.order_id")
    .select((eb) => [
      "l.ordering_code",
      eb.fn.max("l.name_zh").as("name_zh"),
      eb.fn.max("l.name_en").as("name_en"),
      eb.fn.sum<number>("l.qty").as("qty"),
      eb.fn.sum<number>("l.amount").as("amount"),
    ])
    .where("o.tenant_id", "=", tenantId)
    .where("o.created_at", ">=", since)
    .where("o.status", "not in", NOT_PLACED)
    .groupBy("l.ordering_code")
    .orderBy("amount", "desc")
    .orderBy("l.ordering_code")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ordering_code: r.ordering_code,
    name_zh: String(r.name_zh),
    name_en: String(r.name_en),
    qty: Number(r.qty),
    amount: Number(r.amount),
  }));
}

export interface JobRow {
  kind: string;
  id: number;
  status: string;
  done: number;
  total: number;
  created_at: string;
}

/** The latest jobs: dealers' Excel order imports of this entity and the back office's own jobs. */
export async function recentJobs(db: DB, tenantId: number, limit = 8): Promise<JobRow[]> {
  const [imports, jobs] = await Promise.all([
    db
      .selectFrom("import_job")
      .select(["id", "status", "done", "total", "created_at"])
      .where("tenant_id", "=", tenantId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db.selectFrom("background_job").select(["id", "kind", "status", "done", "total", "created_at"]).orderBy("id", "desc").limit(limit).execute(),
  ]);
  return [...imports.map((r) => ({ ...r, kind: "order_import" })), ...jobs]
    .map((r) => ({ ...r, done: Number(r.done), total: Number(r.total) }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, limit);
}
