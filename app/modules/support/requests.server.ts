import type { DB } from "~/db/db.server";
import type { Actor } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import { supportNotice } from "~/modules/notices/support-notices.server";
import { takeStep, type RequestKind } from "~/modules/services/request-steps.server";
import { shopDateCode, shopToday } from "~/i18n/format";
import { nextSupportStatus, SUPPORT_MAX_LINES, SUPPORT_MAX_QTY, SUPPORT_PAGE_SIZE, type SupportEvent, type SupportKind, type SupportStatus } from "./status";

/**
 * Sample, tool-body and marketing-support requests (decisions 050, 052): a dealer account with the customer-support or
 * master role asks for free samples (inserts, end mills, drills) or for tool bodies (holders, lent
 * or supplied for a trial) for an end customer; customer support of the company entity approves
 * or refuses it with a reason, then records the shipment with a tracking number. Each step gives
 * the dealer a notice. A dealer sees the requests of his own customer in the entity he is signed
 * in to; staff see those of their entity. Anything else is not found.
 */
export interface Dealer {
  id: number;
  customerId: number;
  tenantId: number;
}
export interface StaffActor extends Actor {
  tenantId: number;
}
export interface RequestInput {
  token: string;
  endCustomer: string;
  purpose: string;
  supplyMode?: "loan" | "supply" | null;
  lines: { code: string; qty: number }[];
}

const PREFIX: Record<SupportKind, string> = { sample: "YP", tool_body: "DT", marketing: "XC" };

const normalise = (code: string) => code.trim().toUpperCase();

async function findExisting(db: DB, dealer: Dealer, token: string) {
  return db.selectFrom("support_request").select("id").where("user_id", "=", dealer.id).where("post_token", "=", token).executeTakeFirst();
}

/** Files a request. The same form posted twice (same token) files it once and returns the first. */
export async function createRequest(
  db: DB,
  dealer: Dealer,
  kind: SupportKind,
  input: RequestInput,
  now = new Date(),
): Promise<Result<{ id: number; requestNo: string }>> {
  const lines = input.lines.map((l) => ({ code: normalise(l.code), qty: l.qty })).filter((l) => l.code !== "");
  if (lines.length === 0) return fail("support:request.noLines");
  if (lines.length > SUPPORT_MAX_LINES) return fail("support:request.tooManyLines");
  if (new Set(lines.map((l) => l.code)).size !== lines.length) return fail("support:request.duplicateCode");
  if (lines.some((l) => !Number.isInteger(l.qty) || l.qty < 1 || l.qty > SUPPORT_MAX_QTY[kind])) return fail(`support:request.qtyRange.${kind}`);
  if (kind === "tool_body" && !input.supplyMode) return fail("support:request.supplyModeRequired");

  const existing = await firstFiled(db, dealer, input.token);
  if (existing) return existing;
  const products = await db
    .selectFrom("product")
    .select(["id", "ordering_code", "kind"])
    .where((eb) =>
      eb(
        eb.fn("upper", ["ordering_code"]),
        "in",
        lines.map((l) => l.code),
      ),
    )
    .execute();
  const byCode = new Map(products.map((p) => [p.ordering_code.toUpperCase(), p]));
  for (const l of lines) {
    const p = byCode.get(l.code);
    if (!p) return fail("support:request.unknownCode");
    // a tool body is a holder; a sample is any cutting tool but a holder
    if ((kind === "tool_body") !== (p.kind === "holder")) return fail(`support:request.wrongKind.${kind}`);
  }
  return fileRequest(db, dealer, kind, input, now, async (trx, id) => {
    await trx
      .insertInto("support_request_line")
      .values(
        lines.map((l) => {
          const p = byCode.get(l.code)!;
          return { request_id: id, product_id: p.id, ordering_code: p.ordering_code, qty: l.qty };
        }),
      )
      .execute();
  });
}

async function firstFiled(db: DB, dealer: Dealer, token: string) {
  const first = await findExisting(db, dealer, token);
  if (!first) return null;
  const row = await db.selectFrom("support_request").select(["id", "request_no"]).where("id", "=", first.id).executeTakeFirstOrThrow();
  return ok({ id: row.id, requestNo: row.request_no });
}

/** The request row and its number, with the lines the caller writes, in one transaction; a racing double post answers with the first. */
async function fileRequest(
  db: DB,
  dealer: Dealer,
  kind: SupportKind,
  input: RequestInput & { wantedDate?: string | null },
  now: Date,
  writeLines: (trx: DB, id: number) => Promise<void>,
): Promise<Result<{ id: number; requestNo: string }>> {
  const iso = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("support_request")
        .values({
          request_no: `T${input.token.slice(0, 18)}`,
          kind,
          tenant_id: dealer.tenantId,
          customer_id: dealer.customerId,
          user_id: dealer.id,
          status: "submitted",
          end_customer: input.endCustomer,
          purpose: input.purpose,
          supply_mode: kind === "tool_body" ? (input.supplyMode ?? null) : null,
          wanted_date: kind === "marketing" ? (input.wantedDate ?? null) : null,
          reason: null,
          tracking_no: null,
          carrier: null,
          post_token: input.token,
          decided_by: null,
          decided_at: null,
          shipped_at: null,
          created_at: iso,
          updated_at: iso,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const requestNo = `${PREFIX[kind]}${shopDateCode(now)}${String(id).padStart(5, "0")}`;
      await trx.updateTable("support_request").set({ request_no: requestNo }).where("id", "=", id).execute();
      await writeLines(trx, id);
      return ok({ id, requestNo });
    });
  } catch (e) {
    // two posts of the same form at once: the unique (user, token) index let the first one in
    const first = await firstFiled(db, dealer, input.token);
    if (!first) throw e;
    return first;
  }
}

