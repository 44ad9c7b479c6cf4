import type { Kysely } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { recordAudit } from "~/modules/admin/audit.server";
import { addOrderNotice } from "~/modules/notices/order-notices.server";
import { nextStatus, shipEvent, TRANSITIONS, type OrderStatus } from "~/modules/orders/status";
import { NotFoundError } from "~/modules/errors";
import { fail, ok } from "~/modules/result";
import { checkShipQuantities } from "./ship-rules";
import { getDeskOrder, type DeskActor, type DeskResult } from "./desk.server";

/**
 * Shipments recorded by the order desk (decision 044): whole or partial per line, never more
 * than a line still has open. The dealer sees them at once in the delivery records and the order
 * details (same `shipment` rows, `order_line.shipped_qty`) and gets a "delivery" notice. Shipping
 * moves the order to partly shipped, or to shipped once nothing is open (the status machine's
 * `ship` / `ship_last`, decided in the same transaction). A form's one-time token is stored on
 * its rows (unique with the line): a double post records one shipment.
 */
export interface ShipmentHead {
  shipDate: string;
  carrier: string;
  trackingNo: string;
  packingSlipNo: string;
  batchNo: string;
}

export interface ShipmentInput extends ShipmentHead {
  token: string;
  lines: { lineId: number; qty: number }[];
}

/** The statuses in which the desk may record a shipment (the status machine's `ship` rows). */
const SHIPPABLE: OrderStatus[] = TRANSITIONS.filter((t) => t.event === "ship" && t.by.includes("staff")).map((t) => t.from);

class ShipAbort extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

type Trx = Kysely<Database>;

/**
 * Applies the shipment rows of one order inside the caller's transaction and returns the order's
 * new status; throws ShipAbort when the order changed meanwhile or a quantity is more than is
 * still open.
 */
async function applyShipment(
  trx: Trx,
  actor: DeskActor,
  order: { id: number; order_no: string; status: string; tenant_id: number; customer_id: number; user_id: number },
  lines: Map<number, { id: number; line_no: number; product_id: number; unit_price: number; ordering_code: string }>,
  head: ShipmentHead,
  rows: { lineId: number; qty: number; token: string }[],
  now: Date,
) {
  const nowIso = now.toISOString();
  // locks the order row for the transaction (a concurrent cancel or shipment waits), and reads its
  // status now: a shipment that just went before may have made it partly shipped
  const touched = await trx
    .updateTable("sales_order")
    .set({ updated_at: nowIso })
    .where("id", "=", order.id)
    .where("status", "in", SHIPPABLE) // not cancelled or completed meanwhile
    .returning("status")
    .executeTakeFirst();
  if (!touched) throw new ShipAbort("adminOrders:error.changedMeanwhile");
  const parts: string[] = [];
  for (const r of rows) {
    const line = lines.get(r.lineId)!;
    const upd = await trx
      .updateTable("order_line")
      .set((eb) => ({ shipped_qty: eb("shipped_qty", "+", r.qty) }))
      .where("id", "=", r.lineId)
      .where("order_id", "=", order.id)
      .where((eb) => eb(eb("shipped_qty", "+", r.qty), "<=", eb.ref("qty")))
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) !== 1) throw new ShipAbort("adminOrders:error.overShip", { line: line.line_no });
    if (line.unit_price !== 0) {
      // the reservation made at submission leaves with the goods
      await trx
        .updateTable("stock")
        .set((eb) => ({ reserved: eb("reserved", "-", r.qty) }))
        .where("tenant_id", "=", order.tenant_id)
        .where("product_id", "=", line.product_id)
        .where("reserved", ">=", r.qty)
        .execute();
    }
    const { id } = await trx
      .insertInto("shipment")
      .values({
        order_id: order.id,
        order_line_id: r.lineId,
        tenant_id: order.tenant_id,
        customer_id: order.customer_id,
        ship_date: head.shipDate,
        carrier: head.carrier,
        tracking_no: head.trackingNo,
        packing_slip_no: head.packingSlipNo,
        batch_no: head.batchNo,
        qty: r.qty,
        post_token: r.token,
        created_at: nowIso,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      { action: "create", entity: "shipment", entityId: id, after: { orderNo: order.order_no, line: line.line_no, qty: r.qty, ...head } },
      now,
    );
    parts.push(`${line.line_no} ${line.ordering_code} × ${r.qty}`);
  }
  // the status follows what is left open, decided here from the lines as they are now
  const after = await trx.selectFrom("order_line").select(["qty", "shipped_qty"]).where("order_id", "=", order.id).execute();
  const event = shipEvent(after);
  const to = nextStatus(touched.status, event, "staff");
  if (!to) throw new ShipAbort("adminOrders:error.changedMeanwhile");
  const moved = await trx.updateTable("sales_order").set({ status: to }).where("id", "=", order.id).where("status", "=", touched.status).executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new ShipAbort("adminOrders:error.changedMeanwhile");
  if (to !== touched.status) {
    await recordAudit(
      trx,
      actor,
      { action: "update", entity: "sales_order", entityId: order.order_no, before: { status: touched.status }, after: { status: to, event } },
      now,
    );
  }
  const text = `${head.shipDate} ${head.carrier} ${head.trackingNo} (${parts.join("; ")})`;
  await addOrderNotice(trx, { id: order.user_id, tenantId: order.tenant_id }, order.order_no, "shipped", now, text);
  return to;
}

