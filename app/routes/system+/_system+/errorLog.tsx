import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { getDb } from "~/db/index.server";
import { ERROR_LOG_PAGE_SIZE, listServerErrors } from "~/modules/admin/error-log.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { formatDateTime } from "~/i18n/format";
import { AdminListPage, type Column } from "~/components/admin/AdminList";

export const handle = { i18n: ["adminUsers"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.errorLog");

/** Server errors, newest first (the newest 500 are kept); read-only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:errorLog:view", db);
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  const { total, rows } = await listServerErrors(db, page);
  // the page size travels with the data: a *.server constant is undefined in the browser
  return { page, total, rows, pageSize: ERROR_LOG_PAGE_SIZE };
}

export default function ErrorLog() {
  const { page, total, rows, pageSize } = useLoaderData<typeof loader>();
  const { t } = useTranslation("adminUsers");
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("errorLog.time"), cell: (r) => formatDateTime(r.created_at) },
    { header: t("errorLog.path"), code: true, wrap: true, cell: (r) => `${r.method} ${r.path}` },
    {
      header: t("errorLog.message"),
      wrap: true,
      cell: (r) => (
        <>
          {r.message}
          {r.stack ? (
            <details>
              <summary>{t("errorLog.stack")}</summary>
              <pre className="json">{r.stack}</pre>
            </details>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <AdminListPage
      title={t("errorLog.title")}
      intro={<p className="hint">{t("errorLog.hint")}</p>}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty={t("errorLog.empty")}
      tableTestId="error-log-table"
      page={page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
