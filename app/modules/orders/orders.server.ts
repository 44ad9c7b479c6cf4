import { shopDayStart } from "~/i18n/format";
import type { Kysely } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { addToCart, type CartActor } from "~/modules/cart/cart.server";
import type { RuleError } from "~/modules/cart/rules";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import { addOrderNotice } from "~/modules/notices/order-notices.server";
import type { OrderTab } from "./columns";
import { canDelete, DISAGREED_REASON, nextStatus, OPEN_STATUSES, reservesStock, SHIPPED_STATUSES, type OrderEvent, type OrderStatus } from "./status";

/**
 * Orders and delivery records of the actor's customer in the actor's tenant. Every read and
 * write is scoped by { tenantId, customerId }: another customer's order is simply not found.
 */
export interface OrderActor {
  id: number;
  customerId: number;
  tenantId: number;
}

/** The shop's own working list: orders still waiting for the dealer or for review. */
export { ORDER_TABS, ORDER_COLUMNS, DEFAULT_ORDER_COLUMNS, type OrderColumn, type OrderTab } from "./columns";
export const ONLINE_STATUSES: readonly OrderStatus[] = ["to_be_submitted", "submitted", "to_be_confirmed", "date_proposed"];

export interface OrderFilters {
  tab: OrderTab;
  from?: string;
  to?: string;
  status?: string;
  orderNo?: string;
  poNo?: string;
  code?: string;
  page: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filteredOrders(db: DB, actor: OrderActor, f: Omit<OrderFilters, "page" | "pageSize">) {
  let q = db.selectFrom("sales_order as o").where("o.customer_id", "=", actor.customerId).where("o.tenant_id", "=", actor.tenantId);
  if (f.tab === "online") q = q.where("o.status", "in", [...ONLINE_STATUSES]);
  if (f.tab === "open") {
    q = q
      .where("o.status", "in", [...OPEN_STATUSES])
      .where(({ exists, selectFrom }) =>
        exists(selectFrom("order_line as ol").select("ol.id").whereRef("ol.order_id", "=", "o.id").whereRef("ol.shipped_qty", "<", "ol.qty")),
      );
  }
  // dates are the shop's days (Asia/Shanghai, as shown); created_at is UTC
  if (f.from) q = q.where("o.created_at", ">=", shopDayStart(f.from));
  if (f.to) q = q.where("o.created_at", "<", shopDayStart(f.to, 1));
  if (f.status) q = q.where("o.status", "=", f.status);
  if (f.orderNo) q = q.where("o.order_no", "like", `%${escapeLike(f.orderNo.trim().toUpperCase())}%`);
  if (f.poNo) q = q.where("o.po_no", "like", `%${escapeLike(f.poNo.trim())}%`);
  if (f.code) {
    const code = escapeLike(f.code.trim().toUpperCase());
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("order_line as cl")
          .select("cl.id")
          .whereRef("cl.order_id", "=", "o.id")
          .where((eb) => eb(eb.fn("upper", ["cl.ordering_code"]), "like", `%${code}%`)),
      ),
    );
  }
  return q;
}

export async function listOrders(db: DB, actor: OrderActor, f: OrderFilters) {
  const base = filteredOrders(db, actor, f);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .innerJoin("app_user as u", "u.id", "o.user_id")
      .select([
        "o.id",
        "o.order_no",
        "o.po_no",
        "o.status",
        "o.created_at",
        "o.goods_amount",
        "o.discount_amount",
        "o.shipping_fee",
        "o.payable_amount",
        "o.currency",
        "o.expected_delivery_date",
        "u.code as user_code",
        (eb) =>
          eb
            .selectFrom("order_line as c")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("c.order_id", "=", "o.id")
            .as("items"),
      ])
      .orderBy("o.created_at", "desc")
      .orderBy("o.id", "desc")
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), rows: rows.map((r) => ({ ...r, items: Number(r.items) })) };
}

/** All matching orders in pages of 500, for the streaming export. */
export async function* iterateOrders(db: DB, actor: OrderActor, f: Omit<OrderFilters, "page" | "pageSize">) {
  for (let page = 1; ; page++) {
    const { rows } = await listOrders(db, actor, { ...f, page, pageSize: 500 });
    yield* rows;
    if (rows.length < 500) return;
  }
}

export async function getOrder(db: DB, actor: OrderActor, orderNo: string) {
  const order = await db
    .selectFrom("sales_order as o")
    .innerJoin("app_user as u", "u.id", "o.user_id")
    .selectAll("o")
    .select("u.code as user_code")
    .where("o.order_no", "=", orderNo)
    .where("o.customer_id", "=", actor.customerId)
    .where("o.tenant_id", "=", actor.tenantId)
    .executeTakeFirst();
  if (!order) return null;
  const lines = await db.selectFrom("order_line").selectAll().where("order_id", "=", order.id).orderBy("line_no").execute();
  return { order, lines };
}

