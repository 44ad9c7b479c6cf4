import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuditFilterSchema } from "./system.schemas.server";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { AUDIT_PAGE_SIZE, auditEntities, listAudit } from "~/modules/admin/audit.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminUsers"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.auditLog");

/** Who changed what in the back office, before and after (read-only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:audit:view", db);
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: AuditFilterSchema });
  const filter = submission.status === "success" ? submission.value : { page: 1 };
  const [{ total, rows }, entities] = await Promise.all([listAudit(db, filter, filter.page), auditEntities(db)]);
  // the page size travels with the data: a *.server constant is undefined in the browser
  return { filter, total, rows, entities, pageSize: AUDIT_PAGE_SIZE };
}

/** Stored JSON shown indented; anything that does not parse is shown as it is. */
function readable(value: string | null): string {
  if (value === null) return "—";
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

export default function AuditLog() {
  const { filter, total, rows, entities, pageSize } = useLoaderData<typeof loader>();
  const { t } = useTranslation("adminUsers");
  return (
    <div className="admin-page">
      <h1>{t("audit.title")}</h1>
      <Form method="get" className="filter-form" role="search" aria-label={t("audit.filter")}>
        <label>
          {t("audit.entity")}
          <select name="entity" defaultValue={filter.entity ?? ""}>
            <option value="">{t("audit.allEntities")}</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("audit.userCode")}
          <input type="text" name="userCode" defaultValue={filter.userCode ?? ""} maxLength={20} />
        </label>
        <label>
          {t("audit.entityId")}
          <input type="text" name="entityId" defaultValue={filter.entityId ?? ""} maxLength={60} />
        </label>
        <label>
          {t("audit.from")}
          <input type="date" name="from" defaultValue={filter.from ?? ""} />
        </label>
        <label>
          {t("audit.to")}
          <input type="date" name="to" defaultValue={filter.to ?? ""} />
        </label>
        <button type="submit" className="btn">
          {t("audit.apply")}
        </button>
      </Form>
      <p className="result-count">{t("list.count", { count: total })}</p>
      {/* focusable: the before/after columns can be wider than the window, and a keyboard must scroll them */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("audit.title")}>
        <table className="data-table" data-testid="audit-table">
          <caption className="visually-hidden">{t("audit.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("audit.time")}</th>
              <th scope="col">{t("audit.who")}</th>
              <th scope="col">{t("audit.action")}</th>
              <th scope="col">{t("audit.entity")}</th>
              <th scope="col">{t("audit.entityId")}</th>
              <th scope="col">{t("audit.before")}</th>
              <th scope="col">{t("audit.after")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.created_at.slice(0, 19).replace("T", " ")}</td>
                <td className="code">{r.user_code}</td>
                <td>{t(`audit.actions.${r.action}`, { defaultValue: r.action })}</td>
                <td>{r.entity}</td>
                <td className="code">{r.entity_id}</td>
                <td>
                  <pre className="json">{readable(r.before_json)}</pre>
                </td>
                <td>
                  <pre className="json">{readable(r.after_json)}</pre>
                </td>
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
