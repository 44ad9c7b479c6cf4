import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { Pager } from "~/components/Pager";
import { formatDateTime } from "~/i18n/format";

/** The dealer's pages of sample, tool-body (decision 050) and marketing support (decision 052): Chinese only (spec §2, §6). */
type Kind = "sample" | "tool_body" | "marketing";
const PATHS: Record<Kind, string> = { sample: "/customerSupport/samplesSupport", tool_body: "/customerSupport/cutterSupport", marketing: "/customerSupport/broadcastSupport" };
const TITLE: Record<Kind, string> = { sample: "request.titleSample", tool_body: "request.titleToolBody", marketing: "marketing.title" };
const NEW: Record<Kind, string> = { sample: "request.newSample", tool_body: "request.newToolBody", marketing: "marketing.new" };
const INTRO: Record<Kind, string> = { sample: "request.introSample", tool_body: "request.introToolBody", marketing: "marketing.intro" };
const STATUS: Record<string, string> = { submitted: "request.statusSubmitted", approved: "request.statusApproved", refused: "request.statusRefused", shipped: "request.statusShipped" };

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation("support");
  return <span className={`support-status support-status-${status}`}>{t(STATUS[status] ?? status)}</span>;
}

interface ListRow {
  id: number;
  request_no: string;
  status: string;
  end_customer: string;
  created_at: string;
  tracking_no: string | null;
  user_code: string;
  lines: { code: string; qty: number }[];
}

