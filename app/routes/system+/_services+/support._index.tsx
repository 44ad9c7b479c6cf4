import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SupportFilterSchema } from "./__supportAdmin.server";
import { REQUEST_KIND, REQUEST_STATUS } from "~/components/support/labels";
import { StatusFilter } from "~/components/support/StaffParts";
import { RequestStatus } from "~/components/support/StatusTags";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { listStaffRequests } from "~/modules/support/requests.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.sampleToolBodyAndMarketingRequests");

/** Customer support's list of the entity's sample and tool-body requests (decision 050); the open ones by default. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:support:view", db);
  const url = new URL(request.url);
  const filter = SupportFilterSchema.parse({ status: url.searchParams.get("status") ?? "open", kind: url.searchParams.get("kind") ?? "" });
  const rows = await listStaffRequests(
    db,
    { id: user.id, code: user.code, tenantId: user.tenantId },
    { status: filter.status || undefined, kind: filter.kind || undefined },
  );
  return { filter, rows };
}

export default function SupportRequests() {
  const { filter, rows } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  return (
    <div className="admin-page">
      <h1>{t("request.adminTitle")}</h1>
      <p className="admin-toolbar">
        <Link to="/system/support/reservations">{t("reserve.adminTitle")}</Link>
        <Link to="/system/support/items">{t("items.title")}</Link>
      </p>
      <StatusFilter testId="support-filter" status={filter.status} statuses={REQUEST_STATUS}>
        <label>
          {t("request.filterKind")}
          <select name="kind" defaultValue={filter.kind}>
            <option value="">{t("request.all")}</option>
            <option value="sample">{t("request.kindSample")}</option>
            <option value="tool_body">{t("request.kindToolBody")}</option>
            <option value="marketing">{t("request.kindMarketing")}</option>
          </select>
        </label>
      </StatusFilter>
      {rows.length === 0 ? (
        <p className="admin-muted">{t("request.empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("request.table")}>
          <table className="data-table" data-testid="support-table">
            <thead>
              <tr>
                <th scope="col">{t("request.requestNo")}</th>
                <th scope="col">{t("request.kind")}</th>
                <th scope="col">{t("request.customer")}</th>
                <th scope="col">{t("request.products")}</th>
                <th scope="col">{t("request.createdAt")}</th>
                <th scope="col">{t("request.status")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/system/support/${r.id}`}>{r.request_no}</Link>
                  </td>
                  <td>{t(REQUEST_KIND[r.kind] ?? r.kind)}</td>
                  <td>
                    {r.customer_code} {en ? r.customer_name_en : r.customer_name_zh}
                  </td>
                  <td>{r.lines.map((l) => `${en ? l.en : l.code} × ${l.qty}`).join(", ")}</td>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>
                    <RequestStatus status={r.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
