import { shopDayStart, shopToday } from "~/i18n/format";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect.server";
import { recordAudit, type Actor } from "~/modules/admin/audit.server";
import { addOrderNotice, type OrderNoticeKind } from "~/modules/notices/order-notices.server";
import { releaseStock } from "~/modules/orders/orders.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import { DESK_STATUSES, type DeskTab } from "./constants";
import { nextStatus, reservesStock, TRANSITIONS, type OrderEvent, type OrderStatus } from "~/modules/orders/status";

/**
 * The order desk (issue 17, decision 044): the manufacturer's staff work on all dealers' orders
 * of the company entity they are signed in to (`actor.tenantId`). Every read and write is scoped
 * by that entity: another entity's order is simply not found (a 404 for the page). Every status
 * change goes through the one status machine (`status.ts`, actor "staff"), in a transaction, with
 * `WHERE status = <old>` so a double post has one effect, and writes the audit log and the
 * dealer's notice in the same transaction.
 */
export interface DeskActor extends Actor {
  tenantId: number;
}

export { DESK_STATUSES, DESK_TABS, type DeskTab } from "./constants";
const TAB_STATUSES: Record<DeskTab, readonly OrderStatus[]> = {
  queue: ["submitted", "to_be_confirmed"], // waiting for the desk
  proposed: ["date_proposed"], // waiting for the dealer
  toShip: ["confirmed", "purchase_application_created", "partly_shipped"],
  all: DESK_STATUSES,
};

export interface DeskFilters {
  tab: DeskTab;
  status?: string;
  dealer?: string;
  from?: string;
  to?: string;
  code?: string;
  poNo?: string;
  orderNo?: string;
  page: number;
  pageSize: number;
}

export const DESK_PAGE_SIZE = 20;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The lines' upper-cased code starts with `code` (upper case): a range read of the expression index. */
function codeStartsWith(db: DB, code: string) {
  return isPostgres(db)
    ? sql<boolean>`upper(cl.ordering_code) collate "C" like ${escapeLike(code) + "%"}`
    : sql<boolean>`upper(cl.ordering_code) >= ${code} and upper(cl.ordering_code) < ${code + "\uffff"}`;
}

function filtered(db: DB, actor: DeskActor, f: Omit<DeskFilters, "page" | "pageSize">) {
  let q = db.selectFrom("sales_order as o").where("o.tenant_id", "=", actor.tenantId);
  if (f.status && (TAB_STATUSES[f.tab] as readonly string[]).includes(f.status)) q = q.where("o.status", "=", f.status);
  // all the desk sees = everything but the dealers' drafts: one inequality keeps the entity's
  // newest-first index usable for the page and the count
  else if (f.tab === "all") q = q.where("o.status", "<>", "to_be_submitted");
  else q = q.where("o.status", "in", [...TAB_STATUSES[f.tab]]);
  if (f.tab === "toShip") {
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom("order_line as ol").select("ol.id").whereRef("ol.order_id", "=", "o.id").whereRef("ol.shipped_qty", "<", "ol.qty")),
    );
  }
  // dates are the shop's days (Asia/Shanghai); created_at is UTC
  if (f.from) q = q.where("o.created_at", ">=", shopDayStart(f.from));
  if (f.to) q = q.where("o.created_at", "<", shopDayStart(f.to, 1));
  if (f.orderNo) q = q.where("o.order_no", "like", `%${escapeLike(f.orderNo.trim().toUpperCase())}%`);
  if (f.poNo) q = q.where("o.po_no", "like", `%${escapeLike(f.poNo.trim())}%`);
  if (f.dealer) {
    const d = f.dealer.trim();
    const like = `%${escapeLike(d)}%`;
    q = q.where("o.customer_id", "in", (eb) =>
      eb
        .selectFrom("customer as dc")
        .select("dc.id")
        .where((w) => w.or([w(w.fn("upper", ["dc.code"]), "=", d.toUpperCase()), w("dc.name_zh", "like", like), w("dc.name_en", "like", like)])),
    );
  }
  if (f.code) {
    // Staff type an ordering code from its beginning (copied from an order, the ERP or a dealer's
    // message; decision 059): the lines whose code starts with it, upper-cased, are a range of
    // order_line_code_upper_idx instead of a scan of every line.
    const code = f.code.trim().toUpperCase();
    q = q.where("o.id", "in", (eb) => eb.selectFrom("order_line as cl").select("cl.order_id").where(codeStartsWith(db, code)));
  }
  return q;
}

