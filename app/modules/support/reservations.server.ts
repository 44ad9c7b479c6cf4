import type { DB } from "~/db/db.server";
import type { Actor } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";
import { reservationNotice } from "~/modules/notices/support-notices.server";
import { fail, ok, type Result } from "~/modules/result";
import { StepAbort, takeStep, type RequestKind } from "~/modules/services/request-steps.server";
import { customerColumns, partyColumns, type Dealer, type StaffActor } from "./requests.server";
import {
  latestEnd,
  nextReservationStatus,
  RESERVATION_MAX_LINES,
  RESERVATION_MAX_QTY,
  RESERVATION_PAGE_SIZE,
  type ReservationEvent,
  type ReservationStatus,
} from "./reservation-status";
import { shopDateCode, shopToday } from "~/i18n/format";

/**
 * Stock reservation, 备库 (decision 052). A dealer asks the entity to keep quantities of ordering
 * codes for a named end-customer project over a period (at most twelve months). Customer support
 * approves it — possibly with lower quantities — or refuses it. Approval moves the quantities from
 * `stock.available` to `stock.project_reserved` by conditional updates in one transaction, so
 * nobody else can order them and two approvals at once cannot oversell. Orders of the dealer's
 * customer draw on the reservation first (`drawReservations`, called by the order submission in its
 * transaction): the drawn quantity goes back to `available` and the order's own reservation takes
 * it at once. What was not ordered goes back to stock when the reservation is released — by staff,
 * by the dealer, or on the day after its end date — in the same transaction as the status change.
 */
export interface ReservationInput {
  token: string;
  endCustomer: string;
  project: string;
  startsOn: string;
  endsOn: string;
  remark?: string | null;
  lines: { code: string; qty: number }[];
}

/** `audit_log.user_id` is empty for what the shop does by itself (a reservation running out). */
const SYSTEM = (tenantId: number): Actor => ({ id: null as unknown as number, code: "SYSTEM", tenantId });
const remainingOf = (l: { approved_qty: number; ordered_qty: number; released_qty: number }) => l.approved_qty - l.ordered_qty - l.released_qty;

/**
 * Moves `qty` of a product's stock in the entity between `available` and `project_reserved` (`to`
 * says which way) by one conditional update, only where the side it leaves holds that much; false
 * when it does not, and then nothing moved.
 */
