import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuditFilterSchema } from "./system.schemas.server";
import { AuditObject, useAuditText } from "~/components/admin/AuditText";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, auditEntities, auditStatusKey, auditUsers, listAudit, readAudit, type AuditView } from "~/modules/admin/audit.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminUsers"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.auditLog");

/** Who changed what in the back office: 20 entries a page, each read field by field (read-only, GET only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "sys:audit:view", db);
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: AuditFilterSchema });
  const filter = submission.status === "success" ? submission.value : { page: 1 };
  const [{ total, rows }, entities, users] = await Promise.all([listAudit(db, filter, filter.page), auditEntities(db), auditUsers(db)]);
  const t = getFixedT(await getLanguage(request, staff.language));
  const statusText = (entity: string, value: string | null) => {
    const key = value === null ? null : auditStatusKey(entity, value);
    return key ? t(key, { defaultValue: value }) : value;
  };
  const entries: AuditView[] = (await readAudit(db, rows)).map((e) => ({
    ...e,
    changes: e.changes.map((c) => (c.field === "status" ? { ...c, before: statusText(e.entity, c.before), after: statusText(e.entity, c.after) } : c)),
  }));
  // constants of *.server modules are undefined in the browser: they travel with the data
  return { filter, total, entries, entities, users, actions: AUDIT_ACTIONS, pageSize: AUDIT_PAGE_SIZE };
}

export default function AuditLog() {
  const { filter, total, entries, entities, users, actions, pageSize } = useLoaderData<typeof loader>();
  const { t } = useTranslation("adminUsers");
  const text = useAuditText();
  return (
    <div className="admin-page audit-page">
      <h1>{t("audit.title")}</h1>
      <Form method="get" className="filter-form audit-filter" role="search" aria-label={t("audit.filter")}>
        <label>
          {t("audit.who")}
          <select name="userCode" defaultValue={filter.userCode ?? ""}>
            <option value="">{t("audit.allUsers")}</option>
            {users.map((u) => (
              <option key={u.code} value={u.code}>
                {u.name ? `${u.name} (${u.code})` : u.code}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("audit.entity")}
          <select name="entity" defaultValue={filter.entity ?? ""}>
            <option value="">{t("audit.allEntities")}</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {text.kind(e)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("audit.action")}
          <select name="action" defaultValue={filter.action ?? ""}>
            <option value="">{t("audit.allActions")}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {t(`audit.verbs.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("audit.entityId")}
          <input type="text" name="entityId" defaultValue={filter.entityId ?? ""} maxLength={60} placeholder={t("audit.entityIdHint")} />
        </label>
        <label>
          {t("audit.from")}
          <input type="date" name="from" defaultValue={filter.from ?? ""} aria-describedby="audit-dates-hint" />
        </label>
        <label>
          {t("audit.to")}
          <input type="date" name="to" defaultValue={filter.to ?? ""} aria-describedby="audit-dates-hint" />
        </label>
        <div className="audit-filter-actions">
          <button type="submit" className="btn">
            {t("audit.apply")}
          </button>
          <Link to="/system/audit">{t("audit.clear")}</Link>
        </div>
      </Form>
      <p className="result-count">
        {t("list.count", { count: total })} · <span id="audit-dates-hint">{t("audit.datesHint")}</span>
      </p>
      {entries.length === 0 ? (
        <p className="admin-muted">{t("list.empty")}</p>
      ) : (
        <ol className="audit-list" data-testid="audit-list">
          {entries.map((e) => (
            <li key={e.id} className="audit-entry" data-testid="audit-entry">
              <p className="audit-head">
                <time dateTime={e.at} data-testid="audit-time">
                  {formatDateTime(e.at)}
                </time>
                <span className="audit-who">
                  {e.userName ? `${e.userName} ` : null}
                  <span className="code">{e.userCode}</span>
                </span>
              </p>
              <p className="audit-what">
                <strong data-testid="audit-action">{text.action(e)}</strong> <AuditObject entry={e} />
              </p>
              {e.changes.length === 0 ? (
                <p className="admin-muted">{t("audit.noChanges")}</p>
              ) : (
                <table className="audit-changes" data-testid="audit-changes">
                  <caption className="visually-hidden">{t("audit.changes")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("audit.field")}</th>
                      <th scope="col">{t("audit.before")}</th>
                      <th scope="col">{t("audit.after")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {e.changes.map((c) => (
                      <tr key={c.field}>
                        <th scope="row">{t(`audit.fields.${c.field}`, { defaultValue: c.field })}</th>
                        <td className="audit-before">{c.before ?? "—"}</td>
                        <td className="audit-after">{c.after ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ol>
      )}
      <Pager page={filter.page} total={total} pageSize={pageSize} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
