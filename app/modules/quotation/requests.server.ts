import type { DB } from "~/db/db.server";
import { removeContentFile, storeContentFile, uploadedFileName } from "~/modules/content/files.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type DomainError, type Result } from "~/modules/result";
import { shopToday as todayIso } from "~/i18n/format";
import { validateAttributes } from "./attributes";
import { checkDrawings, fileDir, type UploadedFile } from "./drawings.server";
import { QUOTE_PREFIX, QUOTE_QTY_MAX, QUOTE_STATUSES, QUOTE_TEXT_MAX, type QuoteStatus } from "./status";
import { offeredToolType, toolTypeOfRequest } from "./tool-types.server";

/**
 * Customized tool quotations (issue 18 item 1, decision 051). A dealer asks for a non-standard
 * tool: a tool type, the values of that type's attributes (checked against the attribute table),
 * quantity, wanted date, workpiece material, drawings and a note. The order desk or customer
 * support of the company entity answers with a price, MOQ, lead time and validity, or asks a
 * question. The dealer accepts (the item goes into his cart at the quoted price), declines or
 * cancels. This file files and reads requests; the steps are in `steps.server.ts`, acceptance in
 * `acceptance.server.ts`, the drawings in `drawings.server.ts`. Every form carries a one-time
 * token, so a double post has one effect. A quotation belongs to the dealer's customer in the
 * entity: everybody of that customer there sees it, nobody else (another customer's is not found).
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

/** The answer of a filed or moved quotation. */
export const quoteDone = (id: number, already?: boolean) => ok(already ? { id, already } : { id });

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
  if (seen) return quoteDone(seen.id, true);
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
    if (again) return quoteDone(again.id, true);
    throw e;
  }
}

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
