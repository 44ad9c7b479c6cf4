import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import type { SessionUser } from "~/modules/auth/sessions.server";
import { newSubmitToken } from "~/modules/orders/submit.server";
import { acceptQty, acceptQuotation } from "~/modules/quotation/acceptance.server";
import { createQuotation, getDealerQuotation, isExpired, listDealerQuotations } from "~/modules/quotation/requests.server";
import { dealerQuoteStep } from "~/modules/quotation/steps.server";
import { QUOTE_CONFLICTS, QUOTE_FILE_MAX_BYTES, QUOTE_FILES_MAX, QUOTE_QTY_MAX, QUOTE_TEXT_MAX, nextQuoteStatus } from "~/modules/quotation/status";
import { TOOL_TYPE_CODE } from "~/modules/quotation/tool-type-rules";
import { listToolTypes } from "~/modules/quotation/tool-types.server";
import { redirectWithToast, replyInvalid, replyUnreadable, replyWithError, replyWithErrors } from "~/utils/reply.server";
import { readUploadForm } from "~/utils/upload.server";
import { readFormData } from "~/utils/form.server";
import { hasPermission, notFound, notFoundWhenMissing, requirePermission } from "~/utils/guard.server";
import type { SignedInUser } from "~/utils/session.server";

/**
 * The dealer's side of customized tool quotations (decision 051), shared by
 * /technologyService/cutterOffer, /customerSupport/cutterOffer and /technologyService/cutterOfferDetails.
 * Zod stays on the server (decision 041).
 */
const token = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const IdParam = z.coerce.number().int().min(1).max(2_000_000_000);
const MB = QUOTE_FILE_MAX_BYTES / 1024 / 1024;

export const TypeQuerySchema = z.object({ type: z.string().regex(TOOL_TYPE_CODE).optional().catch(undefined) });

export const NewQuotationSchema = z.object({
  token,
  typeId: z.coerce.number({ error: "quotation:error.type" }).int().min(1, "quotation:error.type").max(2_000_000_000),
  attrs: z.record(z.string(), z.string().max(200, "quotation:error.tooLong")).default({}),
  qty: z.coerce.number({ error: "quotation:error.qty" }).int("quotation:error.qty").min(1, "quotation:error.qty").max(QUOTE_QTY_MAX, "quotation:error.qty"),
  wantedDate: z
    .string()
    .regex(/^\d{4}-\d\d-\d\d$/, "quotation:error.wantedDate")
    .optional(),
  material: z.string({ error: "quotation:error.material" }).trim().min(1, "quotation:error.material").max(200, "quotation:error.tooLong"),
  note: z.string().trim().max(QUOTE_TEXT_MAX, "quotation:error.tooLong").default(""),
  files: z.array(z.instanceof(File)).max(10).default([]),
});

export const DealerStepSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("answer"),
    token,
    body: z.string({ error: "quotation:error.answerRequired" }).trim().min(1, "quotation:error.answerRequired").max(QUOTE_TEXT_MAX, "quotation:error.tooLong"),
  }),
  z.object({
    intent: z.literal("accept"),
    token,
    qty: z.coerce.number({ error: "quotation:error.qty" }).int("quotation:error.qty").min(1, "quotation:error.qty").max(QUOTE_QTY_MAX, "quotation:error.qty"),
  }),
  z.object({ intent: z.literal("decline"), token, body: z.string().trim().max(QUOTE_TEXT_MAX, "quotation:error.tooLong").default("") }),
  z.object({ intent: z.literal("cancel"), token, body: z.string().trim().max(QUOTE_TEXT_MAX, "quotation:error.tooLong").default("") }),
]);

const dealerOf = (u: SessionUser) => ({ id: u.id, code: u.code, customerId: u.customerId, tenantId: u.tenantId, canOrder: u.canOrder });

/** The request form (the type chosen by a GET, so it works without JavaScript) and the customer's requests. */
export async function quotationPageLoader(request: Request, user: SessionUser) {
  const db = getDb();
  const q = TypeQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [types, requests] = await Promise.all([listToolTypes(db), listDealerQuotations(db, dealerOf(user))]);
  const chosen = types.find((t) => t.code === q.type) ?? null;
  return {
    types: types.map((t) => ({ id: t.id, code: t.code, nameZh: t.nameZh, nameEn: t.nameEn })),
    chosen,
    requests,
    token: newSubmitToken(),
    maxFiles: QUOTE_FILES_MAX,
    mb: MB,
    textMax: QUOTE_TEXT_MAX,
    qtyMax: QUOTE_QTY_MAX,
  };
}