/** A change of an order: the message once done ({ key, values }), or why not. An order not there for the actor throws NotFoundError. */
export type OrderActionResult = Result<{ key: string; values?: Record<string, string | number> }>;

const orderNotFound = (): never => {
  throw new NotFoundError("order");
};

/**
 * An account changing an order (cancel, delete, agree, disagree). Every account of a customer sees
 * the customer's orders; a sub-account changes only the orders it placed itself, the master
 * account all of them (decision 056): a sub-account cannot undo a colleague's purchase.
 */
export interface OrderChanger extends OrderActor {
  masterUserId: number | null;
}

export const mayChangeOrder = (actor: OrderChanger, order: { user_id: number }) => actor.masterUserId === null || order.user_id === actor.id;
/** A sub-account changing a colleague's order (the route answers 403 for this key). */
export const NOT_YOURS = "order:orders.notYours";
const notYoursResult = (): OrderActionResult => fail(NOT_YOURS);

/**
 * Gives the unshipped quantities of a cancelled order's lines back to the entity's stock and to
 * the flash sales (inside the caller's transaction). Gifts (price 0) never reserved stock.
 */
export async function releaseStock(
  trx: Kysely<Database>,
  tenantId: number,
  lines: readonly { qty: number; shipped_qty: number; unit_price: number; product_id: number; promotion_item_id: number | null }[],
): Promise<void> {
  for (const l of lines) {
    const open = l.qty - l.shipped_qty;
    if (open <= 0 || l.unit_price === 0) continue;
    await trx
      .updateTable("stock")
      .set((eb) => ({ available: eb("available", "+", open), reserved: eb("reserved", "-", open), updated_at: new Date().toISOString() }))
      .where("tenant_id", "=", tenantId)
      .where("product_id", "=", l.product_id)
      .where("reserved", ">=", open)
      .execute();
    if (l.promotion_item_id) {
      await trx
        .updateTable("promotion_item")
        .set((eb) => ({ flash_sold: eb("flash_sold", "-", open) }))
        .where("id", "=", l.promotion_item_id)
        .where("flash_stock", "is not", null)
        .where("flash_sold", ">=", open)
        .execute();
    }
  }
}

async function transition(
  db: DB,
  actor: OrderChanger,
  orderNo: string,
  event: OrderEvent,
  opts: { reason?: string; notice?: "cancelled" | "confirmed" | "disagreed"; now?: Date } = {},
): Promise<OrderActionResult> {
  const now = opts.now ?? new Date();
  const found = await getOrder(db, actor, orderNo);
  if (!found) return orderNotFound();
  const { order, lines } = found;
  if (!mayChangeOrder(actor, order)) return notYoursResult();
  // once anything has shipped the dealer cannot take the order back: only the order desk can
  // cancel what is still open (decision 030)
  if (
    (event === "cancel" || event === "disagree") &&
    ((SHIPPED_STATUSES as readonly string[]).includes(order.status) || lines.some((l) => l.shipped_qty > 0))
  ) {
    return fail("order:orders.shippedNoCancel");
  }
  const to = nextStatus(order.status, event);
  if (!to) return fail("order:orders.notAllowed");
  const done = await db.transaction().execute(async (trx) => {
    const upd = await trx
      .updateTable("sales_order")
      .set({
        status: to,
        updated_at: now.toISOString(),
        ...(to === "cancelled" ? { cancel_reason: opts.reason ?? null } : {}),
      })
      .where("id", "=", order.id)
      .where("status", "=", order.status) // nobody changed it meanwhile
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) !== 1) return false;
    if (to === "cancelled" && reservesStock(order.status)) await releaseStock(trx, order.tenant_id, lines);
    // agreeing to the order desk's proposed dates sends the order back to the desk (decision 044)
    const notice = event === "agree" && to === "submitted" ? "agreed" : opts.notice;
    if (notice) {
      await addOrderNotice(trx, { id: order.user_id, tenantId: order.tenant_id }, order.order_no, notice, now, opts.reason ?? "", order.user_id === actor.id);
    }
    return true;
  });
  if (!done) return fail("order:orders.changedMeanwhile");
  const key = event === "agree" && to === "submitted" ? "order:orders.done.agreeProposal" : `order:orders.done.${event}`;
  return ok({ key, values: { orderNo } });
}

export const CANCEL_REASON_MAX = 300;

