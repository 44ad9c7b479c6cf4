import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReservationDecisionSchema } from "./__supportAdmin.server";
import { RESERVATION_STATUS } from "./__supportLabels";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { approveReservation, getStaffReservation, refuseReservation, releaseReservation } from "~/modules/support/reservations.server";
import { setFlash } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "备库详情", "Stock reservation");

const idOf = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : notFound());
const CAUSE: Record<string, string> = { staff: "reserve.causeStaff", dealer: "reserve.causeDealer", expired: "reserve.causeExpired" };

/** One stock reservation of the entity (decision 052): approve it (reserving stock, possibly less), refuse it with a reason, release it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:reserve:view", db);
  const r = await notFoundWhenMissing(() => getStaffReservation(db, { id: user.id, code: user.code, tenantId: user.tenantId }, idOf(params.id)));
  return { reservation: r };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:reserve:edit", db);
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  const id = idOf(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: ReservationDecisionSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), code: "" }, { status: 400 });
  const v = submission.value;
  const result = await notFoundWhenMissing(() =>
    v.intent === "approve"
      ? approveReservation(db, actor, id, new Map(v.lines.map((l) => [l.id, l.qty])))
      : v.intent === "refuse"
        ? refuseReservation(db, actor, id, v.reason)
        : releaseReservation(db, { cause: "staff", actor }, id),
  );
  if (!result.ok) return json({ result: submission.reply({ formErrors: [result.error] }), code: "code" in result ? (result.code ?? "") : "" }, { status: 400 });
  return redirect(`/system/support/reservations/${id}`, { headers: { "Set-Cookie": await setFlash(`support:reserve.${result.status}`) } });
}

export default function Reservation() {
  const { reservation: r } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  const firstError = Object.values(actionData?.result.error ?? {}).flat()[0];
  const decided = r.status !== "submitted" && r.status !== "withdrawn";
  return (
    <div className="admin-page">
      <h1>{t("reserve.detailsNamed", { no: r.reservation_no })}</h1>
      {firstError ? (
        <p className="message message-error" role="alert" data-testid="support-error">
          {t(firstError, { code: actionData?.code ?? "" })}
        </p>
      ) : null}
      <dl className="support-facts" data-testid="reserve-detail">
        <dt>{t("reserve.status")}</dt>
        <dd>
          <span className={`support-status support-status-${r.status}`} data-testid="reserve-status">
            {t(RESERVATION_STATUS[r.status] ?? r.status)}
          </span>
        </dd>
        <dt>{t("request.customer")}</dt>
        <dd>
          {r.customer_code} {en ? r.customer_name_en : r.customer_name_zh}
        </dd>
        <dt>{t("request.applicant")}</dt>
        <dd>
          {r.user_name} ({r.user_code}) · {formatDateTime(r.created_at)}
        </dd>
        <dt>{t("reserve.endCustomer")}</dt>
        <dd>{r.end_customer}</dd>
        <dt>{t("reserve.project")}</dt>
        <dd>{r.project}</dd>
        <dt>{t("reserve.period")}</dt>
        <dd>{t("reserve.periodValue", { from: r.starts_on, to: r.ends_on })}</dd>
        {r.remark ? (
          <>
            <dt>{t("reserve.remark")}</dt>
            <dd>{r.remark}</dd>
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
        {r.released_at ? (
          <>
            <dt>{t("reserve.releaseCause")}</dt>
            <dd>
              {t(CAUSE[r.release_cause ?? ""] ?? "reserve.causeStaff")} · {formatDateTime(r.released_at)}
            </dd>
          </>
        ) : null}
      </dl>
      <Form method="post" data-testid="reserve-approve" id="reserve-approve">
        <input type="hidden" name="intent" value="approve" />
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
                <th scope="col" className="num">
                  {t("reserve.available")}
                </th>
                <th scope="col" className="num">
                  {t("reserve.approvedQty")}
                </th>
                {decided ? (
                  <>
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
              {r.lines.map((l, i) => (
                <tr key={l.id}>
                  <td className="code">{l.ordering_code}</td>
                  <td>{en ? l.name_en : l.name_zh}</td>
                  <td className="num">{l.qty}</td>
                  <td className="num">{l.available}</td>
                  <td className="num">
                    {r.status === "submitted" ? (
                      <>
                        <input type="hidden" name={`lines[${i}].id`} value={l.id} />
                        <input
                          name={`lines[${i}].qty`}
                          type="number"
                          min={0}
                          max={l.qty}
                          defaultValue={Math.min(l.qty, Math.max(0, l.available))}
                          aria-label={`${t("reserve.approvedQty")} ${l.ordering_code}`}
                          className="reserve-qty"
                          required
                        />
                      </>
                    ) : (
                      l.approved_qty
                    )}
                  </td>
                  {decided ? (
                    <>
                      <td className="num">{l.ordered_qty}</td>
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
      </Form>
      {r.uses.length ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("reserve.uses")}>
          <table className="data-table">
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
                    <Link to={`/system/orders/${encodeURIComponent(u.order_no)}`}>{u.order_no}</Link>
                  </td>
                  <td className="code">{u.ordering_code}</td>
                  <td className="num">{u.qty}</td>
                  <td>{formatDateTime(u.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Can funcCode="svc:reserve:edit">
        {r.status === "submitted" ? (
          <div className="support-actions">
            <div>
              <h2>{t("reserve.decide")}</h2>
              <p className="admin-muted">{t("reserve.approveHint")}</p>
              <button type="submit" form="reserve-approve" className="btn">
                {t("reserve.approve")}
              </button>
            </div>
            <Form method="post" className="admin-form" data-testid="reserve-refuse">
              <input type="hidden" name="intent" value="refuse" />
              <label>
                {t("request.reason")}
                <textarea name="reason" rows={2} maxLength={500} required />
              </label>
              <div className="admin-form-actions">
                <button type="submit" className="btn btn-outline btn-danger">
                  {t("reserve.refuse")}
                </button>
              </div>
            </Form>
          </div>
        ) : null}
        {r.status === "approved" ? (
          <Form method="post" className="admin-form" data-testid="reserve-release">
            <input type="hidden" name="intent" value="release" />
            <p className="admin-muted">{t("reserve.releaseHint")}</p>
            <div className="admin-form-actions">
              <button type="submit" className="btn btn-outline">
                {t("reserve.release")}
              </button>
            </div>
          </Form>
        ) : null}
      </Can>
      <p>
        <Link to="/system/support/reservations">{t("reserve.back")}</Link>
      </p>
    </div>
  );
}