/** Was this form's token (or, for an import, any `<token>:<row>`) recorded already? */
const tokenUsed = async (db: DB, token: string, prefix = false) =>
  !!(await (
    prefix
      ? db.selectFrom("shipment").select("id").where("post_token", ">=", `${token}:`).where("post_token", "<", `${token};`)
      : db.selectFrom("shipment").select("id").where("post_token", "=", token)
  ).executeTakeFirst());

export async function recordShipment(db: DB, actor: DeskActor, orderNo: string, input: ShipmentInput, now = new Date()): Promise<DeskResult> {
  const found = await getDeskOrder(db, actor, orderNo);
  if (!found) throw new NotFoundError("order");
  const { order } = found;
  const values = { orderNo };
  if (await tokenUsed(db, input.token)) return ok({ key: "adminOrders:done.ship", values, already: true });
  if (!nextStatus(order.status, "ship", "staff")) return fail("adminOrders:error.notAllowed", { status: order.status });
  const lines = new Map(found.lines.map((l) => [l.id, l]));
  const checked = checkShipQuantities(found.lines, input.lines);
  if (!checked) throw new NotFoundError("order line");
  if (!checked.ok) return checked;
  const rows = checked.value;
  try {
    await db.transaction().execute((trx) =>
      applyShipment(
        trx,
        actor,
        order,
        lines,
        input,
        rows.map((r) => ({ ...r, token: input.token })),
        now,
      ),
    );
  } catch (e) {
    if (e instanceof ShipAbort) {
      if (await tokenUsed(db, input.token)) return ok({ key: "adminOrders:done.ship", values, already: true });
      return fail(e.key, e.values);
    }
    if (await tokenUsed(db, input.token)) return ok({ key: "adminOrders:done.ship", values, already: true }); // the other post's unique token won
    throw e;
  }
  return ok({ key: "adminOrders:done.ship", values });
}

/** One row of a shipment import, as read from the sheet (spreadsheet row number for the report). */
export interface ImportShipmentRow extends ShipmentHead {
  row: number;
  orderNo: string;
  lineNo: number;
  qty: number;
}

export interface ImportProblem {
  row: number;
  column: string;
  key: string;
  values?: Record<string, string | number>;
}

export type ImportShipmentsResult = { ok: true; shipments: number; orders: number; already?: boolean } | { ok: false; problems: ImportProblem[] };

/**
 * Imports shipments of several orders: every row is checked first (order of the actor's entity,
 * status that may ship, line, quantity within what is still open counting the file's earlier
 * rows); one bad row and nothing is recorded. Then all rows in ONE transaction.
 */
