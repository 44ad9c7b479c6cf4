import path from "node:path";
import type { DB } from "~/db/db.server";
import { contentDir, readContentFile, removeContentFile, sniffFileType, storeContentFile, uploadedFileName } from "~/modules/content/files.server";
import { NotFoundError } from "~/modules/errors";
import { noticeTitles } from "~/modules/notices/notice-texts.server";
import { fail, ok, type Result } from "~/modules/result";
import { takeStep, type RequestKind } from "~/modules/services/request-steps.server";
import {
  FEEDBACK_PHOTO_MAX_BYTES,
  FEEDBACK_PHOTOS_MAX,
  FEEDBACK_STATUSES,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TYPES,
  nextFeedbackStatus,
  type FeedbackEvent,
  type FeedbackStatus,
} from "./status";

/**
 * After-sales feedback (issue 18 item 3, decision 049). A dealer files feedback on one of the
 * customer's orders (or one line of it) in the company entity he is signed in to; everybody of
 * that customer in that entity sees it, nobody else (another customer's feedback is not found).
 * Customer support (staff of the entity) answers, asks for more information or closes it. Every
 * change is a step of the one request-step engine (decision 062) along the transition table
 * (`status.ts`); every form carries a one-time token, so a double post has one effect. Each staff
 * step stores a "customer feedback" notice for the dealer and an audit entry.
 */
export interface DealerActor {
  id: number;
  code: string;
  customerId: number;
  tenantId: number;
}

export interface StaffActor {
  id: number;
  code: string;
  tenantId: number;
}

/** The feedback filed or moved (`already`: the same form had been posted before, nothing more was done). */
export type FeedbackResult = Result<{ id: number; already?: boolean }>;

export interface UploadedPhoto {
  name: string;
  bytes: Uint8Array;
}

export const FEEDBACK_PAGE_SIZE = 20;
export const photoDir = (base = contentDir()) => path.join(base, "feedback");

const done = (id: number, already?: boolean): FeedbackResult => ok(already ? { id, already } : { id });

/** The photos' types from their content (PNG or JPEG only), their number and size: the types, or the error (on the `photos` field). */
export function checkPhotos(photos: UploadedPhoto[]): Result<{ mime: string; ext: string }[]> {
  const real = photos.filter((p) => p.bytes.byteLength > 0);
  if (real.length > FEEDBACK_PHOTOS_MAX) return fail("feedback:error.tooManyPhotos", { max: FEEDBACK_PHOTOS_MAX }, "photos");
  const types: { mime: string; ext: string }[] = [];
  for (const p of real) {
    if (p.bytes.byteLength > FEEDBACK_PHOTO_MAX_BYTES) return fail("feedback:error.photoTooBig", { mb: FEEDBACK_PHOTO_MAX_BYTES / 1024 / 1024 }, "photos");
    const type = sniffFileType(p.bytes, p.name);
    if (!type || (type.mime !== "image/png" && type.mime !== "image/jpeg")) return fail("feedback:error.photoType", undefined, "photos");
    types.push(type);
  }
  return ok(types);
}

export interface NewFeedback {
  token: string;
  orderNo: string;
  lineId?: number | null;
  type: string;
  description: string;
  photos: UploadedPhoto[];
}

const byToken = (db: DB, actor: DealerActor, token: string) =>
  db.selectFrom("feedback").select("id").where("user_id", "=", actor.id).where("submit_token", "=", token).executeTakeFirst();

