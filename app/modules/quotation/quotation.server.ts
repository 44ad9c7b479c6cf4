import path from "node:path";
import type { Selectable } from "kysely";
import type { DB } from "~/db/db.server";
import type { QuotationTable } from "~/db/schema";
import { getFixedT } from "~/i18n/i18n.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { checkPermission } from "~/modules/cart/rules";
import {
  contentDir,
  readContentFile,
  removeContentFile,
  sniffFileType,
  storeContentFile,
  uploadedFileName,
  type FileType,
} from "~/modules/content/files.server";
import { NotFoundError } from "~/modules/errors";
import { noticeTexts } from "~/modules/notices/notice-texts.server";
import { fail, ok, type DomainError, type Result } from "~/modules/result";
import { todayIso } from "~/modules/orders/submit.server";
import { attributeSummary, validateAttributes } from "./attributes";
import {
  nextQuoteStatus,
  QUOTE_FILE_MAX_BYTES,
  QUOTE_FILES_MAX,
  QUOTE_PREFIX,
  QUOTE_QTY_MAX,
  QUOTE_STATUSES,
  QUOTE_TEXT_MAX,
  type DealerQuoteEvent,
  type QuoteEvent,
  type QuoteStatus,
  type StaffQuoteEvent,
} from "./status";
import { offeredToolType, toolTypeOfRequest } from "./tool-types.server";

/**
 * Customized tool quotations (issue 18 item 1, decision 051). A dealer asks for a non-standard
 * tool: a tool type, the values of that type's attributes (checked against the attribute table),
 * quantity, wanted date, workpiece material, drawings and a note. The order desk or customer
 * support of the company entity answers with a price, MOQ, lead time and validity, or asks a
 * question. The dealer accepts (the item goes into his cart at the quoted price), declines or
 * cancels. Every change goes through the one table of `status.ts`, in a transaction, from the
 * state it was read in; every form carries a one-time token, so a double post has one effect.
 * A quotation belongs to the dealer's customer in the entity: everybody of that customer there
 * sees it, nobody else (another customer's is not found).
 */
export interface QuoteDealer {
  id: number;
  code: string;
  customerId: number;
  tenantId: number;
}
export interface QuoteStaff {
  id: number;
  code: string;
  tenantId: number;
}

/** The quotation filed or moved (`already`: the same form had been posted before, nothing more was done). */
export type QuoteResult<T = object> = Result<{ id: number; already?: boolean } & T>;

const done = (id: number, already?: boolean) => ok(already ? { id, already } : { id });

export const fileDir = (base = contentDir()) => path.join(base, "quotation");

// ---------------------------------------------------------------- drawings

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const DXF: FileType = { mime: "image/vnd.dxf", ext: "dxf" };

/** A drawing's type from its content: PDF, PNG, JPEG (decision 046's sniffer) or DXF (ASCII or binary); null for anything else. */
export function drawingType(bytes: Uint8Array, name: string): FileType | null {
  const known = sniffFileType(bytes, name);
  if (known) return known.mime === "application/pdf" || known.mime === "image/png" || known.mime === "image/jpeg" ? known : null;
  const head = Buffer.from(bytes.subarray(0, 256)).toString("latin1");
  if (head.startsWith("AutoCAD Binary DXF\r\n\x1a\0")) return DXF;
  // an ASCII DXF opens with group code 0 and SECTION (or a 999 comment first)
  if (/^\s*(999\r?\n[^\n]*\r?\n\s*)?0\r?\n\s*SECTION\r?\n/.test(head)) return DXF;
  return null;
}

/** The drawings' types, or the error (on the `files` field). */
export function checkDrawings(files: UploadedFile[]): Result<FileType[]> {
  const real = files.filter((f) => f.bytes.byteLength > 0);
  if (real.length > QUOTE_FILES_MAX) return fail("quotation:error.tooManyFiles", { max: QUOTE_FILES_MAX }, "files");
  const types: FileType[] = [];
  for (const f of real) {
    if (f.bytes.byteLength > QUOTE_FILE_MAX_BYTES) return fail("quotation:error.fileTooBig", { mb: QUOTE_FILE_MAX_BYTES / 1024 / 1024 }, "files");
    const type = drawingType(f.bytes, f.name);
    if (!type) return fail("quotation:error.fileType", undefined, "files");
    types.push(type);
  }
  return ok(types);
}

