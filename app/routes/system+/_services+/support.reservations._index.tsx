import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReservationFilterSchema } from "./__supportAdmin.server";

import { RESERVATION_STATUS } from "~/components/support/labels";

import { ReservationStatus } from "~/components/support/StatusTags";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { RESERVATION_PAGE_SIZE } from "~/modules/support/reservation-status";
import { listStaffReservations } from "~/modules/support/reservations.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { SupportStatusSelect } from "~/components/support/StaffParts";
import { AdminListPage, type Column } from "~/components/admin/AdminList";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.stockReservations");

/** Customer support's list of the entity's stock reservations (decision 052); the open ones by default, paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:reserve:view", db);
  const url = new URL(request.url);
  const filter = ReservationFilterSchema.parse({ status: url.searchParams.get("status") ?? "open", page: url.searchParams.get("page") ?? undefined });
  const { rows, total } = await listStaffReservations(
    db,
    { id: user.id, code: user.code, tenantId: user.tenantId },
    { status: filter.status || undefined, page: filter.page },
  );
  return { filter, rows, total, pageSize: RESERVATION_PAGE_SIZE };
}

export default function Reservations() {
  const { filter, rows, total, pageSize } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("reserve.reservationNo"), code: true, cell: (r) => <Link to={`/system/support/reservations/${r.id}`}>{r.reservation_no}</Link> },
    { header: t("request.customer"), name: true, cell: (r) => `${r.customer_code} ${en ? r.customer_name_en : r.customer_name_zh}` },
    { header: t("reserve.project"), wrap: true, cell: (r) => `${r.project} · ${r.end_customer}` },
    { header: t("reserve.period"), cell: (r) => t("reserve.periodValue", { from: r.starts_on, to: r.ends_on }) },
    { header: t("reserve.lines"), wrap: true, cell: (r) => r.lines.map((l) => `${l.code} × ${r.status === "submitted" ? l.qty : l.approved}`).join(", ") },
    { header: t("reserve.createdAt"), cell: (r) => formatDateTime(r.created_at) },
    { header: t("reserve.status"), cell: (r) => <ReservationStatus status={r.status} /> },
  ];
  return (
    <AdminListPage
      title={t("reserve.adminTitle")}
      actions={
        <Link to="/system/support" className="btn btn-outline">
          {t("request.adminTitle")}
        </Link>
      }
      filterLabel={t("request.filter")}
      filterTestId="reserve-filter"
      filters={<SupportStatusSelect status={filter.status} statuses={RESERVATION_STATUS} />}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty={t("reserve.empty")}
      tableTestId="reserve-table"
      page={filter.page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
