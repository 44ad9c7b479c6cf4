import crypto from "node:crypto";
import type { DB } from "~/db/db.server";
import { amountValue, formatDateTime } from "~/i18n/format";
import { cancelDeskOrder, confirmOrder, getDeskOrder, type DeskActor } from "~/modules/desk/desk.server";
import { recordShipment } from "~/modules/desk/shipments.server";
import { NotFoundError } from "~/modules/errors";
import type { OrderStatus } from "~/modules/orders/status";
import { creditInfo } from "~/modules/orders/submit.server";
import { fail, ok, type Result } from "~/modules/result";

/**
 * The ERP's side of the integration API (spec §7 `bussinessToErpController`, issue 30 item 2,
 * decision 072). The ERP's system account works in the company entity of its session, as the
 * order desk does, and through the desk's own functions: a delivery it pushes is the desk's
 * shipment (the dealer sees the delivery record and gets the notice), a cancel is the desk's cancel.
 */

/** Orders the ERP takes: placed and not waiting for a review (the desk's queue holds those). */
const HANDED_STATUSES: OrderStatus[] = ["submitted", "confirmed"];
/** An order handed over and not acknowledged goes out again after this long. */
export const HANDOVER_LEASE_MS = 10 * 60_000;
export const PULL_MAX = 100;

/**
 * The next orders for the ERP: placed orders of the entity never handed over, and those handed over
 * whose acknowledgement did not come within the lease. Each is taken by a conditional write, so two
 * pulls at once never hand the same order to both.
 */
export async function pullOrders(db: DB, actor: DeskActor, opts: { limit: number; now?: Date; leaseMs?: number }) {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - (opts.leaseMs ?? HANDOVER_LEASE_MS)).toISOString();
  const batchId = crypto.randomBytes(12).toString("base64url");
  const candidates = await db
    .selectFrom("sales_order as o")
    .leftJoin("erp_handover as h", "h.order_id", "o.id")
    .select(["o.id", "o.order_no", "h.handed_at", "h.order_id as handed"])
    .where("o.tenant_id", "=", actor.tenantId)
    .where("o.status", "in", HANDED_STATUSES)
    .where((eb) => eb.or([eb("h.order_id", "is", null), eb.and([eb("h.acknowledged_at", "is", null), eb("h.handed_at", "<", cutoff)])]))
    .orderBy("o.id")
    .limit(Math.min(opts.limit, PULL_MAX))
    .execute();
  const taken: number[] = [];
  for (const c of candidates) {
    if (c.handed === null) {
      const r = await db
        .insertInto("erp_handover")
        .values({ order_id: c.id, tenant_id: actor.tenantId, batch_id: batchId, handed_at: now.toISOString(), attempts: 1, acknowledged_at: null })
        .onConflict((oc) => oc.column("order_id").doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) taken.push(c.id);
    } else {
      const r = await db
        .updateTable("erp_handover")
        .set((eb) => ({ batch_id: batchId, handed_at: now.toISOString(), attempts: eb("attempts", "+", 1) }))
        .where("order_id", "=", c.id)
        .where("acknowledged_at", "is", null)
        .where("handed_at", "=", c.handed_at!)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) taken.push(c.id);
    }
  }
  const orders = taken.length
    ? await db
        .selectFrom("sales_order as o")
        .innerJoin("customer as c", "c.id", "o.customer_id")
        .innerJoin("app_user as u", "u.id", "o.user_id")
        .selectAll("o")
        .select(["c.code as customer_code", "u.code as user_code"])
        .where("o.id", "in", taken)
        .orderBy("o.id")
        .execute()
    : [];
  const lines = taken.length
    ? await db.selectFrom("order_line").selectAll().where("order_id", "in", taken).orderBy("order_id").orderBy("line_no").execute()
    : [];
  return {
    batchId,
    orders: orders.map((o) => ({
      orderNo: o.order_no,
      status: o.status as OrderStatus,
      customerCode: o.customer_code,
      placedBy: o.user_code,
      poNo: o.po_no,
      createdAt: formatDateTime(o.created_at),
      consignee: o.consignee,
      phone: o.phone,
      address: o.address_text,
      paymentMethod: o.payment_method,
      expectedDeliveryDate: o.expected_delivery_date,
      payableAmount: amountValue(o.payable_amount),
      currency: o.currency,
      remark: o.remark,
      lines: lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({
          lineNo: l.line_no,
          orderingCode: l.ordering_code,
          qty: l.qty,
          unitPrice: amountValue(l.unit_price),
          amount: amountValue(l.amount),
          shipDate: l.ship_date,
        })),
    })),
  };
}

/** The ERP took these orders: they are not handed over again. Orders it was not handed are not found. */
export async function acknowledgeOrders(db: DB, actor: DeskActor, orderNos: string[], now = new Date()): Promise<Result<{ acknowledged: string[] }>> {
  const rows = await db
    .selectFrom("erp_handover as h")
    .innerJoin("sales_order as o", "o.id", "h.order_id")
    .select(["o.id", "o.order_no"])
    .where("o.tenant_id", "=", actor.tenantId)
    .where("o.order_no", "in", orderNos)
    .execute();
  if (rows.length !== new Set(orderNos).size) throw new NotFoundError("handed-over order");
  await db
    .updateTable("erp_handover")
    .set({ acknowledged_at: now.toISOString() })
    .where(
      "order_id",
      "in",
      rows.map((r) => r.id),
    )
    .where("acknowledged_at", "is", null)
    .execute();
  return ok({ acknowledged: rows.map((r) => r.order_no) });
}

