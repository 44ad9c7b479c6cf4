import { formatAmount } from "~/i18n/format";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/i18n/format";

/** One quotation request's parts, shown to the dealer and to staff alike (decision 051). */
export function QuoteStatus({ status, expired }: { status: string; expired?: boolean }) {
  const { t } = useTranslation("quotation");
  return (
    <span className={`qt-status qt-status-${expired ? "expired" : status}`} data-testid="quote-status">
      {expired ? t("expired") : t(`statusLabel.${status}`)}
    </span>
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
              {m.unit_price !== null ? `${t("unitPrice")} ${formatAmount(m.unit_price, { grouped: false })} · ` : ""}
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
export function QuoteFacts({
  q,
  attributes,
  en = false,
}: {
  q: FactsView;
  attributes: { key: string; labelZh: string; labelEn: string; unit: string | null; value: string }[];
  en?: boolean;
}) {
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
              <dd data-testid="quote-price">{formatAmount(q.unitPrice, { grouped: false })}</dd>
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
