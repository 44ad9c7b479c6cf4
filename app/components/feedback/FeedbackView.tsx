import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/i18n/format";

interface FeedbackData {
  feedback: {
    id: number;
    order_no: string;
    type: string;
    status: string;
    description: string;
    created_at: string;
    customer_code: string;
    customer_name_zh: string;
    customer_name_en: string;
    user_code: string;
    line_no: number | null;
    ordering_code: string | null;
  };
  messages: { id: number; user_code: string; author: string; event: string; body: string; created_at: string }[];
  photos: { id: number; file_name: string }[];
}

/**
 * One feedback as both sides see it (decision 049): what was filed, the photos, and the
 * conversation; `current` marks the update a notice pointed to. Texts are rendered by React,
 * never as HTML.
 */
export function FeedbackView({
  data,
  photoHref,
  current,
  showCustomer,
}: {
  data: FeedbackData;
  photoHref: (id: number) => string;
  current?: number | null;
  showCustomer?: boolean;
}) {
  const { t, i18n } = useTranslation("feedback");
  const f = data.feedback;
  const en = i18n.language === "en";
  return (
    <>
      <dl className="fb-details" data-testid="feedback-details">
        <dt>{t("field.status")}</dt>
        <dd>
          <span className={`fb-status fb-status-${f.status}`} data-testid="feedback-status">
            {t(`status.${f.status}`)}
          </span>
        </dd>
        {showCustomer ? (
          <>
            <dt>{t("field.dealer")}</dt>
            <dd>
              <span className="code">{f.customer_code}</span> {en ? f.customer_name_en : f.customer_name_zh}
            </dd>
          </>
        ) : null}
        <dt>{t("field.user")}</dt>
        <dd className="code">{f.user_code}</dd>
        <dt>{t("field.orderNo")}</dt>
        <dd className="code">{f.order_no}</dd>
        <dt>{t("field.item")}</dt>
        <dd>{f.line_no ? t("details.line", { lineNo: f.line_no, code: f.ordering_code }) : t("form.wholeOrder")}</dd>
        <dt>{t("field.type")}</dt>
        <dd>{t(`type.${f.type}`)}</dd>
        <dt>{t("field.createdAt")}</dt>
        <dd>{formatDateTime(f.created_at)}</dd>
        <dt>{t("field.description")}</dt>
        <dd data-testid="feedback-description-text">{f.description}</dd>
      </dl>
      {data.photos.length > 0 ? (
        <>
          <h2 className="fb-section-title">{t("field.photos")}</h2>
          <ul className="fb-photos">
            {data.photos.map((p, i) => (
              <li key={p.id}>
                <a href={photoHref(p.id)} target="_blank" rel="noreferrer">
                  <img src={photoHref(p.id)} alt={t("details.photo", { n: i + 1, name: p.file_name })} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 className="fb-section-title">{t("details.conversation")}</h2>
      {data.messages.length === 0 ? <p data-testid="feedback-no-messages">{t("details.none")}</p> : null}
      <ol className="fb-thread" data-testid="feedback-thread">
        {data.messages.map((m) => (
          <li
            key={m.id}
            id={`update-${m.id}`}
            className={`fb-msg fb-msg-${m.author === "staff" ? "staff" : "dealer"}${current === m.id ? " fb-msg-current" : ""}`}
            data-testid="feedback-message"
            data-event={m.event}
            aria-current={current === m.id ? "true" : undefined}
          >
            <div className="fb-msg-head">
              <strong>{m.author === "staff" ? t("details.staff") : t("details.dealer")}</strong>
              <span className="code">{m.user_code}</span>
              <span>{t(`event.${m.event}`)}</span>
              <span>{formatDateTime(m.created_at)}</span>
              {current === m.id ? <span className="fb-status fb-status-open">{t("details.highlight")}</span> : null}
            </div>
            {m.body ? <p className="fb-msg-body">{m.body}</p> : null}
          </li>
        ))}
      </ol>
    </>
  );
}
