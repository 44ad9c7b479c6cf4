import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { DealerListPage, OrderingCodeLines, postedText, SubmitOrCancel } from "~/components/support/DealerParts";
import { ReservationLinesTable, ReservationUsesTable, type ReservationLine } from "~/components/support/LineTables";
import { ReservationStatus } from "~/components/support/StatusTags";
import { ReservationOutcome, SupportError } from "~/components/support/SupportFacts";
import { formatDateTime } from "~/i18n/format";

/** The dealer's stock-reservation pages (备库, decision 052): Chinese only like the other customer-support pages. */
const PATH = "/customerSupport/standbyLibrary";

interface ListRow {
  id: number;
  reservation_no: string;
  status: string;
  end_customer: string;
  project: string;
  starts_on: string;
  ends_on: string;
  lines: { code: string; qty: number; approved: number; ordered: number; remaining: number }[];
}

export function ReservationList({ rows, page, total, pageSize }: { rows: ListRow[]; page: number; total: number; pageSize: number }) {
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <DealerListPage
      title={t("reserve.title")}
      intro={t("reserve.intro")}
      newLabel={t("reserve.new")}
      newTo={`${PATH}/new`}
      newTestId="reserve-new"
      listTitle={t("reserve.list")}
      emptyNote={rows.length === 0 ? t("reserve.empty") : null}
      tableLabel={t("reserve.table")}
      paging={{ page, total, pageSize }}
    >
      <table className="data-table" data-testid="reserve-list">
        <thead>
          <tr>
            <th scope="col">{t("reserve.reservationNo")}</th>
            <th scope="col">{t("reserve.project")}</th>
            <th scope="col">{t("reserve.period")}</th>
            <th scope="col">{t("reserve.lines")}</th>
            <th scope="col">{t("reserve.status")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <Link to={`${PATH}/${r.id}`}>{r.reservation_no}</Link>
              </td>
              <td>
                {r.project}
                <br />
                <span className="admin-muted">{r.end_customer}</span>
              </td>
              <td>{t("reserve.periodValue", { from: r.starts_on, to: r.ends_on })}</td>
              <td>
                {r.lines.map((l) => (
                  <div key={l.code}>
                    {l.code} ×{" "}
                    {r.status === "submitted" || r.status === "refused" || r.status === "withdrawn"
                      ? l.qty
                      : `${l.approved}（${t("reserve.orderedQty")} ${l.ordered}，${t("reserve.remaining")} ${l.remaining}）`}
                  </div>
                ))}
              </td>
              <td>
                <ReservationStatus status={r.status} testId="reserve-status" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </DealerListPage>
  );
}

export function ReservationNew({ token, maxLines, errors, initial }: { token: string; maxLines: number; errors: string[]; initial?: Record<string, unknown> }) {
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <h1 className="auth-title">{t("reserve.new")}</h1>
      <SupportError error={errors[0]} />
      <Form method="post" className="support-form card" data-testid="reserve-form">
        <input type="hidden" name="token" value={token} />
        <label>
          {t("reserve.endCustomer")}
          <input name="endCustomer" defaultValue={postedText(initial?.endCustomer)} required maxLength={200} />
        </label>
        <label>
          {t("reserve.project")}
          <input name="project" defaultValue={postedText(initial?.project)} required maxLength={200} />
        </label>
        <div className="support-period">
          <label>
            {t("reserve.startsOn")}
            <input name="startsOn" type="date" defaultValue={postedText(initial?.startsOn)} required />
          </label>
          <label>
            {t("reserve.endsOn")}
            <input name="endsOn" type="date" defaultValue={postedText(initial?.endsOn)} required />
          </label>
        </div>
        <OrderingCodeLines
          count={maxLines}
          posted={initial?.lines}
          maxQty={100000}
          legend={t("reserve.lines")}
          hint={t("reserve.linesHint")}
          qtyLabel={t("reserve.qty")}
        />
        <label>
          {t("reserve.remark")}
          <textarea name="remark" defaultValue={postedText(initial?.remark)} maxLength={1000} rows={2} placeholder={t("reserve.remarkHint")} />
        </label>
        <SubmitOrCancel submit={t("reserve.submit")} cancelTo={PATH} />
      </Form>
    </section>
  );
}

export interface ReservationView {
  no: string;
  status: string;
  endCustomer: string;
  project: string;
  startsOn: string;
  endsOn: string;
  remark: string | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  releasedAt: string | null;
  releaseCause: string | null;
  userCode: string;
  userName: string;
  lines: ReservationLine[];
  uses: { code: string; orderNo: string; qty: number; at: string }[];
}

export function ReservationDetail({ reservation: r, errors }: { reservation: ReservationView; errors: string[] }) {
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <h1 className="auth-title">{t("reserve.detailsNamed", { no: r.no })}</h1>
      <SupportError error={errors[0]} />
      <dl className="support-facts card" data-testid="reserve-detail">
        <dt>{t("reserve.status")}</dt>
        <dd>
          <ReservationStatus status={r.status} testId="reserve-status" />
        </dd>
        <dt>{t("reserve.project")}</dt>
        <dd>{r.project}</dd>
        <dt>{t("reserve.endCustomer")}</dt>
        <dd>{r.endCustomer}</dd>
        <dt>{t("reserve.period")}</dt>
        <dd>{t("reserve.periodValue", { from: r.startsOn, to: r.endsOn })}</dd>
        <dt>{t("request.applicant")}</dt>
        <dd>
          {r.userName}（{r.userCode}）· {formatDateTime(r.createdAt)}
        </dd>
        <ReservationOutcome remark={r.remark} decidedAt={r.decidedAt} reason={r.reason} releasedAt={r.releasedAt} releaseCause={r.releaseCause} />
      </dl>
      <ReservationLinesTable lines={r.lines} decided={r.status !== "submitted" && r.status !== "withdrawn"} />
      <ReservationUsesTable uses={r.uses} orderHref={(no) => `/order/orderDetails?orderNo=${encodeURIComponent(no)}`} />
      {r.status === "submitted" || r.status === "approved" ? (
        <Form method="post" className="support-form card" data-testid="reserve-dealer-action">
          <input type="hidden" name="intent" value={r.status === "submitted" ? "withdraw" : "release"} />
          {r.status === "approved" ? <p className="admin-muted">{t("reserve.releaseHint")}</p> : null}
          <div className="row-actions">
            <button type="submit" className="btn btn-outline">
              {t(r.status === "submitted" ? "reserve.withdraw" : "reserve.release")}
            </button>
          </div>
        </Form>
      ) : null}
      <p>
        <Link to={PATH}>{t("reserve.back")}</Link>
      </p>
    </section>
  );
}
