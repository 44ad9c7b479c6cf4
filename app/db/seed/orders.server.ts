/**
 * Orders in every status with lines, totals and delivery records (shipments), for dealer A in
 * tenant 1000 mostly, and a few for dealer B and in tenant 2000. Totals follow the shop's rules:
 * amount = qty × unit price − discount; shipping is free from the tenant's free-shipping amount.
 */
import type { Insertable } from "kysely";
import type { DB } from "../db.server";
import type { SalesOrderTable } from "../schema";
import { TENANTS, DEALER_A, DEALER_B, type Ids } from "./accounts.server";
import { Rng } from "./prng";
import { shopToday } from "~/i18n/format";
import { formatOrderNo } from "~/modules/orders/submit.server";

export const ORDER_STATUSES = [
  "to_be_submitted",
  "submitted",
  "to_be_confirmed",
  "confirmed",
  "cancelled",
  "purchase_application_created",
  "partly_shipped",
  "shipped",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const DAY = 86_400_000;
/** Shop dates are China dates (UTC+8). */

const CARRIERS = [
  { name: "顺丰速运", tracking: (r: Rng) => `SF${digits(r, 13)}` },
  { name: "京东物流", tracking: (r: Rng) => `JDVC${digits(r, 11)}` },
  { name: "德邦物流", tracking: (r: Rng) => `DPK${digits(r, 12)}` },
];
const CANCEL_REASONS = ["项目推迟，暂不需要", "下错型号，已重新下单", "交期无法满足生产计划", "客户要求合并订单"];
const REMARKS = ["请随货附装箱单和质保书", "送货前请电话联系仓库", "发票随货寄出", null, null];

function digits(r: Rng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += String(r.int(0, 9));
  return s;
}

interface PoolProduct {
  id: number;
  ordering_code: string;
  name_zh: string;
  name_en: string;
  list_price: number | null;
  mpq: number;
  moq: number;
}

/** Which orders to make: customer, ordering user, tenant and how many per status. */
const PLAN: { customer: string; users: string[]; tenant: string; statuses: OrderStatus[] }[] = [
  { customer: DEALER_A, users: ["XCD000001", "XCD000001", "XCD000002"], tenant: "1000", statuses: ORDER_STATUSES.flatMap((s) => [s, s, s, s]) },
  { customer: DEALER_B, users: ["DPC000001"], tenant: "1000", statuses: [...ORDER_STATUSES] },
  { customer: DEALER_A, users: ["XCD000001"], tenant: "2000", statuses: ["submitted", "confirmed", "purchase_application_created"] },
  { customer: DEALER_B, users: ["DPC000001"], tenant: "2000", statuses: ["confirmed", "cancelled"] },
];

/** How long ago orders of each status were placed (days). */
const AGE: Record<OrderStatus, [number, number]> = {
  to_be_submitted: [0, 3],
  submitted: [1, 5],
  to_be_confirmed: [2, 8],
  confirmed: [5, 60],
  cancelled: [3, 40],
  purchase_application_created: [10, 90],
  partly_shipped: [5, 60],
  shipped: [10, 90],
};

export interface SeededOrder {
  id: number;
  order_no: string;
  status: OrderStatus;
  customer: string;
  tenant: string;
  cancel_reason: string | null;
}

interface Counters {
  order: number;
  slip: number;
  batch: number;
}

export async function seedOrders(db: DB, ids: Ids, seed: number, now: Date): Promise<SeededOrder[]> {
  const pool: PoolProduct[] = await db
    .selectFrom("product")
    .select(["id", "ordering_code", "name_zh", "name_en", "list_price", "mpq", "moq"])
    .where("status", "=", "active")
    .where("list_price", "is not", null)
    .orderBy("id")
    .limit(300)
    .execute();
  if (pool.length === 0) return [];

  const customerRows = await db.selectFrom("customer").select(["id", "code", "discount_bp"]).where("code", "in", [DEALER_A, DEALER_B]).execute();
  const discount = new Map(customerRows.map((c) => [c.code, c.discount_bp]));
  const special = await specialPrices(db, ids, pool);
  const addresses = await db
    .selectFrom("address")
    .selectAll()
    .where(
      "customer_id",
      "in",
      customerRows.map((c) => c.id),
    )
    .orderBy("id")
    .execute();

  const rng = Rng.of(seed, 9000);
  const drafts: Draft[] = [];
  for (const plan of PLAN) {
    const customerId = ids.customers.get(plan.customer) ?? 0;
    const tenant = TENANTS.find((t) => t.code === plan.tenant) ?? TENANTS[0];
    const myAddresses = addresses.filter((a) => a.customer_id === customerId);
    for (const [i, status] of plan.statuses.entries()) {
      const userCode = plan.users[i % plan.users.length];
      const address = myAddresses[i % Math.max(1, myAddresses.length)];
      const created = now.getTime() - rng.int(AGE[status][0] * 24, AGE[status][1] * 24) * 3_600_000 - rng.int(0, 3_599_999);
      const lines = makeLines(rng, pool, {
        discountBp: discount.get(plan.customer) ?? 0,
        special: plan.tenant === "1000" && plan.customer === DEALER_A ? special : new Map(),
        // A sub-account pays the master's price plus its adjustment factor (XCD000002: +10 %).
        adjustBp: userCode === "XCD000002" ? 1000 : 0,
      });
      // a partly shipped order of one line ships half of it: it needs two packs at least
      if (status === "partly_shipped" && lines.length === 1) {
        while (lines[0].qty < 2 * lines[0].product.mpq) lines[0] = { ...lines[0], qty: lines[0].qty + lines[0].product.mpq };
      }
      const goods = lines.reduce((s, l) => s + l.qty * l.unit_price, 0);
      const lineDiscounts = lines.reduce((s, l) => s + l.discount_amount, 0);
      const shipping = goods - lineDiscounts >= tenant.free_shipping_amount ? 0 : tenant.shipping_fee;
      const credit = plan.customer === DEALER_A;
      drafts.push({
        plan,
        created,
        lines,
        row: {
          tenant_id: ids.tenants.get(plan.tenant) ?? 0,
          customer_id: customerId,
          user_id: ids.users.get(userCode) ?? 0,
          status,
          po_no: rng.chance(0.6) ? `PO-${plan.customer}-${shopToday(created).slice(2, 7).replace("-", "")}-${String(rng.int(1, 999)).padStart(3, "0")}` : null,
          consignee: address?.consignee ?? "",
          phone: address?.phone ?? "",
          address_text: address ? `${address.province}${address.city}${address.district}${address.line}` : "",
          payment_method: credit ? "on_account" : "prepayment",
          payment_deadline: credit ? null : shopToday(created + 7 * DAY),
          expected_delivery_date: shopToday(created + rng.int(7, 21) * DAY),
          goods_amount: goods,
          discount_amount: lineDiscounts,
          shipping_fee: shipping,
          payable_amount: goods - lineDiscounts + shipping,
          currency: tenant.currency,
          remark: rng.pick(REMARKS),
          cancel_reason: status === "cancelled" ? rng.pick(CANCEL_REASONS) : null,
          submit_token: null,
          created_at: new Date(created).toISOString(),
          updated_at: new Date(Math.min(now.getTime(), created + rng.int(1, 72) * 3_600_000)).toISOString(),
          submitted_at: status === "to_be_submitted" ? null : new Date(created + 10 * 60_000).toISOString(),
        },
      });
    }
  }

  // Numbered and inserted in the order they were placed, so numbers and ids grow with the date.
  const counters: Counters = { order: 101, slip: 1, batch: 345 };
  const out: SeededOrder[] = [];
  for (const d of drafts.sort((a, b) => a.created - b.created)) {
    // numbered like the shop numbers its orders (formatOrderNo: date and row id), one format for all
    const { id } = await db
      .insertInto("sales_order")
      .values({ ...d.row, order_no: `SEED-${counters.order++}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    const orderNo = formatOrderNo(shopToday(d.created), id);
    await db.updateTable("sales_order").set({ order_no: orderNo }).where("id", "=", id).execute();
    const status = d.row.status as OrderStatus;
    await insertLinesAndShipments(
      db,
      rng,
      { id, status, created: d.created, now: now.getTime(), tenantId: d.row.tenant_id, customerId: d.row.customer_id, counters },
      d.lines,
    );
    out.push({ id, order_no: orderNo, status, customer: d.plan.customer, tenant: d.plan.tenant, cancel_reason: d.row.cancel_reason ?? null });
  }
  return out;
}

interface Draft {
  plan: (typeof PLAN)[number];
  created: number;
  lines: Line[];
  row: Omit<Insertable<SalesOrderTable>, "order_no" | "id">;
}

async function specialPrices(db: DB, ids: Ids, pool: PoolProduct[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("customer_price")
    .select(["product_id", "price"])
    .where("customer_id", "=", ids.customers.get(DEALER_A) ?? 0)
    .where("tenant_id", "=", ids.tenants.get("1000") ?? 0)
    .where(
      "product_id",
      "in",
      pool.map((p) => p.id),
    )
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.price]));
}

interface Line {
  product: PoolProduct;
  qty: number;
  unit_price: number;
  discount_amount: number;
}

function makeLines(rng: Rng, pool: PoolProduct[], pricing: { discountBp: number; special: Map<number, number>; adjustBp: number }): Line[] {
  return rng.sample(pool, rng.int(1, 6)).map((product) => {
    const list = product.list_price ?? 0;
    const base = pricing.special.get(product.id) ?? Math.round((list * (10000 - pricing.discountBp)) / 10000);
    const unit = Math.round((base * (10000 + pricing.adjustBp)) / 10000);
    // Quantities honour MOQ and MPQ: inserts in whole packs from the MOQ up.
    const qty = product.mpq > 1 ? product.moq + rng.int(0, 8) * product.mpq : rng.int(Math.max(1, product.moq), 5);
    const discount = rng.chance(0.2) ? Math.round(qty * unit * 0.05) : 0;
    return { product, qty, unit_price: unit, discount_amount: discount };
  });
}

async function insertLinesAndShipments(
  db: DB,
  rng: Rng,
  order: { id: number; status: OrderStatus; created: number; now: number; tenantId: number; customerId: number; counters: Counters },
  lines: Line[],
): Promise<void> {
  const shipping = order.status === "partly_shipped" || order.status === "shipped";
  for (const [i, l] of lines.entries()) {
    const esd = order.status === "to_be_submitted" ? null : shopToday(order.created + rng.int(7, 30) * DAY);
    // shipped: every line in full (sometimes in two parts); partly shipped: the first line shipped
    // (in full or half), the last one open, the others in full, half or not yet (decision 030)
    const parts = shipmentParts(rng, order.status, l.qty, l.product.mpq, i, lines.length);
    const shipDates = parts.map((_, k) => Math.min(order.now - DAY, order.created + (2 + k * 5 + rng.int(0, 4)) * DAY));
    const shipped = parts.reduce((s, q) => s + q, 0);
    const { id: lineId } = await db
      .insertInto("order_line")
      .values({
        order_id: order.id,
        line_no: (i + 1) * 10,
        product_id: l.product.id,
        ordering_code: l.product.ordering_code,
        name_zh: l.product.name_zh,
        name_en: l.product.name_en,
        qty: l.qty,
        unit_price: l.unit_price,
        discount_amount: l.discount_amount,
        amount: l.qty * l.unit_price - l.discount_amount,
        promotion_item_id: null,
        esd,
        ship_date: shipDates.length > 0 ? shopToday(Math.max(...shipDates)) : null,
        shipped_qty: shipped,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!shipping || parts.length === 0) continue;
    await db
      .insertInto("shipment")
      .values(
        parts.map((qty, k) => {
          const carrier = rng.pick(CARRIERS);
          const when = shipDates[k];
          const ym = shopToday(when).slice(0, 7).replace("-", "");
          return {
            order_id: order.id,
            order_line_id: lineId,
            tenant_id: order.tenantId,
            customer_id: order.customerId,
            ship_date: shopToday(when),
            carrier: carrier.name,
            tracking_no: carrier.tracking(rng),
            packing_slip_no: `PS${ym}${String(order.counters.slip++).padStart(4, "0")}`,
            batch_no: `B${ym.slice(2)}-${String(order.counters.batch++).padStart(4, "0")}`,
            qty,
          };
        }),
      )
      .execute();
  }
}

/** Delivered quantities, in whole packs; something stays open of a partly shipped order. */
function shipmentParts(rng: Rng, status: OrderStatus, qty: number, mpq: number, index: number, count: number): number[] {
  const half = Math.floor(qty / 2 / mpq) * mpq;
  if (status === "shipped") {
    if (half > 0 && rng.chance(0.3)) return [half, qty - half];
    return [qty];
  }
  if (status === "partly_shipped") {
    const r = rng.float();
    const last = index === count - 1;
    if (index === 0 && count === 1) return [half]; // seedOrders made it at least two packs
    if (last) return half > 0 && r < 0.5 ? [half] : [];
    if (index === 0 || r < 0.5) return [qty];
    if (r < 0.75 && half > 0) return [half];
  }
  return [];
}
