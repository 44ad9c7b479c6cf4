import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { Pager } from "~/components/Pager";
import { formatDateTime } from "~/i18n/format";

/** The dealer's stock-reservation pages (备库, decision 052): Chinese only like the other customer-support pages. */
const PATH = "/customerSupport/standbyLibrary";
const RESERVATION_STATUS: Record<string, string> = {
  submitted: "reserve.statusSubmitted",
  approved: "reserve.statusApproved",
  refused: "reserve.statusRefused",
  withdrawn: "reserve.statusWithdrawn",
  released: "reserve.statusReleased",
};
const RELEASE_CAUSE: Record<string, string> = { staff: "reserve.causeStaff", dealer: "reserve.causeDealer", expired: "reserve.causeExpired" };

export function ReservationStatus({ status }: { status: string }) {
  const { t } = useTranslation("support");
  return (
    <span className={`support-status support-status-${status}`} data-testid="reserve-status">
      {t(RESERVATION_STATUS[status] ?? status)}
    </span>
  );
}

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
    <section className="support-page">
      <div className="page-head">
        <h1 className="auth-title">{t("reserve.title")}</h1>
        <Link to={`${PATH}/new`} className="btn btn-lg" data-testid="reserve-new">
          {t("reserve.new")}
        </Link>
      </div>
      <p>{t("reserve.intro")}</p>
      <h2>{t("reserve.list")}</h2>
      {rows.length === 0 ? (
        <p className="card empty-note">{t("reserve.empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("reserve.table")}>
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
                        {l.code} × {r.status === "submitted" || r.status === "refused" || r.status === "withdrawn" ? l.qty : `${l.approved}（${t("reserve.orderedQty")} ${l.ordered}，${t("reserve.remaining")} ${l.remaining}）`}
                      </div>
                    ))}
                  </td>
                  <td>
                    <ReservationStatus status={r.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </section>
  );
}

export function ReservationNew({ token, maxLines, errors, initial }: { token: string; maxLines: number; errors: string[]; initial?: Record<string, unknown> }) {
  const str = (x: unknown) => (typeof x === "string" ? x : undefined);
  const lines = Array.isArray(initial?.lines) ? (initial.lines as Record<string, unknown>[]) : [];
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <h1 className="auth-title">{t("reserve.new")}</h1>
      {errors.length ? (
        <p className="message message-error" role="alert" data-testid="support-error">
          {t(errors[0])}
        </p>
      ) : null}
      <Form method="post" className="support-form card" data-testid="reserve-form">
        <input type="hidden" name="token" value={token} />
        <label>
          {t("reserve.endCustomer")}
          <input name="endCustomer" defaultValue={str(initial?.endCustomer)} required maxLength={200} />
        </label>
        <label>
          {t("reserve.project")}
          <input name="project" defaultValue={str(initial?.project)} required maxLength={200} />
        </label>
        <div className="support-period">
          <label>
            {t("reserve.startsOn")}
            <input name="startsOn" type="date" defaultValue={str(initial?.startsOn)} required />
          </label>
          <label>
            {t("reserve.endsOn")}
            <input name="endsOn" type="date" defaultValue={str(initial?.endsOn)} required />
          </label>
        </div>
        <fieldset className="support-lines">
          <legend>{t("reserve.lines")}</legend>
          <p className="admin-muted">{t("reserve.linesHint")}</p>
          {Array.from({ length: maxLines }, (_, i) => (
            <div key={i} className="support-line">
              <label>
                {t("reserve.orderingCode")} {i + 1}
                <input name={`lines[${i}].code`} defaultValue={str(lines[i]?.code)} maxLength={60} autoComplete="off" required={i === 0} />
              </label>
              <label>
                {t("reserve.qty")} {i + 1}
                <input name={`lines[${i}].qty`} defaultValue={str(lines[i]?.qty)} type="number" min={1} max={100000} inputMode="numeric" required={i === 0} />
              </label>
            </div>
          ))}
        </fieldset>
        <label>
          {t("reserve.remark")}
          <textarea name="remark" defaultValue={str(initial?.remark)} maxLength={1000} rows={2} placeholder={t("reserve.remarkHint")} />
        </label>
        <div className="row-actions">
          <button type="submit" className="btn btn-lg">
            {t("reserve.submit")}
          </button>
          <Link to={PATH} className="btn btn-outline">
            {t("request.cancel")}
          </Link>
        </div>
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
  lines: { code: string; nameZh: string; qty: number; approved: number; ordered: number; remaining: number }[];
  uses: { code: string; orderNo: string; qty: number; at: string }[];
}