export async function listDeskOrders(db: DB, actor: DeskActor, f: DeskFilters) {
  const base = filtered(db, actor, f);
  // the page's ids first (from the index, whatever the offset), then the rows of those 20 only
  const [count, page] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select("o.id")
      .orderBy("o.created_at", "desc")
      .orderBy("o.id", "desc")
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length
    ? await db
        .selectFrom("sales_order as o")
        .innerJoin("customer as c", "c.id", "o.customer_id")
        .innerJoin("app_user as u", "u.id", "o.user_id")
        .select([
          "o.id",
          "o.order_no",
          "o.po_no",
          "o.status",
          "o.created_at",
          "o.payable_amount",
          "o.currency",
          "o.expected_delivery_date",
          "c.code as customer_code",
          "c.name_zh as customer_name_zh",
          "c.name_en as customer_name_en",
          "u.code as user_code",
          (eb) =>
            eb
              .selectFrom("order_line as c1")
              .select((e) => e.fn.countAll<number>().as("n"))
              .whereRef("c1.order_id", "=", "o.id")
              .as("items"),
          (eb) =>
            eb
              .selectFrom("order_line as c2")
              .select((e) => e.fn.countAll<number>().as("n"))
              .whereRef("c2.order_id", "=", "o.id")
              .whereRef("c2.shipped_qty", "<", "c2.qty")
              .as("open_lines"),
        ])
        .where("o.id", "in", ids)
        .orderBy("o.created_at", "desc")
        .orderBy("o.id", "desc")
        .execute()
    : [];
  return { total: Number(count.n), rows: rows.map((r) => ({ ...r, items: Number(r.items), open_lines: Number(r.open_lines) })) };
}

/** All matching orders in pages of 500, for the streaming export. */
export async function* iterateDeskOrders(db: DB, actor: DeskActor, f: Omit<DeskFilters, "page" | "pageSize">) {
  for (let page = 1; ; page++) {
    const { rows } = await listDeskOrders(db, actor, { ...f, page, pageSize: 500 });
    yield* rows;
    if (rows.length < 500) return;
  }
}

/** An order of the actor's entity with its lines, shipments and dealer; null for anyone else's. */
export async function getDeskOrder(db: DB, actor: DeskActor, orderNo: string) {
  const order = await db
    .selectFrom("sales_order as o")
    .innerJoin("customer as c", "c.id", "o.customer_id")
    .innerJoin("app_user as u", "u.id", "o.user_id")
    .selectAll("o")
    .select([
      "c.code as customer_code",
      "c.name_zh as customer_name_zh",
      "c.name_en as customer_name_en",
      "u.code as user_code",
      "u.name as user_name",
      "u.language as user_language",
    ])
    .where("o.order_no", "=", orderNo)
    .where("o.tenant_id", "=", actor.tenantId)
    .where("o.status", "in", [...DESK_STATUSES])
    .executeTakeFirst();
  if (!order) return null;
  const [lines, shipments] = await Promise.all([
    db.selectFrom("order_line").selectAll().where("order_id", "=", order.id).orderBy("line_no").execute(),
    db
      .selectFrom("shipment as s")
      .innerJoin("order_line as l", "l.id", "s.order_line_id")
      .select(["s.id", "s.ship_date", "s.carrier", "s.tracking_no", "s.packing_slip_no", "s.batch_no", "s.qty", "l.line_no", "l.ordering_code"])
      .where("s.order_id", "=", order.id)
      .orderBy("s.ship_date")
      .orderBy("s.id")
      .execute(),
  ]);
  return { order, lines, shipments };
}

/** What a desk step did: the message to show (key and values), and whether a repeated post found it done already. */
export interface DeskDone {
  key: string;
  values: Record<string, string | number>;
  already?: boolean;
}

export type DeskResult = Result<DeskDone>;

