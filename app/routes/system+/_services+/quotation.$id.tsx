import { shopToday } from "~/i18n/format";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { QuoteFacts, QuoteFiles, QuoteHistory } from "~/components/quotation/QuoteDetails";
import { IdParam, StaffStepSchema } from "./__quotationAdmin.server";
import { Can } from "~/components/Can";
import { AdminInput, AdminTextarea } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { newSubmitToken } from "~/modules/orders/submit.server";
import { getStaffQuotation, isExpired } from "~/modules/quotation/requests.server";
import { staffQuoteStep } from "~/modules/quotation/steps.server";
import { nextQuoteStatus, QUOTE_CONFLICTS, QUOTE_TEXT_MAX } from "~/modules/quotation/status";
import feedbackCss from "~/styles/feedback.css";
import quotationCss from "~/styles/quotation.css";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["quotation"] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: feedbackCss },
  { rel: "stylesheet", href: quotationCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.quotation");

const quoteId = (raw: string | undefined) => {
  const id = IdParam.safeParse(raw ?? "");
  return id.success ? id.data : notFound();
};

/** One quotation request of the entity (decision 051): quote it (price, MOQ, lead time, validity) or ask the dealer a question. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:quote:view", db);
  const {
    quotation: q,
    attributes,
    messages,
    files,
  } = await notFoundWhenMissing(() => getStaffQuotation(db, { id: user.id, code: user.code, tenantId: user.tenantId }, quoteId(params.id)));
  return {
    quotation: {
      id: q.id,
      quoteNo: q.quote_no,
      status: q.status,
      expired: isExpired(q),
      typeZh: q.type_zh,
      typeEn: q.type_en,
      qty: q.qty,
      wantedDate: q.wanted_date,
      material: q.material,
      note: q.note,
      unitPrice: q.unit_price,
      moq: q.moq,
      leadTimeDays: q.lead_time_days,
      validUntil: q.valid_until,
      orderNo: q.order_no,
      createdAt: q.created_at,
      userCode: q.user_code,
      userName: q.user_name,
      customerCode: q.customer_code,
      customerNameZh: q.customer_name_zh,
      customerNameEn: q.customer_name_en,
    },
    attributes,
    messages,
    files,
    can: { quote: nextQuoteStatus(q.status, "quote") !== null, ask: nextQuoteStatus(q.status, "ask") !== null },
    token: newSubmitToken(),
    today: shopToday(),
    textMax: QUOTE_TEXT_MAX,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:quote:edit", db);
  const id = quoteId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: StaffStepSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { values: { max: QUOTE_TEXT_MAX } });
  const v = submission.value;
  const staff = { id: user.id, code: user.code, tenantId: user.tenantId };
  const r = await notFoundWhenMissing(() =>
    v.intent === "quote"
      ? staffQuoteStep(db, staff, id, {
          token: v.token,
          event: "quote",
          body: v.body,
          unitPrice: v.unitPrice,
          moq: v.moq,
          leadTimeDays: v.leadTimeDays,
          validUntil: v.validUntil,
        })
      : staffQuoteStep(db, staff, id, { token: v.token, event: "ask", body: v.body }),
  );
  // moved since the page was drawn: 409
  if (!r.ok) return replyWithError(request, submission, r.error, { status: QUOTE_CONFLICTS.has(r.error.key) ? 409 : 400 });
  return redirectWithToast(`/system/quotation/${id}`, v.intent === "quote" ? "quotation:flash.quoted" : "quotation:flash.asked");
}

/** What the user typed, kept when the form comes back refused. */
const given = (v: unknown) => (typeof v === "string" ? v : undefined);

export default function QuotationAdmin() {
  const { quotation: q, attributes, messages, files, can, token, today, textMax } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  // the two forms share one reply: each shows it only when it was the one posted
  const posted = (result?.initialValue as { intent?: string } | undefined)?.intent;
  const [quoteForm, quoteFields] = useForm({ id: "quote-give", lastResult: posted === "quote" ? result : undefined });
  const [askForm, askFields] = useForm({ id: "quote-ask", lastResult: posted === "ask" ? result : undefined });
  const { t, i18n } = useTranslation("quotation");
  const en = i18n.language === "en";
  return (
    <div className="admin-page">
      <h1>{t("detailsNamed", { no: q.quoteNo })}</h1>
      <p>
        {t("customer")}: {q.customerCode} {en ? q.customerNameEn : q.customerNameZh}
      </p>
      <QuoteFacts q={q} attributes={attributes} en={en} />
      <h2>{t("drawings")}</h2>
      <QuoteFiles files={files} href={(id) => `/system/quotationFile/${id}`} />
      <Can funcCode="svc:quote:edit">
        <div className="qt-actions">
          {can.quote ? (
            <Form method="post" className="admin-form" data-testid="quote-give" {...getFormProps(quoteForm)}>
              <h2>{t("staff.quoteTitle")}</h2>
              <p className="admin-muted">{t("staff.quoteHint")}</p>
              <FormError errors={quoteForm.errors} id={quoteForm.errorId} />
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="intent" value="quote" />
              <AdminInput
                id="quote-unitPrice"
                label={t("unitPrice")}
                name="unitPrice"
                inputMode="decimal"
                pattern="\d{1,7}(\.\d{1,2})?"
                required
                defaultValue={given(quoteFields.unitPrice.initialValue) ?? (q.unitPrice !== null ? (q.unitPrice / 100).toFixed(2) : "")}
                errors={quoteFields.unitPrice.errors}
              />
              <AdminInput
                id="quote-moq"
                label={t("moq")}
                name="moq"
                type="number"
                min={1}
                max={100000}
                required
                defaultValue={given(quoteFields.moq.initialValue) ?? q.moq ?? q.qty}
                errors={quoteFields.moq.errors}
              />
              <AdminInput
                id="quote-leadTimeDays"
                label={t("leadTime")}
                name="leadTimeDays"
                type="number"
                min={1}
                max={365}
                required
                defaultValue={given(quoteFields.leadTimeDays.initialValue) ?? q.leadTimeDays ?? ""}
                errors={quoteFields.leadTimeDays.errors}
              />
              <AdminInput
                id="quote-validUntil"
                label={t("validUntil")}
                name="validUntil"
                type="date"
                min={today}
                required
                defaultValue={given(quoteFields.validUntil.initialValue) ?? (q.validUntil && q.validUntil >= today ? q.validUntil : "")}
                errors={quoteFields.validUntil.errors}
              />
              <AdminTextarea
                id="quote-body"
                label={t("staff.quoteNote")}
                name="body"
                rows={2}
                maxLength={textMax}
                defaultValue={given(quoteFields.body.initialValue)}
                errors={quoteFields.body.errors}
                wide
              />
              <div className="admin-form-actions">
                <button type="submit" className="btn">
                  {t("staff.sendQuote")}
                </button>
              </div>
            </Form>
          ) : null}
          {can.ask ? (
            <Form method="post" className="admin-form" data-testid="quote-ask" {...getFormProps(askForm)}>
              <h2>{t("staff.askTitle")}</h2>
              <FormError errors={askForm.errors} id={askForm.errorId} />
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="intent" value="ask" />
              <AdminTextarea
                id="ask-body"
                label={t("staff.question")}
                name="body"
                rows={3}
                maxLength={textMax}
                required
                defaultValue={given(askFields.body.initialValue)}
                errors={askFields.body.errors}
                wide
              />
              <div className="admin-form-actions">
                <button type="submit" className="btn btn-outline">
                  {t("staff.ask")}
                </button>
              </div>
            </Form>
          ) : null}
          {!can.quote && !can.ask ? <p className="admin-muted">{t("staff.noAction")}</p> : null}
        </div>
      </Can>
      <h2>{t("history")}</h2>
      <QuoteHistory messages={messages} />
      <p>
        <Link to="/system/quotation">{t("back")}</Link>
      </p>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