export interface DeliveryPush {
  key: string;
  orderNo: string;
  state: "confirmed" | "shipped";
  shipDate?: string;
  carrier?: string;
  trackingNo?: string;
  packingSlipNo?: string;
  batchNo?: string;
  lines?: { lineNo: number; qty: number }[];
}

const orderState = async (db: DB, actor: DeskActor, orderNo: string) => {
  const found = await getDeskOrder(db, actor, orderNo);
  if (!found) throw new NotFoundError("order");
  return found;
};

/**
 * A delivery state from the ERP: the order confirmed, or goods shipped (whole or per line), recorded
 * by the desk's own functions — the dealer sees the delivery record and gets the notice exactly as
 * when the desk records it. The caller's key is the shipment's one-time token.
 */
export async function pushDeliveryState(
  db: DB,
  actor: DeskActor,
  input: DeliveryPush,
  now = new Date(),
): Promise<Result<{ orderNo: string; status: OrderStatus }>> {
  const found = await orderState(db, actor, input.orderNo);
  if (input.state === "confirmed") {
    if (found.order.status !== "confirmed") {
      const r = await confirmOrder(db, actor, input.orderNo, now);
      if (!r.ok) return r;
    }
  } else {
    const byNo = new Map(found.lines.map((l) => [l.line_no, l]));
    // without lines: everything still open ships
    const wanted = input.lines?.length ? input.lines : found.lines.map((l) => ({ lineNo: l.line_no, qty: l.qty - l.shipped_qty })).filter((l) => l.qty > 0);
    const lines = wanted.map((w) => {
      const line = byNo.get(w.lineNo);
      if (!line) throw new NotFoundError("order line");
      return { lineId: line.id, qty: w.qty };
    });
    const r = await recordShipment(
      db,
      actor,
      input.orderNo,
      {
        token: `erp:${input.key}`,
        shipDate: input.shipDate ?? now.toISOString().slice(0, 10),
        carrier: input.carrier ?? "",
        trackingNo: input.trackingNo ?? "",
        packingSlipNo: input.packingSlipNo ?? "",
        batchNo: input.batchNo ?? "",
        lines,
      },
      now,
    );
    if (!r.ok) return r;
  }
  const after = await orderState(db, actor, input.orderNo);
  return ok({ orderNo: input.orderNo, status: after.order.status as OrderStatus });
}

/** The ERP cancels what is still open of an order (the desk's cancel, with its reason and notice). */
export async function cancelByErp(
  db: DB,
  actor: DeskActor,
  orderNo: string,
  reason: string,
  now = new Date(),
): Promise<Result<{ orderNo: string; status: OrderStatus }>> {
  const r = await cancelDeskOrder(db, actor, orderNo, reason, now);
  if (!r.ok) {
    if (r.error.key === "adminOrders:error.notFound") throw new NotFoundError("order");
    return r;
  }
  const after = await orderState(db, actor, orderNo);
  return ok({ orderNo, status: after.order.status as OrderStatus });
}

/** A customer's credit in the ERP account's company entity, by customer code. */
export async function customerCredit(db: DB, actor: DeskActor, customerCode: string) {
  const customer = await db.selectFrom("customer").select(["id", "code"]).where("code", "=", customerCode).where("kind", "!=", "internal").executeTakeFirst();
  if (!customer) throw new NotFoundError("customer");
  const c = await creditInfo(db, { customerId: customer.id, tenantId: actor.tenantId });
  return ok({
    customerCode: customer.code,
    creditLimit: amountValue(c.creditLimit),
    openPayable: amountValue(c.openPayable),
    available: amountValue(c.available),
    paymentTermsDays: c.paymentTerms.onAccountDays,
    billTermsDays: c.paymentTerms.billDays,
  });
}

/**
 * A call made with the caller's key has one effect (decision 072): the first call runs and its
 * answer is kept; the same key again (for this account and call) gets that answer without running.
 * A second call while the first still runs is told to retry.
 */
export async function once<T>(
  db: DB,
  scope: { userId: number; call: string; key: string },
  work: () => Promise<Result<T>>,
  now = new Date(),
): Promise<Result<T>> {
  const claimed = await db
    .insertInto("api_idempotency")
    .values({ user_id: scope.userId, call: scope.call, idem_key: scope.key, answer: null, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "call", "idem_key"]).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const row = await db
      .selectFrom("api_idempotency")
      .select("answer")
      .where("user_id", "=", scope.userId)
      .where("call", "=", scope.call)
      .where("idem_key", "=", scope.key)
      .executeTakeFirst();
    if (!row?.answer) return fail("common:api.busy");
    return JSON.parse(row.answer) as Result<T>;
  }
  try {
    const result = await work();
    await db
      .updateTable("api_idempotency")
      .set({ answer: JSON.stringify(result) })
      .where("user_id", "=", scope.userId)
      .where("call", "=", scope.call)
      .where("idem_key", "=", scope.key)
      .execute();
    return result;
  } catch (e) {
    // nothing was done (a not-found, a failure): the key may be used again
    await db.deleteFrom("api_idempotency").where("user_id", "=", scope.userId).where("call", "=", scope.call).where("idem_key", "=", scope.key).execute();
    throw e;
  }
}