/** Files a request (multipart: the drawings); back to the form with the reasons, or on to its details page. */
export async function quotationPageAction(request: Request, user: SessionUser) {
  const read = await readUploadForm(request, { fileBytes: QUOTE_FILE_MAX_BYTES, files: QUOTE_FILES_MAX });
  if (!read.ok)
    return replyUnreadable(
      request,
      read.error === "tooBig" ? { key: "quotation:error.fileTooBig", values: { mb: MB } } : { key: "quotation:error.unreadable" },
      read.status,
    );
  const submission = parseWithZod(read.form, { schema: NewQuotationSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { values: { max: QUOTE_QTY_MAX } });
  const v = submission.value;
  const files = await Promise.all(v.files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
  const r = await createQuotation(getDb(), dealerOf(user), {
    token: v.token,
    typeId: v.typeId,
    attributes: v.attrs,
    qty: v.qty,
    wantedDate: v.wantedDate ?? null,
    material: v.material,
    note: v.note,
    files,
  });
  // the request's own error on its field or above the form, each attribute's error beside it; a drawing too large: 413
  if (!r.ok)
    return replyWithErrors(request, submission, [r.error, ...(r.attributeErrors ?? [])], { status: r.error.key === "quotation:error.fileTooBig" ? 413 : 400 });
  return redirectWithToast(`/technologyService/cutterOfferDetails?id=${r.value.id}`, "quotation:flash.filed");
}

const quotationId = (request: Request) => {
  const raw = new URL(request.url).searchParams.get("id");
  // the spec's address without an id: the customer's requests
  if (raw === null) throw redirect("/technologyService/cutterOffer");
  const id = IdParam.safeParse(raw);
  return id.success ? id.data : notFound();
};

/** One quotation of the customer: details, drawings, history, and the forms its state allows. */
export async function detailsLoader(request: Request, user: SignedInUser) {
  const db = getDb();
  const id = quotationId(request);
  const { quotation: q, attributes, messages, files } = await notFoundWhenMissing(() => getDealerQuotation(db, dealerOf(user), id));
  const inCart = q.product_id
    ? !!(await db
        .selectFrom("cart_item")
        .select("id")
        .where("product_id", "=", q.product_id)
        .where("user_id", "=", user.id)
        .where("tenant_id", "=", user.tenantId)
        .executeTakeFirst())
    : false;
  const price = user.canSeePrice ? q.unit_price : null;
  const can = (e: "answer" | "accept" | "decline" | "cancel") => nextQuoteStatus(q.status, e) !== null;
  return {
    quotation: {
      id: q.id,
      quoteNo: q.quote_no,
      status: q.status,
      typeZh: q.type_zh,
      typeEn: q.type_en,
      qty: q.qty,
      wantedDate: q.wanted_date,
      material: q.material,
      note: q.note,
      unitPrice: price,
      moq: q.moq,
      leadTimeDays: q.lead_time_days,
      validUntil: q.valid_until,
      orderNo: q.order_no,
      createdAt: q.created_at,
      userCode: q.user_code,
      userName: q.user_name,
      expired: isExpired(q),
      inCart,
    },
    attributes,
    messages: messages.map((m) => ({ ...m, unit_price: user.canSeePrice ? m.unit_price : null })),
    files,
    actions: {
      answer: can("answer"),
      accept: can("accept") && !isExpired(q) && user.canOrder && hasPermission(user, "cart:add"),
      decline: can("decline"),
      cancel: can("cancel"),
    },
    acceptQty: acceptQty(q),
    token: newSubmitToken(),
    textMax: QUOTE_TEXT_MAX,
  };
}

const refusalStatus = (key: string) => (QUOTE_CONFLICTS.has(key) ? 409 : key === "common:errors.noOrderPermission" ? 403 : 400);

const DONE: Record<string, string> = { answer: "answered", accept: "accepted", decline: "declined", cancel: "cancelled" };

export async function detailsAction(request: Request, user: SignedInUser) {
  const db = getDb();
  const id = quotationId(request);
  const submission = parseWithZod(await readFormData(request), { schema: DealerStepSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { values: { max: QUOTE_TEXT_MAX } });
  const v = submission.value;
  // accepting puts the quoted item into the cart
  if (v.intent === "accept") requirePermission(user, "cart:add");
  const dealer = dealerOf(user);
  const r = await notFoundWhenMissing(() =>
    v.intent === "accept"
      ? acceptQuotation(db, dealer, id, { token: v.token, qty: v.qty })
      : dealerQuoteStep(db, dealer, id, { token: v.token, event: v.intent, body: v.body }),
  );
  // moved since the page was drawn, or past its validity: 409; not allowed to order: 403
  if (!r.ok) return replyWithError(request, submission, r.error, { status: refusalStatus(r.error.key) });
  const to = v.intent === "accept" ? "/shopCart" : `/technologyService/cutterOfferDetails?id=${id}`;
  return redirectWithToast(to, `quotation:flash.${DONE[v.intent]}`);
}