async function moveStock(trx: DB, at: { tenantId: number; productId: number }, qty: number, to: "available" | "project_reserved"): Promise<boolean> {
  const from = to === "available" ? "project_reserved" : "available";
  const moved = await trx
    .updateTable("stock")
    .set((eb) =>
      to === "available"
        ? { available: eb("available", "+", qty), project_reserved: eb("project_reserved", "-", qty), updated_at: new Date().toISOString() }
        : { available: eb("available", "-", qty), project_reserved: eb("project_reserved", "+", qty), updated_at: new Date().toISOString() },
    )
    .where("tenant_id", "=", at.tenantId)
    .where("product_id", "=", at.productId)
    .where(from, ">=", qty)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

async function firstFiled(db: DB, dealer: Dealer, token: string) {
  const row = await db
    .selectFrom("stock_reservation")
    .select(["id", "reservation_no"])
    .where("user_id", "=", dealer.id)
    .where("post_token", "=", token)
    .executeTakeFirst();
  return row ? ok({ id: row.id, reservationNo: row.reservation_no }) : null;
}

/** Files a reservation request. The same form posted twice (same token) files it once. */
export async function createReservation(
  db: DB,
  dealer: Dealer,
  input: ReservationInput,
  now = new Date(),
): Promise<Result<{ id: number; reservationNo: string }>> {
  const lines = input.lines.map((l) => ({ code: l.code.trim().toUpperCase(), qty: l.qty })).filter((l) => l.code !== "");
  if (lines.length === 0) return fail("support:request.noLines");
  if (lines.length > RESERVATION_MAX_LINES) return fail("support:reserve.tooManyLines");
  if (new Set(lines.map((l) => l.code)).size !== lines.length) return fail("support:request.duplicateCode");
  if (lines.some((l) => !Number.isInteger(l.qty) || l.qty < 1 || l.qty > RESERVATION_MAX_QTY)) return fail("support:reserve.qtyRange");
  const today = shopToday(now);
  const date = /^\d{4}-\d\d-\d\d$/;
  if (!date.test(input.startsOn) || !date.test(input.endsOn)) return fail("support:reserve.dateRule");
  if (input.startsOn < today) return fail("support:reserve.startPast");
  if (input.endsOn < input.startsOn) return fail("support:reserve.periodOrder");
  if (input.endsOn > latestEnd(input.startsOn)) return fail("support:reserve.periodTooLong");

  const existing = await firstFiled(db, dealer, input.token);
  if (existing) return existing;
  const products = await db
    .selectFrom("product")
    .select(["id", "ordering_code"])
    .where((eb) =>
      eb(
        eb.fn("upper", ["ordering_code"]),
        "in",
        lines.map((l) => l.code),
      ),
    )
    .where("status", "!=", "delisted")
    .execute();
  const byCode = new Map(products.map((p) => [p.ordering_code.toUpperCase(), p]));
  if (lines.some((l) => !byCode.has(l.code))) return fail("support:request.unknownCode");
  const iso = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("stock_reservation")
        .values({
          reservation_no: `T${input.token.slice(0, 18)}`,
          tenant_id: dealer.tenantId,
          customer_id: dealer.customerId,
          user_id: dealer.id,
          status: "submitted",
          end_customer: input.endCustomer,
          project: input.project,
          starts_on: input.startsOn,
          ends_on: input.endsOn,
          remark: input.remark?.trim() || null,
          reason: null,
          post_token: input.token,
          decided_by: null,
          decided_at: null,
          released_at: null,
          release_cause: null,
          created_at: iso,
          updated_at: iso,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const reservationNo = `BK${shopDateCode(now)}${String(id).padStart(5, "0")}`;
      await trx.updateTable("stock_reservation").set({ reservation_no: reservationNo }).where("id", "=", id).execute();
      await trx
        .insertInto("stock_reservation_line")
        .values(
          lines.map((l) => {
            const p = byCode.get(l.code)!;
            return { reservation_id: id, product_id: p.id, ordering_code: p.ordering_code, qty: l.qty, approved_qty: 0, ordered_qty: 0, released_qty: 0 };
          }),
        )
        .execute();
      return ok({ id, reservationNo });
    });
  } catch (e) {
    const first = await firstFiled(db, dealer, input.token);
    if (!first) throw e;
    return first;
  }
}

const listColumns = ["r.id", "r.reservation_no", "r.status", "r.end_customer", "r.project", "r.starts_on", "r.ends_on", "r.created_at"] as const;

async function withLines<T extends { id: number }>(db: DB, rows: T[]) {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom("stock_reservation_line")
    .select(["reservation_id", "ordering_code", "qty", "approved_qty", "ordered_qty", "released_qty"])
    .where(
      "reservation_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    ...r,
    lines: lines
      .filter((l) => l.reservation_id === r.id)
      .map((l) => ({ code: l.ordering_code, qty: l.qty, approved: l.approved_qty, ordered: l.ordered_qty, remaining: remainingOf(l) })),
  }));
}

export interface StaffReservationFilter {
  /** a status, or `open` (submitted, approved) */
  status?: string;
  page?: number;
}

/** The reservations in scope with their customer, newest first, a page at a time; ones past their end are released first. */
async function listReservations(db: DB, scope: { tenantId: number; customerId?: number }, f: StaffReservationFilter, now: Date) {
  await releaseExpired(db, now, scope);
  let base = db.selectFrom("stock_reservation as r").innerJoin("customer as c", "c.id", "r.customer_id").where("r.tenant_id", "=", scope.tenantId);
  if (scope.customerId !== undefined) base = base.where("r.customer_id", "=", scope.customerId);
  if (f.status === "open") base = base.where("r.status", "in", ["submitted", "approved"]);
  else if (f.status) base = base.where("r.status", "=", f.status);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select([...listColumns, ...customerColumns])
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(RESERVATION_PAGE_SIZE)
      .offset((Math.max(1, f.page ?? 1) - 1) * RESERVATION_PAGE_SIZE)
      .execute(),
  ]);
  return { total: Number(n), rows: await withLines(db, rows) };
}

/** The dealer's reservations in the entity (his customer's), all statuses. */
export const listDealerReservations = (db: DB, dealer: Dealer, page = 1, now = new Date()) =>
  listReservations(db, { tenantId: dealer.tenantId, customerId: dealer.customerId }, { page }, now);

