import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { QuoteStatus } from "~/components/quotation/QuoteDetails";
import { QuoteFilterSchema } from "./__quotationAdmin.server";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { isExpired, listStaffQuotations } from "~/modules/quotation/requests.server";
import { QUOTE_STATUSES } from "~/modules/quotation/status";
import quotationCss from "~/styles/quotation.css";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { AdminListPage, FilterSelect, type Column } from "~/components/admin/AdminList";

export const handle = { i18n: ["quotation"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: quotationCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.toolQuotations");

/** The entity's customized tool quotation requests (decision 051): those waiting for a quote by default. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:quote:view", db);
  const filter = QuoteFilterSchema.parse({ status: new URL(request.url).searchParams.get("status") ?? "submitted" });
  const rows = await listStaffQuotations(db, { id: user.id, code: user.code, tenantId: user.tenantId }, { status: filter.status || undefined });
  return { filter, rows: rows.map((r) => ({ ...r, expired: isExpired(r) })) };
}

export default function Quotations() {
  const { filter, rows } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("quotation");
  const en = i18n.language === "en";
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("quoteNo"), code: true, cell: (r) => <Link to={`/system/quotation/${r.id}`}>{r.quote_no}</Link> },
    { header: t("customer"), name: true, cell: (r) => `${r.customer_code} ${en ? r.customer_name_en : r.customer_name_zh}` },
    { header: t("type"), cell: (r) => (en ? r.type_en : r.type_zh) },
    { header: t("staff.requested"), numeric: true, cell: (r) => r.qty },
    { header: t("createdAt"), cell: (r) => formatDateTime(r.created_at) },
    { header: t("status"), cell: (r) => <QuoteStatus status={r.status} expired={r.expired} /> },
  ];
  return (
    <AdminListPage
      title={t("staff.listTitle")}
      actions={
        <Can funcCode="svc:quoteType:edit">
          <Link to="/system/quotationToolType" className="btn btn-outline">
            {t("types.manage")}
          </Link>
        </Can>
      }
      filterLabel={t("staff.filter")}
      filterTestId="quote-filter"
      filters={
        <FilterSelect
          name="status"
          label={t("staff.filterStatus")}
          value={filter.status}
          all={t("staff.all")}
          options={QUOTE_STATUSES.map((s) => ({ value: s, label: t(`statusLabel.${s}`) }))}
        />
      }
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty={t("staff.empty")}
      tableTestId="quote-table"
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
