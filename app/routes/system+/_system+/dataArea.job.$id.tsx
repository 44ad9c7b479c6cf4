import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/index.server";
import { getInitialisationJob, TENANT_INIT_RESUMED } from "~/modules/admin/data-areas.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { dataAreaMeta, idParam } from "./__dataArea";
import { isUnderWay } from "~/modules/jobs/status";

export const handle = { i18n: ["adminData"] };

/** While the copy runs the page reloads itself every 2 seconds (a meta refresh: no JavaScript needed). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...dataAreaMeta(matches, "jobTitle"),
  ...(data && isUnderWay(data.job.status) ? [{ httpEquiv: "refresh", content: "2" } as const] : []),
];

/** Progress of "add and initialise from a parent" (a tenant_init background job). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:dataArea:view", db);
  const id = idParam(params.id) ?? notFound();
  const job = await notFoundWhenMissing(() => getInitialisationJob(db, id));
  return { job, resumed: job.message === TENANT_INIT_RESUMED };
}

export default function DataAreaJob() {
  const { job, resumed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("adminData");
  const status = job.status === "done" ? "done" : job.status === "failed" ? "failed" : "running";
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/dataArea">{t("dataArea.back")}</Link>
      </p>
      <h1 className="page-title">{t("dataArea.jobTitle")}</h1>
      <section className="card" data-testid="data-area-job" data-status={status}>
        <dl className="detail-list">
          <div>
            <dt>{t("dataArea.job.entity")}</dt>
            <dd className="code">{job.tenant_code ?? t("dataArea.none")}</dd>
          </div>
          <div>
            <dt>{t("dataArea.columns.status")}</dt>
            <dd>{t(`dataArea.job.status.${status}`)}</dd>
          </div>
        </dl>
        <p role="status">{t("dataArea.job.progress", { done: job.done, count: job.total })}</p>
        <progress max={Math.max(job.total, 1)} value={job.total ? job.done : status === "done" ? 1 : 0} style={{ width: "100%" }} />
        {resumed && status !== "failed" ? <p className="message">{t("dataArea.job.resumed")}</p> : null}
        {status === "running" ? <p className="muted small">{t("dataArea.job.refreshing")}</p> : null}
        {status === "failed" ? (
          <p className="message message-error" role="alert">
            {t("dataArea.job.failed", { message: job.message ?? "" })}
          </p>
        ) : null}
        {status === "done" ? <p className="message message-success">{t("dataArea.job.done")}</p> : null}
        {job.subject_id !== null && job.tenant_code ? (
          <p>
            <Link to={`/system/dataArea/${job.subject_id}`}>{t("dataArea.job.toEntity")}</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
