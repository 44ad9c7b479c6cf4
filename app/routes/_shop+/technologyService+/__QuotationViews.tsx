import { Form, Link, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { formatDateTime } from "~/i18n/format";

/**
 * The dealer's pages of customized tool quotations (decision 051): the request form with the
 * customer's requests, and one request's details. Chinese only (spec §2): in English the
 * Chinese-only card.
 */
export interface AttributeView {
  key: string;
  labelZh: string;
  labelEn: string;
  kind: "number" | "choice" | "text";
  unit: string | null;
  min: number | null;
  max: number | null;
  choices: string[];
  required: boolean;
}

export interface Reply {
  error: string;
  params?: Record<string, string | number>;
  fields?: Record<string, string>;
  fieldParams?: Record<string, Record<string, string | number>>;
  values?: Record<string, string>;
}

interface ListRow {
  id: number;
  quote_no: string;
  status: string;
  qty: number;
  type_zh: string;
  created_at: string;
  updated_at: string;
  user_code: string;
}

export interface RequestPageData {
  types: { id: number; code: string; nameZh: string; nameEn: string }[];
  chosen: { id: number; code: string; nameZh: string; attributes: AttributeView[] } | null;
  requests: ListRow[];
  token: string;
  maxFiles: number;
  mb: number;
  textMax: number;
  qtyMax: number;
}

const DETAILS = "/technologyService/cutterOfferDetails";

export function QuoteStatus({ status, expired }: { status: string; expired?: boolean }) {
  const { t } = useTranslation("quotation");
  return (
    <span className={`qt-status qt-status-${expired ? "expired" : status}`} data-testid="quote-status">
      {expired ? t("expired") : t(`statusLabel.${status}`)}
    </span>
  );
}

export function QuotationRequestPage({ data, reply }: { data: RequestPageData; reply?: Reply }) {
  const { t, i18n } = useTranslation("quotation");
  const { pathname } = useLocation();
  if (i18n.language === "en") return <ChineseOnly />;
  const { types, chosen, requests, token, maxFiles, mb, textMax, qtyMax } = data;
  const values = reply?.values ?? {};
  const fieldError = (name: string) =>
    reply?.fields?.[name] ? (
      <span className="field-error" id={`${name.replace(".", "-")}-error`}>
        {t(reply.fields[name], reply.fieldParams?.[name] ?? reply.params)}
      </span>
    ) : null;
  const invalid = (name: string) => (reply?.fields?.[name] ? { "aria-invalid": true, "aria-describedby": `${name.replace(".", "-")}-error` } : {});
  return (
    <div className="feedback-page quotation-page">
      <div className="page-head">
        <h1 className="page-title">{t("title")}</h1>
      </div>
      <p className="feedback-intro">{t("intro")}</p>
      {reply?.error ? (
        <p className="message message-error" role="alert" data-testid="quote-error">
          {t(reply.error, reply.params)}
        </p>
      ) : null}
      <section className="card feedback-card" aria-labelledby="quote-new">
        <h2 id="quote-new" className="fb-section-title">
          {t("newRequest")}
        </h2>
        <Form method="get" className="feedback-order-pick">
          <label className="field">
            <span className="required">{t("chooseType")}</span>
            <select name="type" defaultValue={chosen?.code ?? ""} data-testid="quote-type">
              <option value="">{t("choosePlaceholder")}</option>
              {types.map((ty) => (
                <option key={ty.code} value={ty.code}>
                  {ty.nameZh}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-outline" data-testid="quote-pick">
            {t("showFields")}
          </button>
        </Form>
        {!chosen ? <p className="hint">{t("typeHint")}</p> : null}
        {chosen ? (
          // posted to the page with its type, so a refused request comes back with the type's fields
          <Form method="post" action={`${pathname}?type=${chosen.code}`} encType="multipart/form-data" className="feedback-form" data-testid="quote-form">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="typeId" value={chosen.id} />
            <fieldset className="qt-attrs">
              <legend>
                {t("attributes")}：{chosen.nameZh}
              </legend>
              {chosen.attributes.map((a) => {
                const name = `attrs.${a.key}`;
                const label = (
                  <span className={a.required ? "required" : undefined}>
                    {a.labelZh}
                    {a.unit ? `（${a.unit}）` : ""}
                    {a.required ? "" : t("optional")}
                  </span>
                );
                return (
                  <label key={a.key} className="field">
                    {label}
                    {a.kind === "choice" ? (
                      <select name={name} defaultValue={values[name] ?? ""} required={a.required} {...invalid(name)}>
                        <option value="">—</option>
                        {a.choices.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                    ) : a.kind === "number" ? (
                      <input name={name} type="number" step="any" inputMode="decimal" min={a.min ?? undefined} max={a.max ?? undefined} defaultValue={values[name] ?? ""} required={a.required} {...invalid(name)} />
                    ) : (
                      <input name={name} maxLength={100} defaultValue={values[name] ?? ""} required={a.required} {...invalid(name)} />
                    )}
                    {fieldError(name)}
                  </label>
                );
              })}
            </fieldset>
            <div className="qt-row">
              <label className="field">
                <span className="required">{t("qty")}</span>
                <input name="qty" type="number" min={1} max={qtyMax} inputMode="numeric" required defaultValue={values.qty ?? ""} data-testid="quote-qty" {...invalid("qty")} />
                {fieldError("qty")}
              </label>
              <label className="field">
                <span>
                  {t("wantedDate")}
                  {t("optional")}
                </span>
                <input name="wantedDate" type="date" defaultValue={values.wantedDate ?? ""} {...invalid("wantedDate")} />
                {fieldError("wantedDate")}
              </label>
            </div>
            <label className="field">
              <span className="required">{t("material")}</span>
              <input name="material" maxLength={200} required defaultValue={values.material ?? ""} placeholder={t("materialHint")} data-testid="quote-material" {...invalid("material")} />
              {fieldError("material")}
            </label>
            <label className="field">
              <span>
                {t("note")}
                {t("optional")}
              </span>
              <textarea name="note" rows={4} maxLength={textMax} defaultValue={values.note ?? ""} {...invalid("note")} />
              <span className="hint">{t("noteHint", { max: textMax })}</span>
              {fieldError("note")}
            </label>
            <label className="field">
              <span>{t("files")}</span>
              <input type="file" name="files" multiple accept=".pdf,.dxf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg" data-testid="quote-files" {...invalid("files")} />
              <span className="hint">{t("filesHint", { max: maxFiles, mb })}</span>
              {fieldError("files")}
            </label>
            <div>
              <button type="submit" className="btn" data-testid="quote-submit">
                {t("submit")}
              </button>
            </div>
          </Form>
        ) : null}
      </section>
      <h2 className="fb-section-title">{t("myRequests")}</h2>
      {requests.length === 0 ? (
        <p className="card">{t("empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("myRequests")}>
          <table className="data-table" data-testid="quote-list">
            <thead>
              <tr>
                <th scope="col">{t("quoteNo")}</th>
                <th scope="col">{t("type")}</th>
                <th scope="col" className="num">
                  {t("qty")}
                </th>
                <th scope="col">{t("status")}</th>
                <th scope="col">{t("updatedAt")}</th>
                <th scope="col">{t("applicant")}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`${DETAILS}?id=${r.id}`}>{r.quote_no}</Link>
                  </td>
                  <td>{r.type_zh}</td>
                  <td className="num">{r.qty}</td>
                  <td>
                    <QuoteStatus status={r.status} />
                  </td>
                  <td className="fb-nowrap">{formatDateTime(r.updated_at)}</td>
                  <td>{r.user_code}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export interface MessageView {
  id: number;
  user_code: string;
  author: string;
  event: string;
  body: string;
  unit_price: number | null;
  moq: number | null;
  lead_time_days: number | null;
  valid_until: string | null;
  created_at: string;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The conversation: each step with its author, time, text and (for a quote) its terms. */
export function QuoteHistory({ messages }: { messages: MessageView[] }) {
  const { t } = useTranslation("quotation");
  return (
    <ol className="fb-thread" data-testid="quote-history">
      {messages.map((m) => (
        <li key={m.id} className={`fb-msg fb-msg-${m.author === "staff" ? "staff" : "dealer"}`}>
          <div className="fb-msg-head">
            <strong>{t(`event.${m.event}`)}</strong>
            <span>{m.user_code}</span>
            <span>{formatDateTime(m.created_at)}</span>
          </div>
          {m.event === "quote" ? (
            <p className="fb-msg-body" data-testid="quote-terms">
              {m.unit_price !== null ? `${t("unitPrice")} ${yuan(m.unit_price)} · ` : ""}
              {t("moq")} {m.moq} · {t("leadTime")} {m.lead_time_days} · {t("validUntil")} {m.valid_until}
            </p>
          ) : null}
          {m.event === "order" ? (
            <p className="fb-msg-body">{t("dealer.orderedIn", { no: m.body })}</p>
          ) : m.body ? (
            <p className="fb-msg-body">{m.body}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export interface FactsView {
  quoteNo: string;
  status: string;
  expired: boolean;
  typeZh: string;
  typeEn?: string;
  qty: number;
  wantedDate: string | null;
  material: string;
  note: string;
  unitPrice: number | null;
  moq: number | null;
  leadTimeDays: number | null;
  validUntil: string | null;
  orderNo: string | null;
  createdAt: string;
  userCode: string;
  userName: string;
}

/** The request's facts and attributes (dealer and staff pages). */
export function QuoteFacts({ q, attributes, en = false }: { q: FactsView; attributes: { key: string; labelZh: string; labelEn: string; unit: string | null; value: string }[]; en?: boolean }) {
  const { t } = useTranslation("quotation");
  return (
    <dl className="fb-details" data-testid="quote-facts">
      <dt>{t("status")}</dt>
      <dd>
        <QuoteStatus status={q.status} expired={q.expired} />
      </dd>
      <dt>{t("type")}</dt>
      <dd>{en && q.typeEn ? q.typeEn : q.typeZh}</dd>
      {attributes.map((a) => (
        <Fragment key={a.key}>
          <dt>{en ? a.labelEn : a.labelZh}</dt>
          <dd>
            {a.value}
            {a.unit ? ` ${a.unit}` : ""}
          </dd>
        </Fragment>
      ))}
      <dt>{t("qty")}</dt>
      <dd>{q.qty}</dd>
      {q.wantedDate ? (
        <>
          <dt>{t("wantedDate")}</dt>
          <dd>{q.wantedDate}</dd>
        </>
      ) : null}
      <dt>{t("material")}</dt>
      <dd>{q.material}</dd>
      {q.note ? (
        <>
          <dt>{t("note")}</dt>
          <dd>{q.note}</dd>
        </>
      ) : null}
      <dt>{t("applicant")}</dt>
      <dd>
        {q.userName} ({q.userCode})
      </dd>
      <dt>{t("createdAt")}</dt>
      <dd>{formatDateTime(q.createdAt)}</dd>
      {q.moq !== null ? (
        <>
          {q.unitPrice !== null ? (
            <>
              <dt>{t("unitPrice")}</dt>
              <dd data-testid="quote-price">{yuan(q.unitPrice)}</dd>
            </>
          ) : null}
          <dt>{t("moq")}</dt>
          <dd>{q.moq}</dd>
          <dt>{t("leadTime")}</dt>
          <dd>{q.leadTimeDays}</dd>
          <dt>{t("validUntil")}</dt>
          <dd>{q.validUntil}</dd>
        </>
      ) : null}
      {q.orderNo ? (
        <>
          <dt>{t("orderNo")}</dt>
          <dd>{q.orderNo}</dd>
        </>
      ) : null}
    </dl>
  );
}

export function QuoteFiles({ files, href }: { files: { id: number; file_name: string; file_size: number }[]; href: (id: number) => string }) {
  const { t } = useTranslation("quotation");
  if (files.length === 0) return <p className="hint">{t("noDrawings")}</p>;
  return (
    <ul className="qt-files" data-testid="quote-files-list">
      {files.map((f) => (
        <li key={f.id}>
          <a href={href(f.id)}>{f.file_name}</a> <span className="hint">({Math.max(1, Math.round(f.file_size / 1024))} KB)</span>
        </li>
      ))}
    </ul>
  );
}