// ---------------------------------------------------------------- filing a request

export interface NewQuotation {
  token: string;
  typeId: number;
  attributes: Record<string, string | undefined>;
  qty: number;
  wantedDate?: string | null;
  material: string;
  note: string;
  files: UploadedFile[];
}

const chinaDate = (now: Date) => todayIso(now).slice(2).replaceAll("-", "");
export const formatQuoteNo = (now: Date, id: number) => `${QUOTE_PREFIX}${chinaDate(now)}${String(id).padStart(5, "0")}`;

const byToken = (db: DB, dealer: QuoteDealer, token: string) =>
  db.selectFrom("quotation").select("id").where("user_id", "=", dealer.id).where("post_token", "=", token).executeTakeFirst();

/**
 * A refused request: the error, and when the attributes were wrong, each attribute's error on its
 * field (`attrs.<key>`), so the form shows them all at once.
 */
export type NewQuotationResult = QuoteResult<{ quoteNo?: string }> & { attributeErrors?: DomainError[] };

/** Files a request. The same form posted twice (same token) files it once and answers with the first. */
export async function createQuotation(db: DB, dealer: QuoteDealer, input: NewQuotation, opts: { now?: Date; dir?: string } = {}): Promise<NewQuotationResult> {
  const now = opts.now ?? new Date();
  const dir = fileDir(opts.dir);
  const seen = await byToken(db, dealer, input.token);
  if (seen) return done(seen.id, true);
  const type = await offeredToolType(db, input.typeId);
  if (!type) return fail("quotation:error.type");
  const attrs = validateAttributes(type.attributes, input.attributes);
  if (!attrs.ok)
    return { ...fail("quotation:error.attributes"), attributeErrors: Object.entries(attrs.errors).map(([k, e]) => ({ ...e, field: `attrs.${k}` })) };
  if (!Number.isInteger(input.qty) || input.qty < 1 || input.qty > QUOTE_QTY_MAX) return fail("quotation:error.qty", { max: QUOTE_QTY_MAX }, "qty");
  const today = todayIso(now);
  if (input.wantedDate && (!/^\d{4}-\d\d-\d\d$/.test(input.wantedDate) || input.wantedDate < today))
    return fail("quotation:error.wantedDate", undefined, "wantedDate");
  const material = input.material.trim();
  if (!material) return fail("quotation:error.material", undefined, "material");
  if (material.length > 200) return fail("quotation:error.tooLong", { max: 200 }, "material");
  const note = input.note.trim();
  if (note.length > QUOTE_TEXT_MAX) return fail("quotation:error.tooLong", { max: QUOTE_TEXT_MAX }, "note");
  const checked = checkDrawings(input.files);
  if (!checked.ok) return checked;

  const real = input.files.filter((f) => f.bytes.byteLength > 0);
  const keys: string[] = [];
  try {
    for (const [i, f] of real.entries()) keys.push(await storeContentFile(f.bytes, checked.value[i], dir));
    const stamp = now.toISOString();
    const created = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("quotation")
        .values({
          quote_no: `T${input.token.slice(0, 18)}`,
          tenant_id: dealer.tenantId,
          customer_id: dealer.customerId,
          user_id: dealer.id,
          type_id: type.id,
          attributes: JSON.stringify(attrs.values),
          qty: input.qty,
          wanted_date: input.wantedDate || null,
          material,
          note,
          status: "submitted",
          unit_price: null,
          moq: null,
          lead_time_days: null,
          valid_until: null,
          quoted_by: null,
          quoted_at: null,
          product_id: null,
          order_no: null,
          post_token: input.token,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const quoteNo = formatQuoteNo(now, id);
      await trx.updateTable("quotation").set({ quote_no: quoteNo }).where("id", "=", id).execute();
      for (const [i, f] of real.entries()) {
        await trx
          .insertInto("quotation_file")
          .values({
            quotation_id: id,
            file_key: keys[i],
            file_type: checked.value[i].mime,
            file_size: f.bytes.byteLength,
            file_name: uploadedFileName(f.name, "drawing"),
          })
          .execute();
      }
      await trx
        .insertInto("quotation_message")
        .values({
          quotation_id: id,
          user_id: dealer.id,
          user_code: dealer.code,
          author: "dealer",
          event: "submit",
          body: note,
          unit_price: null,
          moq: null,
          lead_time_days: null,
          valid_until: null,
          post_token: input.token,
          created_at: stamp,
        })
        .execute();
      return { id, quoteNo };
    });
    return ok({ id: created.id, quoteNo: created.quoteNo });
  } catch (e) {
    for (const k of keys) await removeContentFile(k, dir);
    // the same form posted twice at once: the unique (user, token) index let one through
    const again = await byToken(db, dealer, input.token);
    if (again) return done(again.id, true);
    throw e;
  }
}