/** Customer support's list: the entity's reservations, the open ones by default (the page's filter). */
export const listStaffReservations = (db: DB, actor: StaffActor, f: StaffReservationFilter, now = new Date()) =>
  listReservations(db, { tenantId: actor.tenantId }, f, now);

async function detail(db: DB, where: { id: number; tenantId: number; customerId?: number }) {
  let q = db
    .selectFrom("stock_reservation as r")
    .innerJoin("app_user as u", "u.id", "r.user_id")
    .innerJoin("customer as c", "c.id", "r.customer_id")
    .leftJoin("app_user as d", "d.id", "r.decided_by")
    .select([...listColumns, "r.remark", "r.reason", "r.decided_at", "r.released_at", "r.release_cause", "r.user_id", ...partyColumns])
    .where("r.id", "=", where.id)
    .where("r.tenant_id", "=", where.tenantId);
  if (where.customerId !== undefined) q = q.where("r.customer_id", "=", where.customerId);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError("stock reservation");
  const lines = await db
    .selectFrom("stock_reservation_line as l")
    .innerJoin("product as p", "p.id", "l.product_id")
    .leftJoin("stock as s", (j) => j.onRef("s.product_id", "=", "l.product_id").on("s.tenant_id", "=", where.tenantId))
    .select(["l.id", "l.ordering_code", "l.qty", "l.approved_qty", "l.ordered_qty", "l.released_qty", "p.name_zh", "p.name_en", "s.available"])
    .where("l.reservation_id", "=", row.id)
    .orderBy("l.id")
    .execute();
  const uses = lines.length
    ? await db
        .selectFrom("stock_reservation_use")
        .select(["line_id", "order_no", "qty", "created_at"])
        .where(
          "line_id",
          "in",
          lines.map((l) => l.id),
        )
        .orderBy("id")
        .execute()
    : [];
  return {
    ...row,
    status: row.status as ReservationStatus,
    lines: lines.map((l) => ({ ...l, available: l.available ?? 0, remaining: remainingOf(l) })),
    uses: uses.map((u) => ({ ...u, ordering_code: lines.find((l) => l.id === u.line_id)?.ordering_code ?? "" })),
  };
}

export async function getDealerReservation(db: DB, dealer: Dealer, id: number, now = new Date()) {
  await releaseExpired(db, now, { tenantId: dealer.tenantId, customerId: dealer.customerId });
  return detail(db, { id, tenantId: dealer.tenantId, customerId: dealer.customerId });
}
export async function getStaffReservation(db: DB, actor: StaffActor, id: number, now = new Date()) {
  await releaseExpired(db, now, { tenantId: actor.tenantId });
  return detail(db, { id, tenantId: actor.tenantId });
}

const RESERVATION: RequestKind<"stock_reservation", ReservationStatus, ReservationEvent> = {
  table: "stock_reservation",
  noun: "stock reservation",
  entity: "stock_reservation",
  auditId: (r) => r.reservation_no,
  next: nextReservationStatus,
  refused: () => "support:request.wrongState",
  changed: "support:request.wrongState",
};

const answer = (moved: Result<{ to: ReservationStatus }>): Result<{ status: ReservationStatus }> => (moved.ok ? ok({ status: moved.value.to }) : moved);

/**
 * Approves a submitted reservation with the quantities customer support grants (each line between
 * 0 and what was asked, not all 0), in one step of the request-step engine (decision 062): the
 * status moves only from `submitted` (a double post approves once), and each granted quantity moves
 * from `available` for `project_reserved` only where that much is available — else nothing at all
 * changes and the answer names the short code.
 */
