import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { ERROR_LOG_PAGE_SIZE, listServerErrors } from "~/modules/admin/error-log.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { formatDateTime } from "~/i18n/format";

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
  return (
    <div className="admin-page">
      <h1>{t("errorLog.title")}</h1>
      <p className="hint">{t("errorLog.hint")}</p>
      {/* focusable: the before/after columns can be wider than the window, and a keyboard must scroll them */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("errorLog.title")}>
        <table className="data-table" data-testid="error-log-table">
          <caption className="visually-hidden">{t("errorLog.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("errorLog.time")}</th>
              <th scope="col">{t("errorLog.path")}</th>
              <th scope="col">{t("errorLog.message")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.created_at)}</td>
                <td className="code cell-wrap">
                  {r.method} {r.path}
                </td>
                <td className="cell-wrap">
                  {r.message}
                  {r.stack ? (
                    <details>
                      <summary>{t("errorLog.stack")}</summary>
                      <pre className="json">{r.stack}</pre>
                    </details>
                  ) : null}
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={3}>{t("errorLog.empty")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={total} pageSize={pageSize} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