export async function cancelOrder(db: DB, actor: OrderChanger, orderNo: string, reason: string, now = new Date()): Promise<OrderActionResult> {
  const r = reason.trim();
  if (!r) return fail("order:orders.reasonRequired", undefined, "reason");
  if (r.length > CANCEL_REASON_MAX) return fail("order:orders.reasonTooLong", { max: CANCEL_REASON_MAX }, "reason");
  return transition(db, actor, orderNo, "cancel", { reason: r, notice: "cancelled", now });
}

export const agreeOrder = (db: DB, actor: OrderChanger, orderNo: string, now = new Date()) =>
  transition(db, actor, orderNo, "agree", { notice: "confirmed", now });

export const disagreeOrder = (db: DB, actor: OrderChanger, orderNo: string, now = new Date()) =>
  transition(db, actor, orderNo, "disagree", { notice: "disagreed", reason: DISAGREED_REASON, now });

/** Only a to-be-submitted order can be deleted. */
export async function deleteOrder(db: DB, actor: OrderChanger, orderNo: string): Promise<OrderActionResult> {
  const found = await getOrder(db, actor, orderNo);
  if (!found) return orderNotFound();
  if (!mayChangeOrder(actor, found.order)) return notYoursResult();
  if (!canDelete(found.order.status)) return fail("order:orders.notAllowed");
  const del = await db.deleteFrom("sales_order").where("id", "=", found.order.id).where("status", "=", "to_be_submitted").executeTakeFirst();
  if (Number(del.numDeletedRows) !== 1) return fail("order:orders.changedMeanwhile");
  return ok({ key: "order:orders.done.delete", values: { orderNo } });
}

/** Re-add all (paid) lines of an order to the cart, each checked with today's cart rules. */
export async function reAddToCart(db: DB, actor: CartActor, orderNo: string, now = new Date()) {
  const found = await getOrder(db, actor, orderNo);
  if (!found) return null;
  const report: { code: string; qty: number; ok: boolean; error: RuleError | null }[] = [];
  for (const l of found.lines) {
    if (l.unit_price === 0) continue; // gifts come with their promotion again
    const r = await addToCart(db, actor, { productId: l.product_id, qty: l.qty }, now);
    report.push({ code: l.ordering_code, qty: l.qty, ok: r.ok, error: r.ok ? null : r.error });
  }
  return report;
}

export interface DeliveryFilters {
  from?: string;
  to?: string;
  orderNo?: string;
  code?: string;
  trackingNo?: string;
  page: number;
  pageSize: number;
}

function filteredDeliveries(db: DB, actor: OrderActor, f: Omit<DeliveryFilters, "page" | "pageSize">) {
  let q = db
    .selectFrom("shipment as s")
    .innerJoin("sales_order as o", "o.id", "s.order_id")
    .innerJoin("order_line as l", "l.id", "s.order_line_id")
    .where("s.customer_id", "=", actor.customerId)
    .where("s.tenant_id", "=", actor.tenantId)
    .where("o.customer_id", "=", actor.customerId);
  if (f.from) q = q.where("s.ship_date", ">=", f.from);
  if (f.to) q = q.where("s.ship_date", "<=", f.to);
  if (f.orderNo) q = q.where("o.order_no", "like", `%${escapeLike(f.orderNo.trim().toUpperCase())}%`);
  if (f.trackingNo) q = q.where("s.tracking_no", "like", `%${escapeLike(f.trackingNo.trim())}%`);
  if (f.code) q = q.where((eb) => eb(eb.fn("upper", ["l.ordering_code"]), "like", `%${escapeLike(f.code!.trim().toUpperCase())}%`));
  return q;
}

export async function listDeliveries(db: DB, actor: OrderActor, f: DeliveryFilters) {
  const base = filteredDeliveries(db, actor, f);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select([
        "s.id",
        "s.ship_date",
        "s.carrier",
        "s.tracking_no",
        "s.packing_slip_no",
        "s.batch_no",
        "s.qty",
        "o.order_no",
        "o.po_no",
        "l.ordering_code",
        "l.name_zh",
        "l.name_en",
        "l.qty as ordered_qty",
        "l.shipped_qty",
      ])
      .orderBy("s.ship_date", "desc")
      .orderBy("s.id", "desc")
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

export async function* iterateDeliveries(db: DB, actor: OrderActor, f: Omit<DeliveryFilters, "page" | "pageSize">) {
  for (let page = 1; ; page++) {
    const { rows } = await listDeliveries(db, actor, { ...f, page, pageSize: 500 });
    yield* rows;
    if (rows.length < 500) return;
  }
}