/**
 * The refusals that say the order is no longer where the step starts from (someone else, or an
 * earlier post, moved it): the page asked for something that was possible when it was drawn.
 */
export const DESK_CONFLICTS: ReadonlySet<string> = new Set([
  "adminOrders:error.notAllowed",
  "adminOrders:error.nothingOpen",
  "adminOrders:error.changedMeanwhile",
]);

const orderMissing = (): never => {
  throw new NotFoundError("order");
};
const deskDone = (key: string, values: Record<string, string | number>, already?: boolean): DeskResult =>
  ok(already ? { key, values, already } : { key, values });

/** Where an event leads from any status for staff: a repeated post finds the order already there. */
const targetsOf = (event: OrderEvent) => new Set(TRANSITIONS.filter((t) => t.event === event && t.by.includes("staff")).map((t) => t.to));

/**
 * Is the order already where this event leads (a repeated post)? A `shipped` order was closed
 * short by a cancel only if it carries a cancel reason; one that shipped in full was not.
 */
const isRepeat = (event: OrderEvent, order: { status: string; cancel_reason: string | null }) =>
  targetsOf(event).has(order.status as OrderStatus) && (event !== "cancel_rest" || !!order.cancel_reason);

type Found = NonNullable<Awaited<ReturnType<typeof getDeskOrder>>>;

/**
 * One staff event on one order: checked by the status machine, applied in a transaction only if
 * nobody changed the order meanwhile, with the audit entry and the dealer's notice. A second post
 * of the same event finds the order already in the target status: success, no second effect.
 */
async function staffTransition(
  db: DB,
  actor: DeskActor,
  orderNo: string,
  event: "confirm" | "propose_date" | "create_purchase_application" | "cancel" | "cancel_rest",
  opts: {
    now: Date;
    notice: OrderNoticeKind;
    noticeText?: (found: Found) => string;
    reason?: string;
    /** line changes made with the status change (proposed dates) */
    lineDates?: Map<number, string>;
  },
): Promise<DeskResult> {
  const found = await getDeskOrder(db, actor, orderNo);
  if (!found) return orderMissing();
  const { order, lines } = found;
  const to = nextStatus(order.status, event, "staff");
  const values = { orderNo };
  if (!to) {
    if (isRepeat(event, order)) return deskDone(`adminOrders:done.${event}`, values, true);
    if (event === "cancel" && order.status === "shipped") return fail("adminOrders:error.nothingOpen", values);
    return fail("adminOrders:error.notAllowed", { status: order.status });
  }
  const cancelling = event === "cancel" || event === "cancel_rest";
  const nowIso = opts.now.toISOString();
  const done = await db.transaction().execute(async (trx) => {
    const upd = await trx
      .updateTable("sales_order")
      .set({ status: to, updated_at: nowIso, ...(cancelling ? { cancel_reason: opts.reason ?? null } : {}) })
      .where("id", "=", order.id)
      .where("status", "=", order.status) // nobody changed it meanwhile
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) !== 1) return false;
    const changedLines: { line: number; from: string | null; to: string }[] = [];
    for (const l of lines) {
      const date = opts.lineDates?.get(l.id);
      if (!date || date === l.ship_date) continue;
      await trx
        .updateTable("order_line")
        .set({ ship_date: date, requested_date: l.requested_date ?? l.ship_date })
        .where("id", "=", l.id)
        .execute();
      changedLines.push({ line: l.line_no, from: l.ship_date, to: date });
    }
    if (cancelling && reservesStock(order.status)) {
      // the lines as they are now (the order row is locked): a shipment just before counts
      await releaseStock(trx, order.tenant_id, await trx.selectFrom("order_line").selectAll().where("order_id", "=", order.id).execute());
    }
    const after = { ...found, lines: lines.map((l) => ({ ...l, ship_date: opts.lineDates?.get(l.id) ?? l.ship_date })) };
    await addOrderNotice(
      trx,
      { id: order.user_id, tenantId: order.tenant_id },
      order.order_no,
      opts.notice,
      opts.now,
      opts.noticeText?.(after) ?? opts.reason ?? "",
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "update",
        entity: "sales_order",
        entityId: order.order_no,
        before: { status: order.status },
        after: { status: to, event, ...(opts.reason ? { reason: opts.reason } : {}), ...(changedLines.length ? { lines: changedLines } : {}) },
      },
      opts.now,
    );
    return true;
  });
  if (!done) {
    const again = await getDeskOrder(db, actor, orderNo);
    if (again && again.order.status === to && isRepeat(event, again.order)) return deskDone(`adminOrders:done.${event}`, values, true);
    return fail("adminOrders:error.changedMeanwhile", values);
  }
  return deskDone(`adminOrders:done.${event}`, values);
}