/** Files new feedback on one of the customer's orders in the entity; another customer's order (or line) is not found (NotFoundError). */
export async function createFeedback(db: DB, actor: DealerActor, input: NewFeedback, opts: { now?: Date; dir?: string } = {}): Promise<FeedbackResult> {
  const now = opts.now ?? new Date();
  const dir = photoDir(opts.dir);
  const seen = await byToken(db, actor, input.token);
  if (seen) return done(seen.id, true);
  const order = await db
    .selectFrom("sales_order")
    .select(["id", "order_no"])
    .where("order_no", "=", input.orderNo)
    .where("customer_id", "=", actor.customerId)
    .where("tenant_id", "=", actor.tenantId)
    .executeTakeFirst();
  if (!order) throw new NotFoundError("order");
  let lineId: number | null = null;
  if (input.lineId) {
    const line = await db.selectFrom("order_line").select("id").where("id", "=", input.lineId).where("order_id", "=", order.id).executeTakeFirst();
    if (!line) throw new NotFoundError("order line");
    lineId = line.id;
  }
  if (!(FEEDBACK_TYPES as readonly string[]).includes(input.type)) return fail("feedback:error.type", undefined, "type");
  const description = input.description.trim();
  if (!description) return fail("feedback:error.required", undefined, "description");
  if (description.length > FEEDBACK_TEXT_MAX) return fail("feedback:error.tooLong", { max: FEEDBACK_TEXT_MAX }, "description");
  const checked = checkPhotos(input.photos);
  if (!checked.ok) return checked;

  const real = input.photos.filter((p) => p.bytes.byteLength > 0);
  const keys: string[] = [];
  try {
    for (const [i, p] of real.entries()) keys.push(await storeContentFile(p.bytes, checked.value[i], dir));
    const stamp = now.toISOString();
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("feedback")
        .values({
          tenant_id: actor.tenantId,
          customer_id: actor.customerId,
          user_id: actor.id,
          order_id: order.id,
          order_line_id: lineId,
          order_no: order.order_no,
          type: input.type,
          description,
          status: "open",
          submit_token: input.token,
          created_at: stamp,
          updated_at: stamp,
          closed_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [i, p] of real.entries()) {
        await trx
          .insertInto("feedback_photo")
          .values({
            feedback_id: row.id,
            file_key: keys[i],
            file_type: checked.value[i].mime,
            file_size: p.bytes.byteLength,
            file_name: uploadedFileName(p.name, "photo"),
          })
          .execute();
      }
      return row.id;
    });
    return done(id);
  } catch (e) {
    for (const k of keys) await removeContentFile(k, dir);
    // the same form posted twice at once: the unique token lets one through
    const again = await byToken(db, actor, input.token);
    if (again) return done(again.id, true);
    throw e;
  }
}

/** The customer's orders in the entity the form offers (newest first), with their lines. */
export async function feedbackOrderChoices(db: DB, actor: DealerActor, orderNo: string | null) {
  const orders = await db
    .selectFrom("sales_order")
    .select(["id", "order_no", "created_at"])
    .where("customer_id", "=", actor.customerId)
    .where("tenant_id", "=", actor.tenantId)
    .where("status", "<>", "to_be_submitted")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  let selected = orderNo ? orders.find((o) => o.order_no === orderNo) : undefined;
  if (orderNo && !selected) {
    // an older order of the customer, asked for by its number (from the order details page)
    selected = await db
      .selectFrom("sales_order")
      .select(["id", "order_no", "created_at"])
      .where("order_no", "=", orderNo)
      .where("customer_id", "=", actor.customerId)
      .where("tenant_id", "=", actor.tenantId)
      .executeTakeFirst();
    if (!selected) throw new NotFoundError("order");
    orders.unshift(selected);
  }
  const lines = selected
    ? await db
        .selectFrom("order_line")
        .select(["id", "line_no", "ordering_code", "name_zh", "name_en"])
        .where("order_id", "=", selected.id)
        .orderBy("line_no")
        .execute()
    : [];
  return { orders: orders.map((o) => ({ orderNo: o.order_no, createdAt: o.created_at })), selected: selected?.order_no ?? null, lines };
}

const listBase = (db: DB) =>
  db
    .selectFrom("feedback as f")
    .innerJoin("customer as c", "c.id", "f.customer_id")
    .innerJoin("app_user as u", "u.id", "f.user_id")
    .leftJoin("order_line as l", "l.id", "f.order_line_id");

