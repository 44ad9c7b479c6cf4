import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { supportNewAction, supportNewLoader } from "./__support.server";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { DealerListPage, OrderingCodeLines, postedText, SubmitOrCancel } from "~/components/support/DealerParts";
import { RequestLinesTable } from "~/components/support/LineTables";
import { RequestStatus } from "~/components/support/StatusTags";
import { DecisionFacts, SupportError } from "~/components/support/SupportFacts";
import { formatDateTime } from "~/i18n/format";

/** The dealer's pages of sample, tool-body (decision 050) and marketing support (decision 052): Chinese only (spec §2, §6). */
type Kind = "sample" | "tool_body" | "marketing";
const PATHS: Record<Kind, string> = {
  sample: "/customerSupport/samplesSupport",
  tool_body: "/customerSupport/cutterSupport",
  marketing: "/customerSupport/broadcastSupport",
};
const TITLE: Record<Kind, string> = { sample: "request.titleSample", tool_body: "request.titleToolBody", marketing: "marketing.title" };
const NEW: Record<Kind, string> = { sample: "request.newSample", tool_body: "request.newToolBody", marketing: "marketing.new" };
const INTRO: Record<Kind, string> = { sample: "request.introSample", tool_body: "request.introToolBody", marketing: "marketing.intro" };

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
    <DealerListPage
      title={t(TITLE[kind])}
      intro={t(INTRO[kind])}
      newLabel={t(NEW[kind])}
      newTo={`${PATHS[kind]}/new`}
      newTestId="support-new"
      listTitle={t("request.list")}
      emptyNote={requests.length === 0 ? t("request.empty") : null}
      tableLabel={t("request.list")}
      paging={{ page, total, pageSize }}
    >
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
                <RequestStatus status={r.status} />
              </td>
              <td>{r.tracking_no ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DealerListPage>
  );
}

export function SupportNew({
  kind,
  token,
  maxLines,
  errors,
  initial,
}: {
  kind: Kind;
  token: string;
  maxLines: number;
  errors: string[];
  initial?: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <h1 className="auth-title">{t(NEW[kind])}</h1>
      <SupportError error={errors[0]} />
      <Form method="post" className="support-form card" data-testid="support-form">
        <input type="hidden" name="token" value={token} />
        <OrderingCodeLines
          count={maxLines}
          posted={initial?.lines}
          maxQty={9999}
          legend={t("request.products")}
          hint={t("request.linesHint")}
          qtyLabel={t("request.qty")}
        />
        {kind === "tool_body" ? (
          <label>
            {t("request.supplyMode")}
            <select name="supplyMode" required defaultValue={postedText(initial?.supplyMode) ?? "loan"}>
              <option value="loan">{t("request.supplyLoan")}</option>
              <option value="supply">{t("request.supplySupply")}</option>
            </select>
          </label>
        ) : null}
        <label>
          {t("request.endCustomer")}
          <input name="endCustomer" defaultValue={postedText(initial?.endCustomer)} required maxLength={200} />
        </label>
        <label>
          {t("request.purpose")}
          <textarea name="purpose" defaultValue={postedText(initial?.purpose)} required maxLength={1000} rows={3} placeholder={t("request.purposeHint")} />
        </label>
        <SubmitOrCancel submit={t("request.submit")} cancelTo={PATHS[kind]} />
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
          <RequestStatus status={r.status} />
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
        <DecisionFacts decidedAt={r.decidedAt} reason={r.reason} />
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
      <RequestLinesTable lines={r.lines.map((l) => ({ code: l.code, name: l.nameZh, qty: l.qty }))} items={kind === "marketing"} />
      <p>
        <Link to={PATHS[kind]}>{t("request.back")}</Link>
      </p>
    </section>
  );
}

/** Marketing support's request form (decision 052): the entity's active items, a quantity each. */
export function MarketingNew({
  token,
  items,
  errors,
  initial,
}: {
  token: string;
  items: { id: number; nameZh: string; maxQty: number }[];
  errors: string[];
  initial?: Record<string, unknown>;
}) {
  const asked = Array.isArray(initial?.items) ? (initial.items as Record<string, unknown>[]) : [];
  const { t, i18n } = useTranslation("support");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section className="support-page">
      <h1 className="auth-title">{t("marketing.new")}</h1>
      <SupportError error={errors[0]} />
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
                  <input
                    name={`items[${i}].qty`}
                    defaultValue={postedText(asked.find((a) => String(a?.id) === String(item.id))?.qty)}
                    type="number"
                    min={0}
                    max={item.maxQty}
                    inputMode="numeric"
                  />
                </label>
              </div>
            ))}
          </fieldset>
          <label>
            {t("marketing.endCustomer")}
            <input name="endCustomer" defaultValue={postedText(initial?.endCustomer)} required maxLength={200} />
          </label>
          <label>
            {t("marketing.purpose")}
            <textarea name="purpose" defaultValue={postedText(initial?.purpose)} required maxLength={1000} rows={3} placeholder={t("marketing.purposeHint")} />
          </label>
          <label>
            {t("marketing.wantedDate")}
            <input name="wantedDate" type="date" defaultValue={postedText(initial?.wantedDate)} required />
          </label>
          <SubmitOrCancel submit={t("request.submit")} cancelTo={PATHS.marketing} />
        </Form>
      )}
    </section>
  );
}

/** The page of a new sample or tool-body request: both routes' view (their loaders name the kind). */
export function SupportNewPage() {
  const { kind, token, maxLines } = useLoaderData<typeof supportNewLoader>();
  const actionData = useActionData<typeof supportNewAction>();
  const errors = Object.values(actionData?.result.error ?? {}).flat() as string[];
  return (
    <SupportNew
      kind={kind}
      token={token}
      maxLines={maxLines}
      errors={errors}
      initial={actionData?.result.initialValue as Record<string, unknown> | undefined}
    />
  );
}