// ---------------------------------------------------------------- reading

const base = (db: DB) =>
  db
    .selectFrom("quotation as q")
    .innerJoin("quote_tool_type as t", "t.id", "q.type_id")
    .innerJoin("customer as c", "c.id", "q.customer_id")
    .innerJoin("app_user as u", "u.id", "q.user_id");

const listColumns = [
  "q.id",
  "q.quote_no",
  "q.status",
  "q.qty",
  "q.unit_price",
  "q.moq",
  "q.lead_time_days",
  "q.valid_until",
  "q.created_at",
  "q.updated_at",
  "q.order_no",
  "t.name_zh as type_zh",
  "t.name_en as type_en",
  "c.code as customer_code",
  "c.name_zh as customer_name_zh",
  "c.name_en as customer_name_en",
  "u.code as user_code",
] as const;

/** The customer's quotations in the entity, newest change first. */
export async function listDealerQuotations(db: DB, dealer: QuoteDealer) {
  return base(db)
    .select([...listColumns])
    .where("q.tenant_id", "=", dealer.tenantId)
    .where("q.customer_id", "=", dealer.customerId)
    .orderBy("q.updated_at", "desc")
    .orderBy("q.id", "desc")
    .limit(200)
    .execute();
}

export interface StaffQuoteFilter {
  status?: string;
}

/** The entity's quotations; by default the open ones (waiting for an answer) first. */
export async function listStaffQuotations(db: DB, staff: QuoteStaff, f: StaffQuoteFilter) {
  let q = base(db)
    .select([...listColumns])
    .where("q.tenant_id", "=", staff.tenantId);
  if (f.status && (QUOTE_STATUSES as readonly string[]).includes(f.status)) q = q.where("q.status", "=", f.status);
  return q
    .orderBy((eb) => eb.case().when("q.status", "=", "submitted").then(0).else(1).end())
    .orderBy("q.updated_at", "desc")
    .orderBy("q.id", "desc")
    .limit(200)
    .execute();
}

async function load(db: DB, where: { id: number; tenantId: number; customerId?: number }) {
  let q = base(db)
    .select([
      ...listColumns,
      "q.type_id",
      "q.attributes",
      "q.wanted_date",
      "q.material",
      "q.note",
      "q.user_id",
      "q.tenant_id",
      "q.customer_id",
      "q.product_id",
      "q.quoted_at",
      "u.name as user_name",
    ])
    .where("q.id", "=", where.id)
    .where("q.tenant_id", "=", where.tenantId);
  if (where.customerId !== undefined) q = q.where("q.customer_id", "=", where.customerId);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError("quotation");
  const [type, messages, files] = await Promise.all([
    toolTypeOfRequest(db, row.type_id),
    db
      .selectFrom("quotation_message")
      .select(["id", "user_code", "author", "event", "body", "unit_price", "moq", "lead_time_days", "valid_until", "created_at"])
      .where("quotation_id", "=", row.id)
      .orderBy("id")
      .execute(),
    db.selectFrom("quotation_file").select(["id", "file_name", "file_type", "file_size"]).where("quotation_id", "=", row.id).orderBy("id").execute(),
  ]);
  const values = JSON.parse(row.attributes) as Record<string, string>;
  const attributes = (type?.attributes ?? [])
    .filter((d) => values[d.key] !== undefined)
    .map((d) => ({ key: d.key, labelZh: d.labelZh, labelEn: d.labelEn, unit: d.unit, value: values[d.key] }));
  return { quotation: { ...row, status: row.status as QuoteStatus }, attributes, messages, files };
}