export interface MarketingInput {
  token: string;
  endCustomer: string;
  purpose: string;
  /** YYYY-MM-DD, not in the past */
  wantedDate: string;
  items: { itemId: number; qty: number }[];
}

/**
 * Files a marketing-support request (decision 052): items from the entity's active list, each at
 * most its own maximum, wanted on a date from today on. The same form posted twice files it once.
 */
export async function createMarketingRequest(
  db: DB,
  dealer: Dealer,
  input: MarketingInput,
  now = new Date(),
): Promise<Result<{ id: number; requestNo: string }>> {
  const items = input.items.filter((l) => l.qty > 0);
  if (items.length === 0) return fail("support:request.noLines");
  if (new Set(items.map((l) => l.itemId)).size !== items.length) return fail("support:request.duplicateCode");
  if (!/^\d{4}-\d\d-\d\d$/.test(input.wantedDate) || input.wantedDate < shopToday(now)) return fail("support:marketing.wantedDatePast");
  const existing = await firstFiled(db, dealer, input.token);
  if (existing) return existing;
  const known = await db
    .selectFrom("marketing_item")
    .select(["id", "name_zh", "name_en", "max_qty"])
    .where("tenant_id", "=", dealer.tenantId)
    .where("active", "=", 1)
    .where(
      "id",
      "in",
      items.map((l) => l.itemId),
    )
    .execute();
  const byId = new Map(known.map((k) => [k.id, k]));
  for (const l of items) {
    const k = byId.get(l.itemId);
    if (!k) return fail("support:marketing.unknownItem");
    if (!Number.isInteger(l.qty) || l.qty > k.max_qty) return fail("support:marketing.qtyRange");
  }
  return fileRequest(db, dealer, "marketing", { ...input, lines: [] }, now, async (trx, id) => {
    await trx
      .insertInto("support_request_item")
      .values(
        items.map((l) => {
          const k = byId.get(l.itemId)!;
          return { request_id: id, marketing_item_id: k.id, name_zh: k.name_zh, name_en: k.name_en, qty: l.qty };
        }),
      )
      .execute();
  });
}

/** The customer's code and names, for queries joined to `customer as c`. */
export const customerColumns = ["c.code as customer_code", "c.name_zh as customer_name_zh", "c.name_en as customer_name_en"] as const;
/** Who filed (`app_user as u`), for which customer (`customer as c`), who decided (`app_user as d`): the detail pages' parties. */
export const partyColumns = ["u.code as user_code", "u.name as user_name", ...customerColumns, "d.code as decided_by_code"] as const;

const listColumns = ["r.id", "r.request_no", "r.kind", "r.status", "r.end_customer", "r.created_at", "r.tracking_no", "r.updated_at"] as const;

/** Each row with its lines in short: ordering codes, or for marketing support the items' names (`en` the English one). */
async function withLineSummary<T extends { id: number }>(db: DB, rows: T[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, items] = await Promise.all([
    db.selectFrom("support_request_line").select(["request_id", "ordering_code", "qty"]).where("request_id", "in", ids).orderBy("id").execute(),
    db.selectFrom("support_request_item").select(["request_id", "name_zh", "name_en", "qty"]).where("request_id", "in", ids).orderBy("id").execute(),
  ]);
  return rows.map((r) => ({
    ...r,
    lines: [
      ...lines.filter((l) => l.request_id === r.id).map((l) => ({ code: l.ordering_code, en: l.ordering_code, qty: l.qty })),
      ...items.filter((l) => l.request_id === r.id).map((l) => ({ code: l.name_zh, en: l.name_en, qty: l.qty })),
    ],
  }));
}

/** The dealer's list: his customer's requests of one kind in the entity, newest first, a page at a time. */
export async function listDealerRequests(db: DB, dealer: Dealer, kind: SupportKind, page = 1) {
  const base = db
    .selectFrom("support_request as r")
    .where("r.tenant_id", "=", dealer.tenantId)
    .where("r.customer_id", "=", dealer.customerId)
    .where("r.kind", "=", kind);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .innerJoin("app_user as u", "u.id", "r.user_id")
      .select([...listColumns, "r.wanted_date", "u.code as user_code"])
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(SUPPORT_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * SUPPORT_PAGE_SIZE)
      .execute(),
  ]);
  return { total: Number(n), rows: await withLineSummary(db, rows) };
}

