import { parseWithZod } from "@conform-to/zod/v4";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { getDb } from "~/db/index.server";
import { toLanguage } from "~/i18n/config";
import { formatDateTime } from "~/i18n/format";
import { FEEDBACK_PAGE_SIZE, listStaffFeedback } from "~/modules/feedback/feedback.server";
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from "~/modules/feedback/status";
import feedbackCss from "~/styles/feedback.css";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { FeedbackFilterSchema } from "./__feedback.server";
import { AdminListPage, FilterInput, FilterSelect, type Column } from "~/components/admin/AdminList";

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
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("field.id"), cell: (r) => <Link to={`/system/feedback/${r.id}`}>#{r.id}</Link> },
    {
      header: t("field.dealer"),
      name: true,
      cell: (r) => (
        <span className="fb-customer">
          <span className="code">{r.customer_code}</span> {en ? r.customer_name_en : r.customer_name_zh}
          <br />
          <span className="admin-muted code">{r.user_code}</span>
        </span>
      ),
    },
    { header: t("field.orderNo"), code: true, cell: (r) => r.order_no },
    { header: t("field.type"), cell: (r) => <span className="fb-nowrap">{t(`type.${r.type}`)}</span> },
    { header: t("field.status"), cell: (r) => <span className={`fb-status fb-status-${r.status}`}>{t(`status.${r.status}`)}</span> },
    {
      header: t("field.description"),
      wrap: true,
      cell: (r) => <span className="fb-excerpt">{r.description.length > 60 ? `${r.description.slice(0, 60)}…` : r.description}</span>,
    },
    { header: t("field.updatedAt"), cell: (r) => formatDateTime(r.updated_at) },
  ];
  return (
    <AdminListPage
      className="feedback-admin"
      title={t("admin.title")}
      caption={t("list.caption")}
      filterLabel={t("admin.filter.search")}
      resetHref="/system/feedback"
      filters={
        <>
          <FilterSelect
            name="status"
            label={t("admin.filter.status")}
            value={filter.status}
            all={t("admin.filter.anyStatus")}
            options={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            testId="filter-status"
          />
          <FilterSelect
            name="type"
            label={t("admin.filter.type")}
            value={filter.type}
            all={t("admin.filter.anyType")}
            options={types.map((s) => ({ value: s, label: t(`type.${s}`) }))}
          />
          <FilterInput
            name="dealer"
            label={t("admin.filter.dealer")}
            value={filter.dealer}
            maxLength={60}
            placeholder={t("admin.filter.dealerHint")}
            testId="filter-dealer"
          />
        </>
      }
      countText={t("list.count", { total })}
      countTestId="feedback-count"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-testid": "feedback-admin-row", "data-id": r.id, "data-status": r.status })}
      empty={t("list.empty")}
      tableTestId="feedback-admin-table"
      page={filter.page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