/** One quotation of the customer (NotFoundError for anyone else's). */
export const getDealerQuotation = (db: DB, dealer: QuoteDealer, id: number) => load(db, { id, tenantId: dealer.tenantId, customerId: dealer.customerId });
/** One quotation of the staff member's entity (NotFoundError for another entity's). */
export const getStaffQuotation = (db: DB, staff: QuoteStaff, id: number) => load(db, { id, tenantId: staff.tenantId });

/** Past its validity (China date): it can no longer be accepted. */
export const isExpired = (q: { status: string; valid_until: string | null }, now = new Date()) =>
  q.status === "quoted" && !!q.valid_until && q.valid_until < todayIso(now);

/** A drawing's bytes, for the customer's own quotation or for staff of the entity; null when not theirs. */
export async function readQuotationFile(db: DB, who: { tenantId: number; customerId?: number }, fileId: number, dir?: string) {
  let q = db
    .selectFrom("quotation_file as f")
    .innerJoin("quotation as q", "q.id", "f.quotation_id")
    .select(["f.file_key", "f.file_type", "f.file_name"])
    .where("f.id", "=", fileId)
    .where("q.tenant_id", "=", who.tenantId);
  if (who.customerId !== undefined) q = q.where("q.customer_id", "=", who.customerId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const body = await readContentFile(row.file_key, fileDir(dir));
  return body ? { body, type: row.file_type, name: row.file_name } : null;
}

// ---------------------------------------------------------------- steps

export const yuan = (fen: number) => (fen / 100).toFixed(2);

export interface StaffStepInput {
  token: string;
  event: StaffQuoteEvent;
  body: string;
  /** quote: unit price in fen (tax included), MOQ, lead time in days, valid until (China date) */
  unitPrice?: number;
  moq?: number;
  leadTimeDays?: number;
  validUntil?: string;
}

interface StepWho {
  id: number;
  code: string;
  tenantId: number;
  customerId?: number;
  author: "dealer" | "staff";
}

/**
 * One step of the table, in a transaction: the status moves only from the state it was read in
 * (a racing twin finds it changed), the message carries the form's token (unique per quotation:
 * a double post has one effect), the audit entry and, for the order desk's steps, the dealer's
 * notice are written with it. `extra` runs inside the same transaction (acceptance: the cart line).
 */
async function step(
  db: DB,
  who: StepWho,
  id: number,
  input: { token: string; event: QuoteEvent; body: string; set?: Partial<{ unit_price: number; moq: number; lead_time_days: number; valid_until: string }> },
  now: Date,
  check?: (q: { status: string; valid_until: string | null; moq: number | null }) => { ok: false; error: DomainError } | null,
  extra?: (trx: DB, q: QuoteRow) => Promise<void>,
): Promise<QuoteResult> {
  let sel = db.selectFrom("quotation").selectAll().where("id", "=", id).where("tenant_id", "=", who.tenantId);
  if (who.customerId !== undefined) sel = sel.where("customer_id", "=", who.customerId);
  const q = await sel.executeTakeFirst();
  if (!q) throw new NotFoundError("quotation");
  const posted = () =>
    db.selectFrom("quotation_message").select("id").where("quotation_id", "=", q.id).where("post_token", "=", input.token).executeTakeFirst();
  if (await posted()) return done(q.id, true);
  const body = input.body.trim();
  if (body.length > QUOTE_TEXT_MAX) return fail("quotation:error.tooLong", { max: QUOTE_TEXT_MAX }, "body");
  const to = nextQuoteStatus(q.status, input.event);
  if (!to) return fail("quotation:error.wrongState");
  const refused = check?.(q);
  if (refused) return refused;
  const stamp = now.toISOString();
  try {
    const moved = await db.transaction().execute(async (trx) => {
      const upd = await trx
        .updateTable("quotation")
        .set({ status: to, updated_at: stamp, ...(input.set ?? {}), ...(input.event === "quote" ? { quoted_by: who.id, quoted_at: stamp } : {}) })
        .where("id", "=", q.id)
        .where("status", "=", q.status) // nobody moved it meanwhile
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) !== 1) return false;
      const s = input.set ?? {};
      const msg = await trx
        .insertInto("quotation_message")
        .values({
          quotation_id: q.id,
          user_id: who.id,
          user_code: who.code,
          author: who.author,
          event: input.event,
          body,
          unit_price: s.unit_price ?? null,
          moq: s.moq ?? null,
          lead_time_days: s.lead_time_days ?? null,
          valid_until: s.valid_until ?? null,
          post_token: input.token,
          created_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (extra) await extra(trx, q);
      if (input.event === "quote" || input.event === "ask") {
        const values = {
          no: q.quote_no,
          price: s.unit_price !== undefined ? yuan(s.unit_price) : "",
          moq: String(s.moq ?? ""),
          lead: String(s.lead_time_days ?? ""),
          until: s.valid_until ?? "",
          body: body.slice(0, 400),
        };
        await trx
          .insertInto("notice")
          .values({
            user_id: q.user_id,
            tenant_id: q.tenant_id,
            type: "quotation",
            ...noticeTexts(`quotation.${input.event}`, values),
            detail_id: q.id,
            order_no: null,
            is_read: 0,
            created_at: stamp,
          })
          .execute();
      }
      await recordAudit(
        trx,
        { id: who.id, code: who.code, tenantId: who.tenantId },
        {
          action: "update",
          entity: "quotation",
          entityId: q.quote_no,
          before: { status: q.status },
          after: { status: to, event: input.event, message: msg.id, ...s },
        },
        now,
      );
      return true;
    });
    if (!moved) {
      if (await posted()) return done(q.id, true);
      return fail("quotation:error.changed");
    }
    return done(q.id);
  } catch (e) {
    if (await posted()) return done(q.id, true);
    if (e instanceof StepAbort) return fail(e.key);
    throw e;
  }
}

type QuoteRow = Selectable<QuotationTable>;

class StepAbort extends Error {
  constructor(public readonly key: string) {
    super(key);
  }
}

/** The order desk (or customer support) quotes or asks a question. */
export async function staffQuoteStep(db: DB, staff: QuoteStaff, id: number, input: StaffStepInput, now = new Date()): Promise<QuoteResult> {
  if (input.event === "ask") {
    if (!input.body.trim()) return fail("quotation:error.questionRequired", undefined, "body");
    return step(db, { ...staff, author: "staff" }, id, { token: input.token, event: "ask", body: input.body }, now);
  }
  const { unitPrice, moq, leadTimeDays, validUntil } = input;
  if (!Number.isInteger(unitPrice) || unitPrice! < 1 || unitPrice! > 100_000_000) return fail("quotation:error.price", undefined, "unitPrice");
  if (!Number.isInteger(moq) || moq! < 1 || moq! > QUOTE_QTY_MAX) return fail("quotation:error.moq", undefined, "moq");
  if (!Number.isInteger(leadTimeDays) || leadTimeDays! < 1 || leadTimeDays! > 365) return fail("quotation:error.leadTime", undefined, "leadTimeDays");
  if (!validUntil || !/^\d{4}-\d\d-\d\d$/.test(validUntil) || validUntil < todayIso(now)) return fail("quotation:error.validUntil", undefined, "validUntil");
  return step(
    db,
    { ...staff, author: "staff" },
    id,
    {
      token: input.token,
      event: "quote",
      body: input.body,
      set: { unit_price: unitPrice!, moq: moq!, lead_time_days: leadTimeDays!, valid_until: validUntil },
    },
    now,
  );
}

/** The dealer answers a question, declines the quote or cancels the request. */
export async function dealerQuoteStep(
  db: DB,
  dealer: QuoteDealer,
  id: number,
  input: { token: string; event: Exclude<DealerQuoteEvent, "accept">; body: string },
  now = new Date(),
): Promise<QuoteResult> {
  if (input.event === "answer" && !input.body.trim()) return fail("quotation:error.answerRequired", undefined, "body");
  return step(db, { ...dealer, author: "dealer" }, id, input, now);
}

export interface AcceptActor extends QuoteDealer {
  canOrder: boolean;
}

/**
 * The dealer accepts a valid quote: in one transaction the quotation becomes accepted, the
 * customer's private non-standard item is created (never listed or found in the catalogue: status
 * `custom`) and goes into the accepting user's cart with the chosen quantity (at least the MOQ). Its
 * price comes from the quotation whenever the cart or the order reads it (quotedOffers).
 */
export async function acceptQuotation(db: DB, dealer: AcceptActor, id: number, input: { token: string; qty: number }, now = new Date()): Promise<QuoteResult> {
  const perm = checkPermission(dealer);
  if (perm) return fail(perm.key);
  return step(
    db,
    { ...dealer, author: "dealer" },
    id,
    { token: input.token, event: "accept", body: "" },
    now,
    (q) => {
      if (isExpired(q, now)) return fail("quotation:error.expired");
      if (!Number.isInteger(input.qty) || input.qty < (q.moq ?? 1) || input.qty > QUOTE_QTY_MAX)
        return fail("quotation:error.belowMoq", { moq: q.moq ?? 1 }, "qty");
      return null;
    },
    async (trx, q) => {
      const type = await toolTypeOfRequest(trx, q.type_id);
      const values = JSON.parse(q.attributes) as Record<string, string>;
      const stamp = now.toISOString();
      const { id: productId } = await trx
        .insertInto("product")
        .values({
          ordering_code: q.quote_no,
          search_code: q.quote_no,
          catalogue_code: "",
          kind: `custom_${type?.code ?? "tool"}`.slice(0, 30),
          name_zh: getFixedT("zh", "quotation")("lineNames.quoted", {
            type: type?.nameZh ?? getFixedT("zh", "quotation")("lineNames.customizedTool"),
            no: q.quote_no,
          }),
          name_en: getFixedT("en", "quotation")("lineNames.quoted", {
            type: type?.nameEn ?? getFixedT("en", "quotation")("lineNames.customizedTool"),
            no: q.quote_no,
          }),
          specification: attributeSummary(type?.attributes ?? [], values, "zh").slice(0, 300),
          grade: null,
          iso_shape: null,
          iso_size: null,
          nose_radius: null,
          chip_breaker: null,
          material_groups: "",
          fit_key: null,
          is_new: 0,
          is_hot: 0,
          attributes: JSON.stringify({ quotation: q.quote_no, ...values }),
          unit: "pc",
          mpq: 1,
          moq: q.moq ?? 1,
          list_price: null,
          status: "custom",
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const linked = await trx
        .updateTable("quotation")
        .set({ product_id: productId })
        .where("id", "=", q.id)
        .where("product_id", "is", null)
        .executeTakeFirst();
      if (Number(linked.numUpdatedRows) !== 1) throw new StepAbort("quotation:error.changed");
      await trx
        .insertInto("cart_item")
        .values({
          tenant_id: dealer.tenantId,
          customer_id: dealer.customerId,
          user_id: dealer.id,
          product_id: productId,
          qty: input.qty,
          selected: 1,
          promotion_item_id: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    },
  );
}

/** The default quantity offered on acceptance: what was asked for, at least the MOQ. */
export const acceptQty = (q: { qty: number; moq: number | null }) => Math.max(q.qty, q.moq ?? 1);
