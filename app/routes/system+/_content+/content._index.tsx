import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { ContentFilterSchema } from "./__contentEdit.server";
import { AdminPager } from "~/components/admin/AdminPager";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { CONTENT_PAGE_SIZE, listAdminContent } from "~/modules/content/admin.server";
import { CONTENT_KINDS, CONTENT_STATUSES } from "~/modules/content/kinds";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

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
  return (
    <div className="admin-page">
      <h1>{t("content.title")}</h1>
      <nav aria-label={t("content.kind")}>
        <ul className="admin-tabs">
          {CONTENT_KINDS.map((k) => (
            <li key={k}>
              <Link to={`?kind=${k}`} aria-current={k === filter.kind ? "page" : undefined}>
                {t(`content.kinds.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="admin-toolbar">
        <input type="hidden" name="kind" value={filter.kind} />
        <label>
          {t("content.status")}
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("common.all")}</option>
            {CONTENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`content.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline">
          {t("common.filter")}
        </button>
        <Can funcCode="cms:content:edit">
          <Link className="btn" to={`/system/content/new?kind=${filter.kind}`} data-testid="content-new">
            {t("content.new", { kind: t(`content.kinds.${filter.kind}`) })}
          </Link>
        </Can>
      </Form>
      <p className="admin-muted">{t("common.total", { count: total })}</p>
      <TableScroll label={t("content.title")}>
        <table className="data-table" data-testid="content-table">
          <thead>
            <tr>
              <th scope="col">{t("content.titleCol")}</th>
              <th scope="col">{t("content.status")}</th>
              <th scope="col">{t("content.publishedAt")}</th>
              <th scope="col">{t("content.scope")}</th>
              <th scope="col">{t("common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  {en ? r.titleEn : r.titleZh}
                  {r.fileName ? <small className="admin-muted admin-block">{r.fileName}</small> : null}
                </td>
                <td>
                  <span className={r.status === "published" ? (r.publishedAt > now ? "admin-badge-scheduled" : "admin-badge-live") : "admin-badge-draft"}>
                    {r.status === "published" && r.publishedAt > now ? t("content.scheduled") : t(`content.statuses.${r.status}`)}
                  </span>
                </td>
                <td>
                  <time dateTime={r.publishedAt}>{formatDateTime(r.publishedAt)}</time>
                </td>
                <td>{r.onlyThisEntity ? t("content.thisEntity") : t("content.allEntities")}</td>
                <td className="admin-actions">
                  <Link to={`/system/content/preview/${r.id}`}>{t("content.preview")}</Link>
                  <Can funcCode="cms:content:edit">
                    <Link to={`/system/content/${r.id}`} aria-label={t("content.editNamed", { title: en ? r.titleEn : r.titleZh })}>
                      {t("common.edit")}
                    </Link>
                  </Can>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <AdminPager page={page} pages={pages} keep={{ kind: filter.kind, status: filter.status }} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