export async function approveReservation(
  db: DB,
  actor: StaffActor,
  id: number,
  qtys: Map<number, number>,
  now = new Date(),
): Promise<Result<{ status: ReservationStatus }>> {
  const iso = now.toISOString();
  let approved: { id: number; product_id: number; ordering_code: string; qty: number; approved: number }[] = [];
  const moved = await takeStep(db, RESERVATION, {
    scope: { id, tenantId: actor.tenantId },
    event: "approve",
    now,
    check: async (r) => {
      if (r.ends_on < shopToday(now)) return fail("support:reserve.ended");
      const lines = await db
        .selectFrom("stock_reservation_line")
        .select(["id", "product_id", "ordering_code", "qty"])
        .where("reservation_id", "=", r.id)
        .orderBy("id")
        .execute();
      approved = lines.map((l) => ({ ...l, approved: qtys.get(l.id) ?? 0 }));
      if (approved.some((l) => !Number.isInteger(l.approved) || l.approved < 0 || l.approved > l.qty)) return fail("support:reserve.approveRange");
      if (approved.every((l) => l.approved === 0)) return fail("support:reserve.approveNothing");
      return null;
    },
    set: () => ({ decided_by: actor.id, decided_at: iso }),
    effects: async (trx) => {
      for (const l of approved) {
        if (l.approved === 0) continue;
        const taken = await moveStock(trx, { tenantId: actor.tenantId, productId: l.product_id }, l.approved, "project_reserved");
        if (!taken) throw new StepAbort("support:reserve.stockShort", { code: l.ordering_code });
        await trx.updateTable("stock_reservation_line").set({ approved_qty: l.approved }).where("id", "=", l.id).execute();
      }
    },
    notice: (r) => reservationNotice(r.reservation_no, "approve", ""),
    audit: (_r, to) => ({ actor, after: { status: to, lines: approved.map((l) => ({ code: l.ordering_code, qty: l.qty, approved: l.approved })) } }),
  });
  return answer(moved);
}

/** Refuses a submitted reservation with a reason (a double post refuses once). */
export async function refuseReservation(
  db: DB,
  actor: StaffActor,
  id: number,
  reason: string,
  now = new Date(),
): Promise<Result<{ status: ReservationStatus }>> {
  if (!reason.trim()) return fail("support:request.reasonRequired", undefined, "reason");
  const iso = now.toISOString();
  const set = { reason: reason.trim(), decided_by: actor.id, decided_at: iso };
  const moved = await takeStep(db, RESERVATION, {
    scope: { id, tenantId: actor.tenantId },
    event: "refuse",
    now,
    set: () => set,
    notice: (r) => reservationNotice(r.reservation_no, "refuse", set.reason),
    audit: (_r, to) => ({ actor, after: { status: to, ...set, updated_at: iso } }),
  });
  return answer(moved);
}

/** The dealer takes back a request not yet decided (a double post withdraws once). */
export async function withdrawReservation(
  db: DB,
  dealer: Dealer & { code: string },
  id: number,
  now = new Date(),
): Promise<Result<{ status: ReservationStatus }>> {
  const moved = await takeStep(db, RESERVATION, {
    scope: { id, tenantId: dealer.tenantId, customerId: dealer.customerId },
    event: "withdraw",
    now,
    audit: (_r, to) => ({ actor: { id: dealer.id, code: dealer.code, tenantId: dealer.tenantId }, after: { status: to } }),
  });
  return answer(moved);
}

export type ReleaseBy = { cause: "staff"; actor: StaffActor } | { cause: "dealer"; dealer: Dealer & { code: string } } | { cause: "expired" };

/**
 * Releases an approved reservation: its status moves only from `approved` (once), each line's
 * unordered rest is written down as released and goes back from `project_reserved` to `available`
 * in the same transaction. The dealer gets a notice unless he released it himself.
 */
export async function releaseReservation(
  db: DB,
  by: ReleaseBy,
  id: number,
  now = new Date(),
): Promise<Result<{ status: ReservationStatus; released: number }>> {
  const iso = now.toISOString();
  const scope =
    by.cause === "staff"
      ? { id, tenantId: by.actor.tenantId }
      : by.cause === "dealer"
        ? { id, tenantId: by.dealer.tenantId, customerId: by.dealer.customerId }
        : { id };
  let lines: { id: number; product_id: number; ordering_code: string; released_qty: number }[] = [];
  let released = 0;
  const moved = await takeStep(db, RESERVATION, {
    scope,
    event: "release",
    now,
    set: () => ({ released_at: iso, release_cause: by.cause }),
    effects: async (trx, r) => {
      // the rest is computed by the update itself: an order drawing on the line at the same moment
      // waits for this row (PostgreSQL) and then finds nothing left to draw
      lines = await trx
        .updateTable("stock_reservation_line")
        .set((eb) => ({ released_qty: eb("approved_qty", "-", eb.ref("ordered_qty")) }))
        .where("reservation_id", "=", r.id)
        .returning(["id", "product_id", "ordering_code", "released_qty"])
        .execute();
      for (const l of lines) {
        if (l.released_qty <= 0) continue;
        const back = await moveStock(trx, { tenantId: r.tenant_id, productId: l.product_id }, l.released_qty, "available");
        if (!back) throw new Error(`stock of ${l.ordering_code} holds less than reservation ${r.reservation_no} releases`);
        released += l.released_qty;
      }
    },
    notice: (r) => (by.cause === "dealer" ? null : reservationNotice(r.reservation_no, by.cause === "expired" ? "expire" : "release", "")),
    audit: (r, to) => ({
      actor:
        by.cause === "staff"
          ? by.actor
          : by.cause === "dealer"
            ? { id: by.dealer.id, code: by.dealer.code, tenantId: by.dealer.tenantId }
            : SYSTEM(r.tenant_id),
      after: { status: to, cause: by.cause, lines: lines.map((l) => ({ code: l.ordering_code, released: l.released_qty })) },
    }),
  });
  return moved.ok ? ok({ status: moved.value.to, released }) : moved;
}

