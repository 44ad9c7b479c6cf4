import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { ContentFilterSchema } from "./__contentEdit.server";

import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { CONTENT_PAGE_SIZE, listAdminContent } from "~/modules/content/admin.server";
import { CONTENT_KINDS, CONTENT_STATUSES } from "~/modules/content/kinds";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { AdminListPage, FilterSelect, type Column } from "~/components/admin/AdminList";

export const handle = { i18n: ["adminContent"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.publishing");

/** Announcements, research, downloads, training and solutions (spec §7 /bulletin/selectAll). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cms:content:view", db);
  const filter = ContentFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total } = await listAdminContent(db, { tenantId: user.tenantId, kind: filter.kind, status: filter.status, page: filter.page });
  return { rows, total, filter, page: filter.page ?? 1, pages: Math.max(1, Math.ceil(total / CONTENT_PAGE_SIZE)), now: new Date().toISOString() };
}

export default function ContentList() {
  const { rows, total, filter, page, pages, now } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("adminContent");
  const en = i18n.language === "en";
  type Row = (typeof rows)[number];
  const scheduled = (r: Row) => r.status === "published" && r.publishedAt > now;
  const columns: Column<Row>[] = [
    {
      header: t("content.titleCol"),
      cell: (r) => (
        <>
          {en ? r.titleEn : r.titleZh}
          {r.fileName ? <small className="admin-muted admin-block">{r.fileName}</small> : null}
        </>
      ),
    },
    {
      header: t("content.status"),
      cell: (r) => (
        <span className={r.status === "published" ? (scheduled(r) ? "admin-badge-scheduled" : "admin-badge-live") : "admin-badge-draft"}>
          {scheduled(r) ? t("content.scheduled") : t(`content.statuses.${r.status}`)}
        </span>
      ),
    },
    { header: t("content.publishedAt"), cell: (r) => <time dateTime={r.publishedAt}>{formatDateTime(r.publishedAt)}</time> },
    { header: t("content.scope"), cell: (r) => (r.onlyThisEntity ? t("content.thisEntity") : t("content.allEntities")) },
    {
      header: t("common.actions"),
      cell: (r) => (
        <span className="admin-actions">
          <Link to={`/system/content/preview/${r.id}`}>{t("content.preview")}</Link>
          <Can funcCode="cms:content:edit">
            <Link to={`/system/content/${r.id}`} aria-label={t("content.editNamed", { title: en ? r.titleEn : r.titleZh })}>
              {t("common.edit")}
            </Link>
          </Can>
        </span>
      ),
    },
  ];
  return (
    <AdminListPage
      title={t("content.title")}
      actions={
        <Can funcCode="cms:content:edit">
          <Link className="btn" to={`/system/content/new?kind=${filter.kind}`} data-testid="content-new">
            {t("content.new", { kind: t(`content.kinds.${filter.kind}`) })}
          </Link>
        </Can>
      }
      tabs={{
        label: t("content.kind"),
        items: CONTENT_KINDS.map((k) => ({ href: `?kind=${k}`, label: t(`content.kinds.${k}`), current: k === filter.kind })),
      }}
      filterLabel={t("common.filter")}
      filters={
        <>
          <input type="hidden" name="kind" value={filter.kind} />
          <FilterSelect
            name="status"
            label={t("content.status")}
            value={filter.status}
            all={t("common.all")}
            options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`content.statuses.${s}`) }))}
          />
        </>
      }
      countText={t("common.total", { count: total })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      tableTestId="content-table"
      page={page}
      pages={pages}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