const listColumns = [
  "f.id",
  "f.order_no",
  "f.type",
  "f.status",
  "f.description",
  "f.created_at",
  "f.updated_at",
  "c.code as customer_code",
  "c.name_zh as customer_name_zh",
  "c.name_en as customer_name_en",
  "u.code as user_code",
  "l.line_no",
  "l.ordering_code",
] as const;

/** The customer's feedback in the entity, newest change first, paged. */
export async function listDealerFeedback(db: DB, actor: DealerActor, page: number, pageSize = FEEDBACK_PAGE_SIZE) {
  const base = listBase(db).where("f.customer_id", "=", actor.customerId).where("f.tenant_id", "=", actor.tenantId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select([...listColumns])
      .orderBy("f.updated_at", "desc")
      .orderBy("f.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

export interface StaffFilter {
  status?: string;
  dealer?: string;
  type?: string;
  page: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** All dealers' feedback of the staff member's entity, with filters; waiting-for-support first. */
export async function listStaffFeedback(db: DB, actor: StaffActor, f: StaffFilter, pageSize = FEEDBACK_PAGE_SIZE) {
  let base = listBase(db).where("f.tenant_id", "=", actor.tenantId);
  if (f.status && (FEEDBACK_STATUSES as readonly string[]).includes(f.status)) base = base.where("f.status", "=", f.status);
  if (f.type && (FEEDBACK_TYPES as readonly string[]).includes(f.type)) base = base.where("f.type", "=", f.type);
  if (f.dealer) {
    const d = `%${escapeLike(f.dealer.trim())}%`;
    const up = `%${escapeLike(f.dealer.trim().toUpperCase())}%`;
    base = base.where((eb) => eb.or([eb("c.code", "like", up), eb("c.name_zh", "like", d), eb("c.name_en", "like", d), eb("u.code", "like", up)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select([...listColumns])
      .orderBy((eb) => eb.case().when("f.status", "=", "open").then(0).else(1).end())
      .orderBy("f.updated_at", "desc")
      .orderBy("f.id", "desc")
      .limit(pageSize)
      .offset((f.page - 1) * pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

async function loadFeedback(db: DB, where: { id: number; tenantId: number; customerId?: number }) {
  let q = listBase(db)
    .select([
      ...listColumns,
      "f.user_id",
      "f.customer_id",
      "f.tenant_id",
      "f.closed_at",
      "u.name as user_name",
      "l.name_zh as line_name_zh",
      "l.name_en as line_name_en",
    ])
    .where("f.id", "=", where.id)
    .where("f.tenant_id", "=", where.tenantId);
  if (where.customerId !== undefined) q = q.where("f.customer_id", "=", where.customerId);
  const feedback = await q.executeTakeFirst();
  if (!feedback) throw new NotFoundError("feedback");
  const [messages, photos] = await Promise.all([
    db
      .selectFrom("feedback_message")
      .select(["id", "user_code", "author", "event", "body", "created_at"])
      .where("feedback_id", "=", feedback.id)
      .orderBy("id")
      .execute(),
    db.selectFrom("feedback_photo").select(["id", "file_name", "file_type", "file_size"]).where("feedback_id", "=", feedback.id).orderBy("id").execute(),
  ]);
  return { feedback, messages, photos };
}

/** One feedback of the customer (NotFoundError for anyone else's). */
export const getDealerFeedback = (db: DB, actor: DealerActor, id: number) => loadFeedback(db, { id, tenantId: actor.tenantId, customerId: actor.customerId });

/** One feedback of the staff member's entity (NotFoundError for another entity's). */
export const getStaffFeedback = (db: DB, actor: StaffActor, id: number) => loadFeedback(db, { id, tenantId: actor.tenantId });

/** A photo's bytes, for the customer's own feedback or for staff of the entity; null when not theirs. */
export async function readFeedbackPhoto(db: DB, who: { tenantId: number; customerId?: number }, photoId: number, dir?: string) {
  let q = db
    .selectFrom("feedback_photo as p")
    .innerJoin("feedback as f", "f.id", "p.feedback_id")
    .select(["p.file_key", "p.file_type", "p.file_name"])
    .where("p.id", "=", photoId)
    .where("f.tenant_id", "=", who.tenantId);
  if (who.customerId !== undefined) q = q.where("f.customer_id", "=", who.customerId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const body = await readContentFile(row.file_key, photoDir(dir));
  return body ? { body, type: row.file_type, name: row.file_name, key: row.file_key } : null;
}

interface StepInput {
  token: string;
  event: FeedbackEvent;
  body: string;
}

const FEEDBACK: RequestKind<"feedback", FeedbackStatus, FeedbackEvent> = {
  table: "feedback",
  noun: "feedback",
  entity: "feedback",
  auditId: (fb) => fb.id,
  next: nextFeedbackStatus,
  refused: (fb) => (fb.status === "closed" ? "feedback:error.closed" : "feedback:error.notAllowed"),
  changed: "feedback:error.changed",
};

/** One step of the table through the request-step engine; staff steps give the dealer a notice and an audit entry. */
async function step(
  db: DB,
  who: { id: number; code: string; tenantId: number; customerId?: number; author: "dealer" | "staff" },
  id: number,
  input: StepInput,
  now: Date,
): Promise<FeedbackResult> {
  const body = input.body.trim();
  const bySupport = input.event !== "message";
  const moved = await takeStep(db, FEEDBACK, {
    scope: { id, tenantId: who.tenantId, customerId: who.customerId },
    event: input.event,
    now,
    posted: async (db, fb) =>
      !!(await db.selectFrom("feedback_message").select("id").where("feedback_id", "=", fb.id).where("submit_token", "=", input.token).executeTakeFirst()),
    validate: () => {
      if (body.length > FEEDBACK_TEXT_MAX) return fail("feedback:error.tooLong", { max: FEEDBACK_TEXT_MAX }, "body");
      if (!body && input.event !== "close") return fail("feedback:error.required", undefined, "body");
      return null;
    },
    set: (_fb, to, stamp) => (to === "closed" ? { closed_at: stamp } : {}),
    record: async (trx, fb, _to, stamp) => {
      const values = { feedback_id: fb.id, user_id: who.id, user_code: who.code, author: who.author, event: input.event, body, submit_token: input.token };
      const msg = await trx
        .insertInto("feedback_message")
        .values({ ...values, created_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      return msg.id;
    },
    notice: (fb) =>
      bySupport
        ? {
            type: "customer_feedback",
            ...noticeTitles(`feedback.${input.event}`, { id: fb.id, no: fb.order_no }),
            body_zh: body.slice(0, 500),
            body_en: body.slice(0, 500),
          }
        : null,
    audit: (_fb, to, message) =>
      bySupport ? { actor: { id: who.id, code: who.code, tenantId: who.tenantId }, after: { status: to, event: input.event, message } } : null,
  });
  return moved.ok ? done(moved.value.row.id, moved.value.already) : moved;
}

/** The dealer writes into the conversation (only while it is not closed). */
export function addDealerMessage(db: DB, actor: DealerActor, id: number, input: { token: string; body: string }, now = new Date()) {
  return step(db, { ...actor, author: "dealer" }, id, { ...input, event: "message" }, now);
}

/** Customer support replies, asks for more information, or closes. */
export function staffStep(db: DB, actor: StaffActor, id: number, input: { token: string; event: "reply" | "ask" | "close"; body: string }, now = new Date()) {
  return step(db, { ...actor, author: "staff" }, id, input, now);
}

export type { FeedbackStatus };