async function detail(db: DB, where: { id: number; tenantId: number; customerId?: number; kind?: SupportKind }) {
  let q = db
    .selectFrom("support_request as r")
    .innerJoin("app_user as u", "u.id", "r.user_id")
    .innerJoin("customer as c", "c.id", "r.customer_id")
    .leftJoin("app_user as d", "d.id", "r.decided_by")
    .select([
      "r.id",
      "r.request_no",
      "r.kind",
      "r.status",
      "r.end_customer",
      "r.purpose",
      "r.supply_mode",
      "r.wanted_date",
      "r.reason",
      "r.tracking_no",
      "r.carrier",
      "r.decided_at",
      "r.shipped_at",
      "r.created_at",
      "r.user_id",
      "r.tenant_id",
      ...partyColumns,
    ])
    .where("r.id", "=", where.id)
    .where("r.tenant_id", "=", where.tenantId);
  if (where.customerId !== undefined) q = q.where("r.customer_id", "=", where.customerId);
  if (where.kind) q = q.where("r.kind", "=", where.kind);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError("support request");
  const [lines, items] = await Promise.all([
    db
      .selectFrom("support_request_line as l")
      .innerJoin("product as p", "p.id", "l.product_id")
      .select(["l.ordering_code", "l.qty", "p.name_zh", "p.name_en", "p.specification"])
      .where("l.request_id", "=", row.id)
      .orderBy("l.id")
      .execute(),
    // marketing support: the items as asked (an ordering code does not apply)
    db.selectFrom("support_request_item").select(["id", "qty", "name_zh", "name_en"]).where("request_id", "=", row.id).orderBy("id").execute(),
  ]);
  return { ...row, kind: row.kind as SupportKind, status: row.status as SupportStatus, lines, items };
}

export const getDealerRequest = (db: DB, dealer: Dealer, kind: SupportKind, id: number) =>
  detail(db, { id, tenantId: dealer.tenantId, customerId: dealer.customerId, kind });
export const getStaffRequest = (db: DB, actor: StaffActor, id: number) => detail(db, { id, tenantId: actor.tenantId });

export interface StaffFilter {
  status?: string;
  kind?: string;
}

/** Customer support's list: the entity's requests, the open ones (submitted, approved) first by default. */
export async function listStaffRequests(db: DB, actor: StaffActor, f: StaffFilter) {
  let q = db
    .selectFrom("support_request as r")
    .innerJoin("customer as c", "c.id", "r.customer_id")
    .select([...listColumns, ...customerColumns])
    .where("r.tenant_id", "=", actor.tenantId);
  if (f.status === "open") q = q.where("r.status", "in", ["submitted", "approved"]);
  else if (f.status) q = q.where("r.status", "=", f.status);
  if (f.kind) q = q.where("r.kind", "=", f.kind);
  const rows = await q.orderBy("r.created_at", "desc").orderBy("r.id", "desc").limit(200).execute();
  return withLineSummary(db, rows);
}

export interface DecisionInput {
  reason?: string;
  trackingNo?: string;
  carrier?: string;
}

const SUPPORT_REQUEST: RequestKind<"support_request", SupportStatus, SupportEvent> = {
  table: "support_request",
  noun: "support request",
  entity: "support_request",
  auditId: (r) => r.request_no,
  next: nextSupportStatus,
  refused: () => "support:request.wrongState",
  changed: "support:request.wrongState",
};

/**
 * Moves a request of the actor's entity by one event (the request-step engine, decision 062): the
 * update is made only from the expected status, so a double post moves it once (the second gets
 * `wrongState`); the audit entry and the dealer's notice are written with it.
 */
export async function decideRequest(
  db: DB,
  actor: StaffActor,
  id: number,
  event: SupportEvent,
  input: DecisionInput,
  now = new Date(),
): Promise<Result<{ status: SupportStatus }>> {
  if (event === "refuse" && !input.reason?.trim()) return fail("support:request.reasonRequired", undefined, "reason");
  if (event === "ship" && !input.trackingNo?.trim()) return fail("support:request.trackingRequired", undefined, "trackingNo");
  const iso = now.toISOString();
  const set =
    event === "ship"
      ? { tracking_no: input.trackingNo!.trim(), carrier: input.carrier?.trim() || null, shipped_at: iso }
      : { reason: event === "refuse" ? input.reason!.trim() : null, decided_by: actor.id, decided_at: iso };
  const extra =
    event === "refuse" ? (input.reason?.trim() ?? "") : event === "ship" ? [input.carrier?.trim(), input.trackingNo!.trim()].filter(Boolean).join(" ") : "";
  const moved = await takeStep(db, SUPPORT_REQUEST, {
    scope: { id, tenantId: actor.tenantId },
    event,
    now,
    set: () => set,
    notice: (r) => supportNotice(r.kind as SupportKind, r.request_no, event, extra),
    audit: (_r, to) => ({ actor, after: { status: to, ...set, updated_at: iso } }),
  });
  return moved.ok ? ok({ status: moved.value.to }) : moved;
}
