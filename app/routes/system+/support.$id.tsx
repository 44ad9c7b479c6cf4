import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DecisionSchema } from "./__supportAdmin.server";
import { KIND } from "./__supportLabels";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { decideRequest, getStaffRequest } from "~/modules/support/requests.server";
import { setFlash } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "申请详情", "Support request");

const STATUS: Record<string, string> = { submitted: "request.statusSubmitted", approved: "request.statusApproved", refused: "request.statusRefused", shipped: "request.statusShipped" };
const requestId = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : notFound());

/** One sample or tool-body request of the entity (decision 050): approve or refuse it with a reason, then record the shipment. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:support:view", db);
  const r = await notFoundWhenMissing(() => getStaffRequest(db, { id: user.id, code: user.code, tenantId: user.tenantId }, requestId(params.id)));
  return { request: r };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:support:edit", db);
  const id = requestId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: DecisionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const result = await notFoundWhenMissing(() =>
    decideRequest(db, { id: user.id, code: user.code, tenantId: user.tenantId }, id, v.intent, {
      reason: v.intent === "refuse" ? v.reason : undefined,
      trackingNo: v.intent === "ship" ? v.trackingNo : undefined,
      carrier: v.intent === "ship" ? v.carrier : undefined,
    }),
  );
  if (!result.ok) return json({ result: submission.reply({ formErrors: [result.error] }) }, { status: 400 });
  const done = { approve: "approved", refuse: "refused", ship: "shipped" }[v.intent];
  return redirect(`/system/support/${id}`, { headers: { "Set-Cookie": await setFlash(`support:request.${done}`) } });
}

export default function SupportRequest() {
  const { request: r } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  const firstError = Object.values(actionData?.result.error ?? {}).flat()[0];
  return (
    <div className="admin-page">
      <h1>{t("request.detailsNamed", { no: r.request_no })}</h1>
      {firstError ? (
        <p className="message message-error" role="alert" data-testid="support-error">
          {t(firstError)}
        </p>
      ) : null}
      <dl className="support-facts" data-testid="support-detail">
        <dt>{t("request.status")}</dt>
        <dd>
          <span className={`support-status support-status-${r.status}`} data-testid="support-status">
            {t(STATUS[r.status] ?? r.status)}
          </span>
        </dd>
        <dt>{t("request.kind")}</dt>
        <dd>{t(KIND[r.kind] ?? r.kind)}</dd>
        <dt>{t("request.customer")}</dt>
        <dd>
          {r.customer_code} {en ? r.customer_name_en : r.customer_name_zh}
        </dd>
        <dt>{t("request.applicant")}</dt>
        <dd>
          {r.user_name} ({r.user_code})
        </dd>
        <dt>{t("request.createdAt")}</dt>
        <dd>{formatDateTime(r.created_at)}</dd>
        <dt>{t("request.endCustomer")}</dt>
        <dd>{r.end_customer}</dd>
        <dt>{t("request.purpose")}</dt>
        <dd>{r.purpose}</dd>
        {r.wanted_date ? (
          <>
            <dt>{t("marketing.wantedDate")}</dt>
            <dd>{r.wanted_date}</dd>
          </>
        ) : null}
        {r.supply_mode ? (
          <>
            <dt>{t("request.supplyMode")}</dt>
            <dd>{t(r.supply_mode === "loan" ? "request.supplyLoan" : "request.supplySupply")}</dd>
          </>
        ) : null}
        {r.decided_at ? (
          <>
            <dt>{t("request.decidedBy")}</dt>
            <dd>
              {r.decided_by_code} · {formatDateTime(r.decided_at)}
            </dd>
          </>
        ) : null}
        {r.reason ? (
          <>
            <dt>{t("request.reason")}</dt>
            <dd>{r.reason}</dd>
          </>
        ) : null}
        {r.tracking_no ? (
          <>
            <dt>{t("request.trackingNo")}</dt>
            <dd data-testid="support-tracking">
              {r.carrier ? `${r.carrier} ` : ""}
              {r.tracking_no}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("request.linesTable")}>
        <table className="data-table">
          <caption className="visually-hidden">{t("request.linesTable")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("request.orderingCode")}</th>
              <th scope="col">{t("request.name")}</th>
              <th scope="col" className="num">
                {t("request.qty")}
              </th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.ordering_code}>
                <td className="code">{l.ordering_code}</td>
                <td>{en ? l.name_en : l.name_zh}</td>
                <td className="num">{l.qty}</td>
              </tr>
            ))}
            {r.items.map((l) => (
              <tr key={l.id}>
                <td className="code">—</td>
                <td>{en ? l.name_en : l.name_zh}</td>
                <td className="num">{l.qty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Can funcCode="svc:support:edit">
        {r.status === "submitted" ? (
          <div className="support-actions">
            <Form method="post" data-testid="support-approve">
              <h2>{t("request.decide")}</h2>
              <input type="hidden" name="intent" value="approve" />
              <button type="submit" className="btn">
                {t("request.approve")}
              </button>
            </Form>
            <Form method="post" className="admin-form" data-testid="support-refuse">
              <input type="hidden" name="intent" value="refuse" />
              <label>
                {t("request.reason")}
                <textarea name="reason" rows={2} maxLength={500} required />
              </label>
              <div className="admin-form-actions">
                <button type="submit" className="btn btn-outline btn-danger">
                  {t("request.refuse")}
                </button>
              </div>
            </Form>
          </div>
        ) : null}
        {r.status === "approved" ? (
          <Form method="post" className="admin-form" data-testid="support-ship">
            <h2>{t("request.shipment")}</h2>
            <input type="hidden" name="intent" value="ship" />
            <label>
              {t("request.carrier")}
              <input name="carrier" maxLength={60} />
            </label>
            <label>
              {t("request.trackingNo")}
              <input name="trackingNo" maxLength={60} required />
            </label>
            <div className="admin-form-actions">
              <button type="submit" className="btn">
                {t("request.ship")}
              </button>
            </div>
          </Form>
        ) : null}
      </Can>
      <p>
        <Link to="/system/support">{t("request.back")}</Link>
      </p>
    </div>
  );
}