export function SupportList({ kind, requests, page, total, pageSize }: { kind: Kind; requests: ListRow[]; page: number; total: number; pageSize: number }) {
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <div className="page-head">
        <h1 className="auth-title">{t(TITLE[kind])}</h1>
        <Link to={`${PATHS[kind]}/new`} className="btn btn-lg" data-testid="support-new">
          {t(NEW[kind])}
        </Link>
      </div>
      <p>{t(INTRO[kind])}</p>
      <h2>{t("request.list")}</h2>
      {requests.length === 0 ? (
        <p className="card empty-note">{t("request.empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("request.list")}>
          <table className="data-table" data-testid="support-list">
            <thead>
              <tr>
                <th scope="col">{t("request.requestNo")}</th>
                <th scope="col">{t("request.createdAt")}</th>
                <th scope="col">{t(kind === "marketing" ? "marketing.items" : "request.products")}</th>
                <th scope="col">{t("request.endCustomer")}</th>
                <th scope="col">{t("request.status")}</th>
                <th scope="col">{t("request.trackingNo")}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`${PATHS[kind]}/${r.id}`}>{r.request_no}</Link>
                  </td>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>{r.lines.map((l) => `${l.code} × ${l.qty}`).join("、")}</td>
                  <td>{r.end_customer}</td>
                  <td>
                    <StatusTag status={r.status} />
                  </td>
                  <td>{r.tracking_no ?? ""}</td>
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

export function SupportNew({ kind, token, maxLines, errors, initial }: { kind: Kind; token: string; maxLines: number; errors: string[]; initial?: Record<string, unknown> }) {
  // what the dealer typed, back into the form when the server refused it (without JavaScript too)
  const str = (x: unknown) => (typeof x === "string" ? x : undefined);
  const lines = Array.isArray(initial?.lines) ? (initial.lines as Record<string, unknown>[]) : [];
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <h1 className="auth-title">{t(NEW[kind])}</h1>
      {errors.length ? (
        <p className="message message-error" role="alert" data-testid="support-error">
          {t(errors[0])}
        </p>
      ) : null}
      <Form method="post" className="support-form card" data-testid="support-form">
        <input type="hidden" name="token" value={token} />
        <fieldset className="support-lines">
          <legend>{t("request.products")}</legend>
          <p className="admin-muted">{t("request.linesHint")}</p>
          {Array.from({ length: maxLines }, (_, i) => (
            <div key={i} className="support-line">
              <label>
                {t("request.orderingCode")} {i + 1}
                <input name={`lines[${i}].code`} defaultValue={str(lines[i]?.code)} maxLength={60} autoComplete="off" required={i === 0} />
              </label>
              <label>
                {t("request.qty")} {i + 1}
                <input name={`lines[${i}].qty`} defaultValue={str(lines[i]?.qty)} type="number" min={1} max={9999} inputMode="numeric" required={i === 0} />
              </label>
            </div>
          ))}
        </fieldset>
        {kind === "tool_body" ? (
          <label>
            {t("request.supplyMode")}
            <select name="supplyMode" required defaultValue={str(initial?.supplyMode) ?? "loan"}>
              <option value="loan">{t("request.supplyLoan")}</option>
              <option value="supply">{t("request.supplySupply")}</option>
            </select>
          </label>
        ) : null}
        <label>
          {t("request.endCustomer")}
          <input name="endCustomer" defaultValue={str(initial?.endCustomer)} required maxLength={200} />
        </label>
        <label>
          {t("request.purpose")}
          <textarea name="purpose" defaultValue={str(initial?.purpose)} required maxLength={1000} rows={3} placeholder={t("request.purposeHint")} />
        </label>
        <div className="row-actions">
          <button type="submit" className="btn btn-lg">
            {t("request.submit")}
          </button>
          <Link to={PATHS[kind]} className="btn btn-outline">
            {t("request.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export interface RequestView {
  requestNo: string;
  status: string;
  endCustomer: string;
  purpose: string;
  supplyMode: string | null;
  wantedDate: string | null;
  reason: string | null;
  trackingNo: string | null;
  carrier: string | null;
  createdAt: string;
  decidedAt: string | null;
  shippedAt: string | null;
  userCode: string;
  userName: string;
  lines: { code: string; qty: number; nameZh: string; nameEn: string }[];
}

export function SupportDetail({ kind, request: r }: { kind: Kind; request: RequestView }) {
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <h1 className="auth-title">{t("request.detailsNamed", { no: r.requestNo })}</h1>
      <dl className="support-facts card" data-testid="support-detail">
        <dt>{t("request.status")}</dt>
        <dd>
          <StatusTag status={r.status} />
        </dd>
        <dt>{t("request.createdAt")}</dt>
        <dd>{formatDateTime(r.createdAt)}</dd>
        <dt>{t("request.applicant")}</dt>
        <dd>
          {r.userName}（{r.userCode}）
        </dd>
        <dt>{t("request.endCustomer")}</dt>
        <dd>{r.endCustomer}</dd>
        <dt>{t(kind === "marketing" ? "marketing.purpose" : "request.purpose")}</dt>
        <dd>{r.purpose}</dd>
        {r.supplyMode ? (
          <>
            <dt>{t("request.supplyMode")}</dt>
            <dd>{t(r.supplyMode === "loan" ? "request.supplyLoan" : "request.supplySupply")}</dd>
          </>
        ) : null}
        {r.wantedDate ? (
          <>
            <dt>{t("marketing.wantedDate")}</dt>
            <dd>{r.wantedDate}</dd>
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
        {r.trackingNo ? (
          <>
            <dt>{t("request.trackingNo")}</dt>
            <dd data-testid="support-tracking">
              {r.carrier ? `${r.carrier} ` : ""}
              {r.trackingNo}
            </dd>
            <dt>{t("request.shippedAt")}</dt>
            <dd>{r.shippedAt ? formatDateTime(r.shippedAt) : ""}</dd>
          </>
        ) : null}
      </dl>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("request.linesTable")}>
        <table className="data-table">
          <caption className="visually-hidden">{t("request.linesTable")}</caption>
          <thead>
            <tr>
              {kind === "marketing" ? null : <th scope="col">{t("request.orderingCode")}</th>}
              <th scope="col">{t(kind === "marketing" ? "marketing.item" : "request.name")}</th>
              <th scope="col" className="num">
                {t("request.qty")}
              </th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((l) => (
              <tr key={`${l.code}-${l.nameZh}`}>
                {kind === "marketing" ? null : <td className="code">{l.code}</td>}
                <td>{l.nameZh}</td>
                <td className="num">{l.qty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <Link to={PATHS[kind]}>{t("request.back")}</Link>
      </p>
    </section>
  );
}

/** Marketing support's request form (decision 052): the entity's active items, a quantity each. */
export function MarketingNew({ token, items, errors, initial }: { token: string; items: { id: number; nameZh: string; maxQty: number }[]; errors: string[]; initial?: Record<string, unknown> }) {
  const str = (x: unknown) => (typeof x === "string" ? x : undefined);
  const asked = Array.isArray(initial?.items) ? (initial.items as Record<string, unknown>[]) : [];
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <h1 className="auth-title">{t("marketing.new")}</h1>
      {errors.length ? (
        <p className="message message-error" role="alert" data-testid="support-error">
          {t(errors[0])}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="card empty-note">{t("marketing.noItems")}</p>
      ) : (
        <Form method="post" className="support-form card" data-testid="support-form">
          <input type="hidden" name="token" value={token} />
          <fieldset className="support-lines">
            <legend>{t("marketing.items")}</legend>
            <p className="admin-muted">{t("marketing.itemsHint")}</p>
            {items.map((item, i) => (
              <div key={item.id} className="support-item">
                <input type="hidden" name={`items[${i}].id`} value={item.id} />
                <label>
                  {item.nameZh}（{t("marketing.maxN", { max: item.maxQty })}）
                  <input name={`items[${i}].qty`} defaultValue={str(asked.find((a) => String(a?.id) === String(item.id))?.qty)} type="number" min={0} max={item.maxQty} inputMode="numeric" />
                </label>
              </div>
            ))}
          </fieldset>
          <label>
            {t("marketing.endCustomer")}
            <input name="endCustomer" defaultValue={str(initial?.endCustomer)} required maxLength={200} />
          </label>
          <label>
            {t("marketing.purpose")}
            <textarea name="purpose" defaultValue={str(initial?.purpose)} required maxLength={1000} rows={3} placeholder={t("marketing.purposeHint")} />
          </label>
          <label>
            {t("marketing.wantedDate")}
            <input name="wantedDate" type="date" defaultValue={str(initial?.wantedDate)} required />
          </label>
          <div className="row-actions">
            <button type="submit" className="btn btn-lg">
              {t("request.submit")}
            </button>
            <Link to={PATHS.marketing} className="btn btn-outline">
              {t("request.cancel")}
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}