const linesText = (found: Found) => found.lines.map((l) => `${l.line_no} ${l.ordering_code} → ${l.ship_date ?? "—"}`).join("; ");

/** Confirms the order with the lines' current dates (to be confirmed, or submitted after the dealer agreed). */
export function confirmOrder(db: DB, actor: DeskActor, orderNo: string, now = new Date()) {
  return staffTransition(db, actor, orderNo, "confirm", { now, notice: "deskConfirmed", noticeText: (f) => linesText(f) });
}

const DATE = /^\d{4}-\d\d-\d\d$/;

/**
 * Proposes other ship dates for some lines of a to-be-confirmed order (`dates`: line id → date);
 * the dealer gets an "ERP delivery date feedback" notice and agrees or disagrees in the shop.
 */
export async function proposeDates(
  db: DB,
  actor: DeskActor,
  orderNo: string,
  dates: { lineId: number; date: string }[],
  now = new Date(),
): Promise<DeskResult> {
  const found = await getDeskOrder(db, actor, orderNo);
  if (!found) return orderMissing();
  const today = shopToday(now);
  const byId = new Map(found.lines.map((l) => [l.id, l]));
  const changes = new Map<number, string>();
  for (const d of dates) {
    const line = byId.get(d.lineId);
    if (!line) return orderMissing();
    if (!DATE.test(d.date) || Number.isNaN(Date.parse(d.date))) return fail("adminOrders:error.dateInvalid", { line: line.line_no });
    if (d.date === line.ship_date) continue;
    if (d.date < today) return fail("adminOrders:error.datePast", { line: line.line_no });
    changes.set(line.id, d.date);
  }
  if (changes.size === 0 && found.order.status === "to_be_confirmed") return fail("adminOrders:error.noDateChanged");
  return staffTransition(db, actor, orderNo, "propose_date", {
    now,
    notice: "proposed",
    lineDates: changes,
    noticeText: (f) =>
      f.lines
        .filter((l) => changes.has(l.id))
        .map((l) => `${l.line_no} ${l.ordering_code} → ${changes.get(l.id)}`)
        .join("; "),
  });
}

export function markPurchaseApplication(db: DB, actor: DeskActor, orderNo: string, now = new Date()) {
  return staffTransition(db, actor, orderNo, "create_purchase_application", { now, notice: "purchase" });
}

export const DESK_REASON_MAX = 300;

/**
 * Cancels with a reason what has not shipped; the open quantities go back to stock in the same
 * transaction. Nothing shipped yet: the order is cancelled. Partly shipped: the rest is cancelled
 * and the order is closed short as `shipped`, the reason kept (decision 030). Shipped in full:
 * nothing to cancel.
 */
export async function cancelDeskOrder(db: DB, actor: DeskActor, orderNo: string, reason: string, now = new Date()): Promise<DeskResult> {
  const r = reason.trim();
  if (!r) return fail("adminOrders:error.reasonRequired");
  if (r.length > DESK_REASON_MAX) return fail("adminOrders:error.reasonTooLong", { max: DESK_REASON_MAX });
  const found = await getDeskOrder(db, actor, orderNo);
  if (!found) return orderMissing();
  const { status, cancel_reason } = found.order;
  const rest = status === "partly_shipped" || (status === "shipped" && !!cancel_reason);
  return rest
    ? staffTransition(db, actor, orderNo, "cancel_rest", { now, notice: "deskCancelledRest", reason: r })
    : staffTransition(db, actor, orderNo, "cancel", { now, notice: "deskCancelled", reason: r });
}
