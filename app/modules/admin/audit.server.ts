import type { DB } from "~/db/db.server";
import { shopDayStart } from "~/i18n/format";

/**
 * The audit log: every change made in the back office, who made it, when, on which record, and
 * the record before and after (stored as JSON, read back field by field). Written in the same transaction as the change; there is
 * no function to edit or delete an entry.
 */
export interface Actor {
  id: number;
  code: string;
  tenantId: number | null;
}

/** The kinds of change an entry records (the action filter's choices). */
export const AUDIT_ACTIONS = ["create", "update", "delete", "grant", "lock", "unlock", "reset", "initialise"] as const;

export interface AuditEntry {
  action: (typeof AUDIT_ACTIONS)[number];
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: DB, actor: Actor, entry: AuditEntry, now = new Date()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      created_at: now.toISOString(),
      user_id: actor.id,
      user_code: actor.code,
      tenant_id: actor.tenantId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export interface AuditFilter {
  /** the kind of object (the table the change was made in) */
  entity?: string;
  action?: string;
  userCode?: string;
  /** the object's id or number; an order number finds its shipments too */
  entityId?: string;
  /** China days, YYYY-MM-DD, inclusive */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 20;

/** One changed field: its key and its value before and after, as text (null: not set). */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** The object an entry is about: its number or code, its name where it has one, its back-office page where there is one. */
export interface AuditObject {
  code: string;
  name_zh?: string;
  name_en?: string;
  href?: string;
}

/** An entry as people read it: who, what, which object and the fields that changed. */
export interface AuditView {
  id: number;
  at: string;
  userCode: string;
  userName: string | null;
  userId: number | null;
  entity: string;
  action: string;
  /** the readable action's key: "<entity>.<event or action>" (an order's step, e.g. sales_order.confirm) */
  actionKey: string;
  object: AuditObject;
  changes: AuditChange[];
}

const ORDER_NO = /^[A-Za-z0-9._:-]{1,60}$/;

function filtered(db: DB, filter: AuditFilter) {
  let q = db.selectFrom("audit_log as a");
  if (filter.entity) q = q.where("a.entity", "=", filter.entity);
  if (filter.action) q = q.where("a.action", "=", filter.action);
  if (filter.userCode) q = q.where("a.user_code", "=", filter.userCode.toUpperCase());
  const id = filter.entityId;
  if (id) {
    q = ORDER_NO.test(id)
      ? // an order's number also finds the shipments recorded on it (their id is the shipment's own)
        q.where((eb) => eb.or([eb("a.entity_id", "=", id), eb.and([eb("a.entity", "=", "shipment"), eb("a.after_json", "like", `%"orderNo":"${id}"%`)])]))
      : q.where("a.entity_id", "=", id);
  }
  if (filter.from) q = q.where("a.created_at", ">=", shopDayStart(filter.from));
  if (filter.to) q = q.where("a.created_at", "<", shopDayStart(filter.to, 1));
  return q;
}

/** The filtered entries as stored, newest first, 20 a page (with the name of the staff member who made them). */
export async function listAudit(db: DB, filter: AuditFilter, page: number, pageSize = AUDIT_PAGE_SIZE) {
  const q = filtered(db, filter);
  const [{ total }] = await q.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await q
    .leftJoin("app_user as u", "u.id", "a.user_id")
    .selectAll("a")
    .select("u.name as user_name")
    .orderBy("a.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number(total), rows };
}

type StoredEntry = Awaited<ReturnType<typeof listAudit>>["rows"][number];

/** Entries read for people: who, what (a readable action's key), which object (by number or name, with its page) and before → after. */
export async function readAudit(db: DB, rows: StoredEntry[]): Promise<AuditView[]> {
  const parsed = rows.map((r) => ({ ...r, before: parseJson(r.before_json), after: parseJson(r.after_json) }));
  const objects = await objectsOf(db, parsed);
  return parsed.map((r) => {
    const event = r.entity === "sales_order" && isRecord(r.after) && typeof r.after.event === "string" ? r.after.event : null;
    return {
      id: r.id,
      at: r.created_at,
      userCode: r.user_code,
      userName: r.user_name ?? null,
      userId: r.user_id,
      entity: r.entity,
      action: r.action,
      actionKey: `${r.entity}.${event ?? r.action}`,
      object: objects.get(r.id) ?? { code: r.entity_id },
      changes: auditChanges(r.before, r.after),
    };
  });
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys that say nothing to a reader (or are already the action): left out of the list. */
const QUIET = new Set(["id", "created_at", "updated_at", "event", "post_token", "password_hash"]);
const LONG = 200;

/** A stored value as one line of text: nested objects and lists compactly, long texts cut. */
export function auditValue(v: unknown): string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "string") return v.length > LONG ? `${v.slice(0, LONG)}…` : v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  const text = Array.isArray(v)
    ? v.map((x) => auditValue(x) ?? "—").join("; ")
    : Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => `${k}: ${auditValue(x) ?? "—"}`)
        .join(", ");
  if (text === "") return null; // an empty list or object
  return text.length > LONG ? `${text.slice(0, LONG)}…` : text;
}

/**
 * Field by field, before → after. A change with both sides lists the fields whose value differs;
 * a new object lists what it was given, a removed one what it had. A value that is not an object
 * is shown as the field "value".
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const asRecord = (v: unknown) => (v === undefined || v === null ? null : isRecord(v) ? v : { value: v });
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of keys) {
    if (QUIET.has(field)) continue;
    const was = b ? auditValue(b[field]) : null;
    const is = a ? auditValue(a[field]) : null;
    if (was === is && (b && a ? true : was === null)) continue;
    changes.push({ field, before: was, after: is });
  }
  return changes;
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;
/** Where each kind of object keeps the names of its statuses ("ns:key"). */
const STATUS_TEXTS: Record<string, (status: string) => string> = {
  sales_order: (s) => `order:status.${s}`,
  feedback: (s) => `feedback:status.${s}`,
  quotation: (s) => `quotation:statusLabel.${s}`,
  bidding: (s) => `bidding:admin.statuses.${s}`,
  support_request: (s) => `support:request.status${capital(s)}`,
  stock_reservation: (s) => `support:reserve.status${capital(s)}`,
};

/** The i18n key ("ns:key") of a status value of this kind of object, or null when it has no name of its own. */
export const auditStatusKey = (entity: string, status: string): string | null => STATUS_TEXTS[entity]?.(status) ?? null;

type Parsed = { id: number; entity: string; entity_id: string; after: unknown; before: unknown };

/**
 * The objects of one page of entries by their number or code, name and back-office page, one
 * query per kind of object on the page. Kinds without a page of their own keep their stored id.
 */
async function objectsOf(db: DB, rows: Parsed[]): Promise<Map<number, AuditObject>> {
  const out = new Map<number, AuditObject>();
  const ids = (entity: string) => [...new Set(rows.filter((r) => r.entity === entity).map((r) => r.entity_id))];
  const numeric = (list: string[]) => list.filter((x) => /^\d{1,12}$/.test(x)).map(Number);
  const put = <T>(entity: string, found: T[], key: (x: T) => string, view: (x: T) => AuditObject) => {
    const byKey = new Map(found.map((x) => [key(x), view(x)]));
    for (const r of rows) if (r.entity === entity && byKey.has(r.entity_id)) out.set(r.id, byKey.get(r.entity_id)!);
  };
  const jobs: Promise<void>[] = [];
  const lookup = <T>(entity: string, query: (list: string[]) => Promise<T[]> | null, key: (x: T) => string, view: (x: T) => AuditObject) => {
    const list = ids(entity);
    if (list.length === 0) return;
    const p = query(list);
    if (p) jobs.push(p.then((found) => put(entity, found, key, view)));
  };
  const orderHref = (no: string) => `/system/orders/${encodeURIComponent(no)}`;
  for (const r of rows) {
    if (r.entity === "sales_order") out.set(r.id, { code: r.entity_id, href: orderHref(r.entity_id) });
    if (r.entity === "shipment" && isRecord(r.after) && typeof r.after.orderNo === "string") {
      out.set(r.id, { code: r.after.orderNo, href: orderHref(r.after.orderNo) });
    }
  }
  lookup(
    "app_user",
    (list) => {
      const n = numeric(list);
      return n.length ? db.selectFrom("app_user").select(["id", "code", "name"]).where("id", "in", n).execute() : null;
    },
    (x) => String(x.id),
    (x) => ({ code: x.code, name_zh: x.name, name_en: x.name, href: `/system/user/${x.id}` }),
  );
  // a customer's account is audited by its code too (its ERP account)
  lookup(
    "app_user",
    (list) => {
      const codes = list.filter((x) => !/^\d+$/.test(x));
      return codes.length ? db.selectFrom("app_user").select(["id", "code", "name"]).where("code", "in", codes).execute() : null;
    },
    (x) => x.code,
    (x) => ({ code: x.code, name_zh: x.name, name_en: x.name, href: `/system/user/${x.id}` }),
  );
  lookup(
    "role",
    (list) => db.selectFrom("role").select(["id", "code", "name_zh", "name_en"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: x.code, name_zh: x.name_zh, name_en: x.name_en, href: `/system/role/${x.id}` }),
  );
  lookup(
    "menu",
    (list) => db.selectFrom("menu").select(["id", "name", "title_zh", "title_en"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: x.name, name_zh: x.title_zh, name_en: x.title_en, href: `/system/menu/${x.id}` }),
  );
  lookup(
    "tenant",
    (list) => db.selectFrom("tenant").select(["id", "code", "show_name_zh", "show_name_en"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: x.code, name_zh: x.show_name_zh, name_en: x.show_name_en, href: `/system/dataArea/${x.id}` }),
  );
  lookup(
    "user_tenant",
    (list) => db.selectFrom("tenant").select(["id", "code", "show_name_zh", "show_name_en"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: x.code, name_zh: x.show_name_zh, name_en: x.show_name_en, href: `/system/dataArea/${x.id}` }),
  );
  lookup(
    "customer",
    (list) => db.selectFrom("customer").select(["id", "code", "name_zh", "name_en"]).where("code", "in", list).execute(),
    (x) => x.code,
    (x) => ({ code: x.code, name_zh: x.name_zh, name_en: x.name_en, href: `/system/customer/${x.id}` }),
  );
  for (const by of ["id", "ordering_code"] as const) {
    lookup(
      "product",
      (list) => {
        const keys = by === "id" ? numeric(list) : list.filter((x) => !/^\d+$/.test(x));
        if (keys.length === 0) return null;
        return db
          .selectFrom("product")
          .select(["id", "ordering_code", "name_zh", "name_en"])
          .where(by, "in", keys as never[])
          .execute();
      },
      (x) => (by === "id" ? String(x.id) : x.ordering_code),
      (x) => ({ code: x.ordering_code, name_zh: x.name_zh, name_en: x.name_en, href: `/system/product/${x.id}` }),
    );
  }
  lookup(
    "catalogue_node",
    (list) => db.selectFrom("catalogue_node").select(["code", "label_zh", "label_en"]).where("code", "in", list).execute(),
    (x) => x.code,
    (x) => ({ code: x.code, name_zh: x.label_zh, name_en: x.label_en, href: `/system/catalogueNode/${encodeURIComponent(x.code)}` }),
  );
  lookup(
    "sys_parameter",
    (list) => db.selectFrom("sys_parameter").select(["code"]).where("code", "in", list).execute(),
    (x) => x.code,
    (x) => ({ code: x.code, href: `/system/parameter/${encodeURIComponent(x.code)}` }),
  );
  lookup(
    "promotion",
    (list) => db.selectFrom("promotion").select(["id", "title_zh", "title_en"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: String(x.id), name_zh: x.title_zh, name_en: x.title_en, href: `/system/promotion/${x.id}` }),
  );
  lookup(
    "content",
    (list) => db.selectFrom("content").select(["id", "title_zh", "title_en"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: String(x.id), name_zh: x.title_zh, name_en: x.title_en, href: `/system/content/${x.id}` }),
  );
  lookup(
    "survey",
    (list) => db.selectFrom("survey").select(["id", "title_zh", "title_en"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: String(x.id), name_zh: x.title_zh, name_en: x.title_en, href: `/system/survey/${x.id}` }),
  );
  lookup(
    "bidding",
    (list) => db.selectFrom("bidding").select(["id", "title_zh", "title_en"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: String(x.id), name_zh: x.title_zh, name_en: x.title_en, href: `/system/gdre/${x.id}` }),
  );
  lookup(
    "quote_tool_type",
    (list) => db.selectFrom("quote_tool_type").select(["id", "code", "name_zh", "name_en"]).where("code", "in", list).execute(),
    (x) => x.code,
    (x) => ({ code: x.code, name_zh: x.name_zh, name_en: x.name_en, href: `/system/quotationToolType/${x.id}` }),
  );
  lookup(
    "quotation",
    (list) => db.selectFrom("quotation").select(["id", "quote_no"]).where("quote_no", "in", list).execute(),
    (x) => x.quote_no,
    (x) => ({ code: x.quote_no, href: `/system/quotation/${x.id}` }),
  );
  lookup(
    "support_request",
    (list) => db.selectFrom("support_request").select(["id", "request_no"]).where("request_no", "in", list).execute(),
    (x) => x.request_no,
    (x) => ({ code: x.request_no, href: `/system/support/${x.id}` }),
  );
  lookup(
    "stock_reservation",
    (list) => db.selectFrom("stock_reservation").select(["id", "reservation_no"]).where("reservation_no", "in", list).execute(),
    (x) => x.reservation_no,
    (x) => ({ code: x.reservation_no, href: `/system/support/reservations/${x.id}` }),
  );
  lookup(
    "feedback",
    (list) => db.selectFrom("feedback").select(["id", "order_no"]).where("id", "in", numeric(list).concat(-1)).execute(),
    (x) => String(x.id),
    (x) => ({ code: String(x.id), name_zh: x.order_no, name_en: x.order_no, href: `/system/feedback/${x.id}` }),
  );
  await Promise.all(jobs);
  return out;
}

/** The kinds of object in the log, for the filter. */
export async function auditEntities(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("entity").distinct().orderBy("entity").execute();
  return rows.map((r) => r.entity);
}

/** The staff who made changes, for the filter: account code and name. */
export async function auditUsers(db: DB): Promise<{ code: string; name: string | null }[]> {
  const rows = await db
    .selectFrom("audit_log as a")
    .leftJoin("app_user as u", "u.id", "a.user_id")
    .select(["a.user_code as code", "u.name as name"])
    .distinct()
    .orderBy("a.user_code")
    .execute();
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.code) && seen.add(r.code)).map((r) => ({ code: r.code, name: r.name ?? null }));
}
