import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SupportFilterSchema } from "./__supportAdmin.server";
import { REQUEST_KIND, REQUEST_STATUS } from "~/components/support/labels";

import { RequestStatus } from "~/components/support/StatusTags";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { listStaffRequests } from "~/modules/support/requests.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { SupportStatusSelect } from "~/components/support/StaffParts";
import { AdminListPage, FilterSelect, type Column } from "~/components/admin/AdminList";

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
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("request.requestNo"), code: true, cell: (r) => <Link to={`/system/support/${r.id}`}>{r.request_no}</Link> },
    { header: t("request.kind"), cell: (r) => t(REQUEST_KIND[r.kind] ?? r.kind) },
    { header: t("request.customer"), name: true, cell: (r) => `${r.customer_code} ${en ? r.customer_name_en : r.customer_name_zh}` },
    { header: t("request.products"), wrap: true, cell: (r) => r.lines.map((l) => `${en ? l.en : l.code} × ${l.qty}`).join(", ") },
    { header: t("request.createdAt"), cell: (r) => formatDateTime(r.created_at) },
    { header: t("request.status"), cell: (r) => <RequestStatus status={r.status} /> },
  ];
  return (
    <AdminListPage
      title={t("request.adminTitle")}
      actions={
        <>
          <Link to="/system/support/reservations" className="btn btn-outline">
            {t("reserve.adminTitle")}
          </Link>
          <Link to="/system/support/items" className="btn btn-outline">
            {t("items.title")}
          </Link>
        </>
      }
      filterLabel={t("request.filter")}
      filterTestId="support-filter"
      filters={
        <>
          <SupportStatusSelect status={filter.status} statuses={REQUEST_STATUS} />
          <FilterSelect
            name="kind"
            label={t("request.filterKind")}
            value={filter.kind}
            all={t("request.all")}
            options={[
              { value: "sample", label: t("request.kindSample") },
              { value: "tool_body", label: t("request.kindToolBody") },
              { value: "marketing", label: t("request.kindMarketing") },
            ]}
          />
        </>
      }
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty={t("request.empty")}
      tableTestId="support-table"
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