/** Releases the approved reservations whose end date has passed (China day), within the given scope. */
export async function releaseExpired(db: DB, now = new Date(), scope: { tenantId?: number; customerId?: number } = {}): Promise<number> {
  let q = db.selectFrom("stock_reservation").select("id").where("status", "=", "approved").where("ends_on", "<", shopToday(now));
  if (scope.tenantId !== undefined) q = q.where("tenant_id", "=", scope.tenantId);
  if (scope.customerId !== undefined) q = q.where("customer_id", "=", scope.customerId);
  let n = 0;
  for (const { id } of await q.execute()) {
    const r = await releaseReservation(db, { cause: "expired" }, id, now);
    if (r.ok) n++;
  }
  return n;
}

const drawable = (db: DB, who: { tenantId: number; customerId: number }, today: string) =>
  db
    .selectFrom("stock_reservation_line as l")
    .innerJoin("stock_reservation as r", "r.id", "l.reservation_id")
    .where("r.tenant_id", "=", who.tenantId)
    .where("r.customer_id", "=", who.customerId)
    .where("r.status", "=", "approved")
    .where("r.ends_on", ">=", today)
    .where((eb) => eb(eb(eb("l.approved_qty", "-", eb.ref("l.ordered_qty")), "-", eb.ref("l.released_qty")), ">", 0));

/** What the customer still holds in running reservations, per product (added to the stock he may order). */
export async function reservedForCustomer(
  db: DB,
  who: { tenantId: number; customerId: number },
  productIds: number[],
  now = new Date(),
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await drawable(db, who, shopToday(now))
    .where("l.product_id", "in", productIds)
    .select(["l.product_id", "l.approved_qty", "l.ordered_qty", "l.released_qty"])
    .execute();
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.product_id, (out.get(r.product_id) ?? 0) + remainingOf(r));
  return out;
}

/**
 * Inside the order submission's transaction, before it takes `qty` of a product from `available`:
 * draws up to `qty` from the customer's running reservations of that product (the one ending first
 * first), moving the drawn quantity from `project_reserved` back to `available` so the order takes
 * it as it takes any stock. Each line is drawn by a conditional update, so two orders at once never
 * draw more than was approved, and nothing is drawn from a released line. Returns the drawn quantity.
 */
export async function drawReservations(
  trx: DB,
  who: { tenantId: number; customerId: number },
  productId: number,
  qty: number,
  orderNo: string,
  now = new Date(),
): Promise<number> {
  const lines = await drawable(trx, who, shopToday(now))
    .where("l.product_id", "=", productId)
    .select(["l.id", "l.approved_qty", "l.ordered_qty", "l.released_qty"])
    .orderBy("r.ends_on")
    .orderBy("l.id")
    .execute();
  let drawn = 0;
  for (const l of lines) {
    const n = Math.min(qty - drawn, remainingOf(l));
    if (n <= 0) break;
    const took = await trx
      .updateTable("stock_reservation_line")
      .set((eb) => ({ ordered_qty: eb("ordered_qty", "+", n) }))
      .where("id", "=", l.id)
      .where((eb) => eb(eb(eb("ordered_qty", "+", eb.ref("released_qty")), "+", n), "<=", eb.ref("approved_qty")))
      .executeTakeFirst();
    if (Number(took.numUpdatedRows) !== 1) continue;
    const back = await moveStock(trx, { tenantId: who.tenantId, productId }, n, "available");
    if (!back) throw new Error(`stock of product ${productId} holds less than its reservations`);
    await trx.insertInto("stock_reservation_use").values({ line_id: l.id, order_no: orderNo, qty: n, created_at: now.toISOString() }).execute();
    drawn += n;
  }
  return drawn;
}