export function ReservationDetail({ reservation: r, errors }: { reservation: ReservationView; errors: string[] }) {
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  const decided = r.status !== "submitted" && r.status !== "withdrawn";
  return (
    <section className="support-page">
      <h1 className="auth-title">{t("reserve.detailsNamed", { no: r.no })}</h1>
      {errors.length ? (
        <p className="message message-error" role="alert" data-testid="support-error">
          {t(errors[0])}
        </p>
      ) : null}
      <dl className="support-facts card" data-testid="reserve-detail">
        <dt>{t("reserve.status")}</dt>
        <dd>
          <ReservationStatus status={r.status} />
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
        {r.remark ? (
          <>
            <dt>{t("reserve.remark")}</dt>
            <dd>{r.remark}</dd>
          </>
        ) : null}
        {r.decidedAt ? (
          <>
            <dt>{t("request.decidedAt")}</dt>
            <dd>{formatDateTime(r.decidedAt)}</dd>
          </>
        ) : null}
        {r.reason ? (
          <>
            <dt>{t("request.reason")}</dt>
            <dd data-testid="support-reason">{r.reason}</dd>
          </>
        ) : null}
        {r.releasedAt ? (
          <>
            <dt>{t("reserve.releaseCause")}</dt>
            <dd>
              {t(RELEASE_CAUSE[r.releaseCause ?? ""] ?? "reserve.causeStaff")} · {formatDateTime(r.releasedAt)}
            </dd>
          </>
        ) : null}
      </dl>
      <ReservationLines lines={r.lines} decided={decided} />
      {r.uses.length ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("reserve.uses")}>
          <table className="data-table" data-testid="reserve-uses">
            <caption>{t("reserve.uses")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("reserve.orderNo")}</th>
                <th scope="col">{t("reserve.orderingCode")}</th>
                <th scope="col" className="num">
                  {t("request.qty")}
                </th>
                <th scope="col">{t("reserve.usedAt")}</th>
              </tr>
            </thead>
            <tbody>
              {r.uses.map((u, i) => (
                <tr key={i}>
                  <td>
                    <Link to={`/order/orderDetails?orderNo=${encodeURIComponent(u.orderNo)}`}>{u.orderNo}</Link>
                  </td>
                  <td className="code">{u.code}</td>
                  <td className="num">{u.qty}</td>
                  <td>{formatDateTime(u.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
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

/** The lines with what was asked, approved, ordered and is still kept. */
function ReservationLines({ lines, decided }: { lines: { code: string; nameZh: string; qty: number; approved: number; ordered: number; remaining: number }[]; decided: boolean }) {
  const { t } = useTranslation("support");
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("reserve.lines")}>
      <table className="data-table" data-testid="reserve-lines">
        <caption className="visually-hidden">{t("reserve.lines")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("reserve.orderingCode")}</th>
            <th scope="col">{t("reserve.name")}</th>
            <th scope="col" className="num">
              {t("reserve.qty")}
            </th>
            {decided ? (
              <>
                <th scope="col" className="num">
                  {t("reserve.approvedQty")}
                </th>
                <th scope="col" className="num">
                  {t("reserve.orderedQty")}
                </th>
                <th scope="col" className="num">
                  {t("reserve.remaining")}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.code}>
              <td className="code">{l.code}</td>
              <td className="reserve-name">{l.nameZh}</td>
              <td className="num">{l.qty}</td>
              {decided ? (
                <>
                  <td className="num">{l.approved}</td>
                  <td className="num">{l.ordered}</td>
                  <td className="num" data-testid="reserve-remaining">
                    {l.remaining}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
