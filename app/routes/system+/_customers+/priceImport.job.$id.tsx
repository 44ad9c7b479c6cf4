import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { idParam } from "../__catalogAdmin.server";
import { getDb } from "~/db/index.server";
import { getPriceImportJob } from "~/modules/admin/price-import.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { isUnderWay } from "~/modules/jobs/status";

export const handle = { i18n: ["adminCatalog"] };

/** While the import runs the page reloads itself every 2 seconds (a meta refresh: no JavaScript needed). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, "admin:titles.importProgress"),
  ...(data && isUnderWay(data.job.status) ? [{ httpEquiv: "refresh", content: "2" } as const] : []),
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "cus:price:import", db);
  const id = idParam(params.id) ?? notFound();
  return { job: await notFoundWhenMissing(() => getPriceImportJob(db, id)) };
}

export default function PriceImportJob() {
  const { job } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  const status = job.status === "done" ? "done" : job.status === "failed" ? "failed" : "running";
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/priceImport">{t("import.again")}</Link>
      </p>
      <h1>{t("import.jobTitle")}</h1>
      <section data-testid="import-job" data-status={status}>
        <dl className="admin-details">
          <div>
            <dt>{t("import.file")}</dt>
            <dd className="cell-wrap">{job.file}</dd>
          </div>
          <div>
            <dt>{t("customer.entity")}</dt>
            <dd>
              {job.tenant_code} {en ? job.tenant_name_en : job.tenant_name_zh}
            </dd>
          </div>
          <div>
            <dt>{t("import.status")}</dt>
            <dd>{t(`import.state.${status}`)}</dd>
          </div>
        </dl>
        {status === "running" ? (
          <>
            <p role="status">{t("import.progress", { done: job.done, count: job.total })}</p>
            <progress max={Math.max(job.total, 1)} value={job.done} className="admin-progress" aria-label={t("import.jobTitle")} />
            <p className="admin-muted small">{t("import.refreshing")}</p>
          </>
        ) : null}
        {status === "failed" ? (
          <p className="message message-error" role="alert" data-testid="import-failed">
            {job.error ? t(job.error.key, job.error.values) : t("import.error.unreadable")} {t("import.nothingChanged")}
          </p>
        ) : null}
        {status === "done" ? (
          <p className="message message-success" role="status" data-testid="import-done">
            {t("import.done", { count: job.rows ?? job.total })}
          </p>
        ) : null}
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
