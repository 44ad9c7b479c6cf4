import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReservationFilterSchema } from "./__supportAdmin.server";
import { Pager } from "~/components/Pager";
import { RESERVATION_STATUS } from "~/components/support/labels";
import { StatusFilter } from "~/components/support/StaffParts";
import { ReservationStatus } from "~/components/support/StatusTags";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { RESERVATION_PAGE_SIZE } from "~/modules/support/reservation-status";
import { listStaffReservations } from "~/modules/support/reservations.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

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
  return (
    <div className="admin-page">
      <h1>{t("reserve.adminTitle")}</h1>
      <StatusFilter testId="reserve-filter" status={filter.status} statuses={RESERVATION_STATUS} />
      {rows.length === 0 ? (
        <p className="admin-muted">{t("reserve.empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("reserve.table")}>
          <table className="data-table" data-testid="reserve-table">
            <thead>
              <tr>
                <th scope="col">{t("reserve.reservationNo")}</th>
                <th scope="col">{t("request.customer")}</th>
                <th scope="col">{t("reserve.project")}</th>
                <th scope="col">{t("reserve.period")}</th>
                <th scope="col">{t("reserve.lines")}</th>
                <th scope="col">{t("reserve.createdAt")}</th>
                <th scope="col">{t("reserve.status")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/system/support/reservations/${r.id}`}>{r.reservation_no}</Link>
                  </td>
                  <td>
                    {r.customer_code} {en ? r.customer_name_en : r.customer_name_zh}
                  </td>
                  <td>
                    {r.project} · {r.end_customer}
                  </td>
                  <td>{t("reserve.periodValue", { from: r.starts_on, to: r.ends_on })}</td>
                  <td>{r.lines.map((l) => `${l.code} × ${r.status === "submitted" ? l.qty : l.approved}`).join(", ")}</td>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>
                    <ReservationStatus status={r.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={filter.page} total={total} pageSize={pageSize} />
      <p>
        <Link to="/system/support">{t("request.adminTitle")}</Link>
      </p>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