export async function importShipments(db: DB, actor: DeskActor, token: string, rows: ImportShipmentRow[], now = new Date()): Promise<ImportShipmentsResult> {
  if (await tokenUsed(db, token, true)) return { ok: true, shipments: 0, orders: 0, already: true };
  const problems: ImportProblem[] = [];
  const orders = new Map<string, NonNullable<Awaited<ReturnType<typeof getDeskOrder>>> | null>();
  const planned = new Map<number, number>(); // line id → quantity planned by earlier rows
  const groups = new Map<string, { head: ShipmentHead; rows: { lineId: number; qty: number; token: string }[] }>();
  for (const r of rows) {
    if (!orders.has(r.orderNo)) orders.set(r.orderNo, await getDeskOrder(db, actor, r.orderNo));
    const found = orders.get(r.orderNo);
    if (!found) {
      problems.push({ row: r.row, column: "orderNo", key: "adminOrders:import.orderUnknown", values: { orderNo: r.orderNo } });
      continue;
    }
    if (!nextStatus(found.order.status, "ship", "staff")) {
      problems.push({ row: r.row, column: "orderNo", key: "adminOrders:import.orderNotShippable", values: { orderNo: r.orderNo } });
      continue;
    }
    const line = found.lines.find((l) => l.line_no === r.lineNo);
    if (!line) {
      problems.push({ row: r.row, column: "lineNo", key: "adminOrders:import.lineUnknown", values: { line: r.lineNo } });
      continue;
    }
    const open = line.qty - line.shipped_qty - (planned.get(line.id) ?? 0);
    if (r.qty > open) {
      problems.push({ row: r.row, column: "qty", key: "adminOrders:import.overOpen", values: { open: Math.max(0, open) } });
      continue;
    }
    planned.set(line.id, (planned.get(line.id) ?? 0) + r.qty);
    const head = { shipDate: r.shipDate, carrier: r.carrier, trackingNo: r.trackingNo, packingSlipNo: r.packingSlipNo, batchNo: r.batchNo };
    const key = JSON.stringify([r.orderNo, head]);
    const g = groups.get(key) ?? { head, rows: [] };
    g.rows.push({ lineId: line.id, qty: r.qty, token: `${token}:${r.row}` });
    groups.set(key, g);
  }
  if (problems.length > 0) return { ok: false, problems };
  try {
    await db.transaction().execute(async (trx) => {
      for (const [key, g] of groups) {
        const found = orders.get((JSON.parse(key) as [string])[0])!;
        await applyShipment(trx, actor, found.order, new Map(found.lines.map((l) => [l.id, l])), g.head, g.rows, now);
      }
    });
  } catch (e) {
    if (await tokenUsed(db, token, true)) return { ok: true, shipments: 0, orders: 0, already: true };
    if (e instanceof ShipAbort) return { ok: false, problems: [{ row: 0, column: "", key: e.key, values: e.values }] };
    throw e;
  }
  return { ok: true, shipments: rows.length, orders: new Set(rows.map((r) => r.orderNo)).size };
}

export const SHIPMENT_PAGE_SIZE = 30;

/** The entity's shipments, newest first (the deliveries page). */
export async function listDeskShipments(db: DB, actor: DeskActor, page: number) {
  const base = db.selectFrom("shipment as s").where("s.tenant_id", "=", actor.tenantId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .innerJoin("sales_order as o", "o.id", "s.order_id")
      .innerJoin("order_line as l", "l.id", "s.order_line_id")
      .innerJoin("customer as c", "c.id", "s.customer_id")
      .select([
        "s.id",
        "s.ship_date",
        "s.carrier",
        "s.tracking_no",
        "s.packing_slip_no",
        "s.batch_no",
        "s.qty",
        "o.order_no",
        "l.line_no",
        "l.ordering_code",
        "c.code as customer_code",
      ])
      .orderBy("s.id", "desc")
      .limit(SHIPMENT_PAGE_SIZE)
      .offset((page - 1) * SHIPMENT_PAGE_SIZE)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}
