import type { DB } from "~/db/db.server";
import { noticeTexts } from "~/modules/notices/notice-texts.server";
import { fail, type DomainError } from "~/modules/result";
import { shopToday as todayIso } from "~/i18n/format";
import { takeStep, type RequestKind, type RequestRow, type Step } from "~/modules/services/request-steps.server";
import { quoteDone, type QuoteResult, type QuoteStaff } from "./requests.server";
import { nextQuoteStatus, QUOTE_QTY_MAX, QUOTE_TEXT_MAX, type DealerQuoteEvent, type QuoteEvent, type QuoteStatus, type StaffQuoteEvent } from "./status";

/**
 * A quotation's steps (decision 051) through the one request-step engine (decision 062): the order
 * desk quotes or asks, the dealer answers, declines or cancels (acceptance: `acceptance.server.ts`;
 * the order: `orders.server.ts`). Each step writes a message with the form's token (unique per
 * quotation: a double post has one effect) and an audit entry; the order desk's steps also give
 * the dealer a notice.
 */
export type QuoteRow = RequestRow<"quotation">;

export const QUOTATION: RequestKind<"quotation", QuoteStatus, QuoteEvent> = {
  table: "quotation",
  noun: "quotation",
  entity: "quotation",
  auditId: (q) => q.quote_no,
  next: nextQuoteStatus,
  refused: () => "quotation:error.wrongState",
  changed: "quotation:error.changed",
};

export const yuan = (fen: number) => (fen / 100).toFixed(2);

type Terms = Partial<{ unit_price: number; moq: number; lead_time_days: number; valid_until: string }>;

/** The step's message in the quotation's conversation (with the quoted terms); its id. */
export async function addQuoteMessage(
  trx: DB,
  q: { id: number },
  who: { id: number; code: string; author: "dealer" | "staff" },
  m: { event: QuoteEvent; body: string; token: string; terms?: Terms },
  stamp: string,
): Promise<number> {
  const s = m.terms ?? {};
  const terms = { unit_price: s.unit_price ?? null, moq: s.moq ?? null, lead_time_days: s.lead_time_days ?? null, valid_until: s.valid_until ?? null };
  const msg = await trx
    .insertInto("quotation_message")
    .values({
      quotation_id: q.id,
      user_id: who.id,
      user_code: who.code,
      author: who.author,
      event: m.event,
      body: m.body,
      ...terms,
      post_token: m.token,
      created_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return msg.id;
}

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

export interface StepWho {
  id: number;
  code: string;
  tenantId: number;
  customerId?: number;
  author: "dealer" | "staff";
}

/**
 * One step of the table: the message carries the form's token, the audit entry says the terms;
 * `check` refuses after the state allowed the step, `effects` run in the same transaction
 * (acceptance: the cart line).
 */
export async function quoteStep(
  db: DB,
  who: StepWho,
  id: number,
  input: { token: string; event: QuoteEvent; body: string; set?: Terms },
  now: Date,
  check?: (q: QuoteRow) => { ok: false; error: DomainError } | null,
  effects?: Step<"quotation", QuoteStatus, QuoteEvent>["effects"],
): Promise<QuoteResult> {
  const body = input.body.trim();
  const s = input.set ?? {};
  const moved = await takeStep(db, QUOTATION, {
    scope: { id, tenantId: who.tenantId, customerId: who.customerId },
    event: input.event,
    now,
    posted: async (db, q) =>
      !!(await db.selectFrom("quotation_message").select("id").where("quotation_id", "=", q.id).where("post_token", "=", input.token).executeTakeFirst()),
    validate: () => (body.length > QUOTE_TEXT_MAX ? fail("quotation:error.tooLong", { max: QUOTE_TEXT_MAX }, "body") : null),
    check,
    set: (_q, _to, stamp) => ({ ...s, ...(input.event === "quote" ? { quoted_by: who.id, quoted_at: stamp } : {}) }),
    record: (trx, q, _to, stamp) => addQuoteMessage(trx, q, who, { event: input.event, body, token: input.token, terms: s }, stamp),
    effects,
    notice: (q) => {
      if (input.event !== "quote" && input.event !== "ask") return null;
      const values = {
        no: q.quote_no,
        price: s.unit_price !== undefined ? yuan(s.unit_price) : "",
        moq: String(s.moq ?? ""),
        lead: String(s.lead_time_days ?? ""),
        until: s.valid_until ?? "",
        body: body.slice(0, 400),
      };
      return { type: "quotation", ...noticeTexts(`quotation.${input.event}`, values) };
    },
    audit: (_q, to, message) => ({ actor: { id: who.id, code: who.code, tenantId: who.tenantId }, after: { status: to, event: input.event, message, ...s } }),
  });
  return moved.ok ? quoteDone(moved.value.row.id, moved.value.already) : moved;
}

/** The order desk (or customer support) quotes or asks a question. */
export async function staffQuoteStep(db: DB, staff: QuoteStaff, id: number, input: StaffStepInput, now = new Date()): Promise<QuoteResult> {
  if (input.event === "ask") {
    if (!input.body.trim()) return fail("quotation:error.questionRequired", undefined, "body");
    return quoteStep(db, { ...staff, author: "staff" }, id, { token: input.token, event: "ask", body: input.body }, now);
  }
  const { unitPrice, moq, leadTimeDays, validUntil } = input;
  if (!Number.isInteger(unitPrice) || unitPrice! < 1 || unitPrice! > 100_000_000) return fail("quotation:error.price", undefined, "unitPrice");
  if (!Number.isInteger(moq) || moq! < 1 || moq! > QUOTE_QTY_MAX) return fail("quotation:error.moq", undefined, "moq");
  if (!Number.isInteger(leadTimeDays) || leadTimeDays! < 1 || leadTimeDays! > 365) return fail("quotation:error.leadTime", undefined, "leadTimeDays");
  if (!validUntil || !/^\d{4}-\d\d-\d\d$/.test(validUntil) || validUntil < todayIso(now)) return fail("quotation:error.validUntil", undefined, "validUntil");
  return quoteStep(
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
  dealer: Omit<StepWho, "author">,
  id: number,
  input: { token: string; event: Exclude<DealerQuoteEvent, "accept">; body: string },
  now = new Date(),
): Promise<QuoteResult> {
  if (input.event === "answer" && !input.body.trim()) return fail("quotation:error.answerRequired", undefined, "body");
  return quoteStep(db, { ...dealer, author: "dealer" }, id, input, now);
}
