import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRuleText } from "~/components/orders/RuleMessage";
import { getDb } from "~/db/index.server";
import { notFound, requireFunction } from "~/utils/guard.server";
import { getImportJob } from "~/modules/excel/import-jobs.server";
import { isUnderWay } from "~/modules/jobs/status";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["order"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

/** Progress and report of a batch import; refreshes itself (meta refresh, no JS needed) while running. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, "titles.batchImport"),
  ...(data?.underWay ? [{ httpEquiv: "refresh", content: "1" } as const] : []),
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFunction(request, "order:import");
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  const job = await getImportJob(getDb(), user, Number(id));
  if (!job) notFound();
  return { job, underWay: isUnderWay(job.status) };
}

export default function ImportStatusPage() {
  const { job, underWay } = useLoaderData<typeof loader>();
  const { t } = useTranslation("order");
  const ruleText = useRuleText();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!underWay) return;
    const timer = setTimeout(() => revalidator.revalidate(), 800);
    return () => clearTimeout(timer);
  }, [job, underWay, revalidator]);
  return (
    <div>
      <Trail items={[{ to: "/order/order", label: t("orders.title") }, { to: "/order/import", label: t("import.title") }, { label: job.file_name }]} />
      <h1 className="page-title">{t("import.title")}</h1>
      {underWay && (
        <div className="card" role="status" data-testid="import-progress">
          <p>{t("import.processing", { done: job.done, count: job.total })}</p>
          <progress max={job.total} value={job.done} style={{ width: "100%" }} />
          <p className="muted small">{t("import.refreshing")}</p>
        </div>
      )}
      {job.status === "failed" && (
        <p className="message message-error" role="alert">
          {t("import.failed", { reason: ruleText({ key: job.error_key ?? "order:import.unreadable" }) })}
        </p>
      )}
      {job.status === "done" && (
        <>
          <p className={`message ${job.bad_count ? "message-warning" : "message-success"}`} role="status" data-testid="import-done">
            {t("import.done", { count: job.ok_count, bad: job.bad_count })}
          </p>
          <p className="toolbar">
            <Link className="btn" to="/shopCart">
              {t("import.goCart")}
            </Link>
            <Link className="btn btn-outline" to="/order/import">
              {t("import.again")}
            </Link>
          </p>
          <div className="table-scroll">
            <table className="data-table import-report stack-table" data-testid="import-report">
              <thead>
                <tr>
                  <th className="num">{t("import.row")}</th>
                  <th>{t("cart.code")}</th>
                  <th className="num">{t("cart.qty")}</th>
                  <th>{t("import.result")}</th>
                </tr>
              </thead>
              <tbody>
                {job.report.slice(0, 1000).map((r) => (
                  <tr key={r.lineNo} className={r.ok ? undefined : "line-invalid"}>
                    <td className="num" data-label={t("import.row")}>
                      {r.lineNo}
                    </td>
                    <td className="code" data-label={t("cart.code")}>
                      {r.code}
                    </td>
                    <td className="num" data-label={t("cart.qty")}>
                      {r.qty ?? "—"}
                    </td>
                    <td data-label={t("import.result")} data-col="result">
                      {r.ok ? t("import.accepted") : `${t("import.refused")}: ${ruleText(r.error)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
