import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/i18n/format";
import { RELEASE_CAUSE } from "./labels";

/** The first reason a form post was refused, announced to screen readers (namespace support). */
export function SupportError({ error, values }: { error: string | null | undefined; values?: Record<string, unknown> }) {
  const { t, i18n } = useTranslation("support");
  if (!error) return null;
  // replies from ~/utils/reply.server carry the text already; older answers a "support:x" key
  return (
    <p className="message message-error" role="alert" data-testid="support-error">
      {i18n.exists(error, { ns: "support" }) ? t(error, values) : error}
    </p>
  );
}

/**
 * When a request or reservation was decided and the reason given for a refusal: `<dt>`/`<dd>`
 * pairs of a facts list, each only once there is something to say. Customer support's pages pass
 * `decidedBy`, the deciding staff member's code, and show who decided rather than only when.
 */
export function DecisionFacts({ decidedAt, decidedBy, reason }: { decidedAt: string | null; decidedBy?: string; reason: string | null }) {
  const { t } = useTranslation("support");
  return (
    <>
      {decidedAt ? (
        decidedBy === undefined ? (
          <>
            <dt>{t("request.decidedAt")}</dt>
            <dd>{formatDateTime(decidedAt)}</dd>
          </>
        ) : (
          <>
            <dt>{t("request.decidedBy")}</dt>
            <dd>
              {decidedBy} · {formatDateTime(decidedAt)}
            </dd>
          </>
        )
      ) : null}
      {reason ? (
        <>
          <dt>{t("request.reason")}</dt>
          <dd data-testid="support-reason">{reason}</dd>
        </>
      ) : null}
    </>
  );
}

interface Outcome {
  remark: string | null;
  decidedAt: string | null;
  decidedBy?: string;
  reason: string | null;
  releasedAt: string | null;
  releaseCause: string | null;
}

/** A stock reservation's remark, decision and release (decision 052), as `<dt>`/`<dd>` pairs. */
export function ReservationOutcome({ remark, decidedAt, decidedBy, reason, releasedAt, releaseCause }: Outcome) {
  const { t } = useTranslation("support");
  return (
    <>
      {remark ? (
        <>
          <dt>{t("reserve.remark")}</dt>
          <dd>{remark}</dd>
        </>
      ) : null}
      <DecisionFacts decidedAt={decidedAt} decidedBy={decidedBy} reason={reason} />
      {releasedAt ? (
        <>
          <dt>{t("reserve.releaseCause")}</dt>
          <dd>
            {t(RELEASE_CAUSE[releaseCause ?? ""] ?? "reserve.causeStaff")} · {formatDateTime(releasedAt)}
          </dd>
        </>
      ) : null}
    </>
  );
}
