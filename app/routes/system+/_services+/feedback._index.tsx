import { parseWithZod } from "@conform-to/zod/v4";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { toLanguage } from "~/i18n/config";
import { formatDateTime } from "~/i18n/format";
import { FEEDBACK_PAGE_SIZE, listStaffFeedback } from "~/modules/feedback/feedback.server";
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from "~/modules/feedback/status";
import feedbackCss from "~/styles/feedback.css";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { FeedbackFilterSchema } from "./__feedback.server";

export const handle = { i18n: ["feedback"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: feedbackCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.afterSalesFeedback");

/** All dealers' after-sales feedback of the signed-in company entity, open first (decision 049). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "svc:feedback:view", db);
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: FeedbackFilterSchema });
  const filter = submission.status === "success" ? submission.value : FeedbackFilterSchema.parse({});
  const { total, rows } = await listStaffFeedback(db, { id: staff.id, code: staff.code, tenantId: staff.tenantId }, filter);
  return { filter, total, rows, pageSize: FEEDBACK_PAGE_SIZE, statuses: FEEDBACK_STATUSES, types: FEEDBACK_TYPES };
}

export default function FeedbackList() {
  const { filter, total, rows, pageSize, statuses, types } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("feedback");
  const en = toLanguage(i18n.language) === "en";
  return (
    <div className="admin-page feedback-admin">
      <h1>{t("admin.title")}</h1>
      <Form method="get" className="filter-form" role="search" aria-label={t("admin.filter.search")}>
        <label>
          {t("admin.filter.status")}
          <select name="status" defaultValue={filter.status ?? ""} data-testid="filter-status">
            <option value="">{t("admin.filter.anyStatus")}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("admin.filter.type")}
          <select name="type" defaultValue={filter.type ?? ""}>
            <option value="">{t("admin.filter.anyType")}</option>
            {types.map((s) => (
              <option key={s} value={s}>
                {t(`type.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("admin.filter.dealer")}
          <input
            type="search"
            name="dealer"
            defaultValue={filter.dealer ?? ""}
            maxLength={60}
            placeholder={t("admin.filter.dealerHint")}
            data-testid="filter-dealer"
          />
        </label>
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("admin.filter.search")}
          </button>
          <Link to="/system/feedback" className="btn btn-outline">
            {t("admin.filter.reset")}
          </Link>
        </div>
      </Form>
      <p className="result-count" data-testid="feedback-count">
        {t("list.count", { total })}
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("list.caption")}>
        <table className="data-table" data-testid="feedback-admin-table">
          <caption className="visually-hidden">{t("list.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("field.id")}</th>
              <th scope="col">{t("field.dealer")}</th>
              <th scope="col">{t("field.orderNo")}</th>
              <th scope="col">{t("field.type")}</th>
              <th scope="col">{t("field.status")}</th>
              <th scope="col">{t("field.description")}</th>
              <th scope="col">{t("field.updatedAt")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="feedback-admin-row" data-id={r.id} data-status={r.status}>
                <td>
                  <Link to={`/system/feedback/${r.id}`}>#{r.id}</Link>
                </td>
                <td className="cell-wrap fb-customer">
                  <span className="code">{r.customer_code}</span> {en ? r.customer_name_en : r.customer_name_zh}
                  <br />
                  <span className="admin-muted code">{r.user_code}</span>
                </td>
                <td className="code">{r.order_no}</td>
                <td className="fb-nowrap">{t(`type.${r.type}`)}</td>
                <td>
                  <span className={`fb-status fb-status-${r.status}`}>{t(`status.${r.status}`)}</span>
                </td>
                <td className="cell-wrap fb-excerpt">{r.description.length > 60 ? `${r.description.slice(0, 60)}…` : r.description}</td>
                <td>{formatDateTime(r.updated_at)}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7}>{t("list.empty")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager page={filter.page} total={total} pageSize={pageSize} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
