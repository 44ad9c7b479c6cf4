import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Can } from "~/components/Can";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { OrderFilters } from "~/components/orders/OrderFilters";
import { getDb } from "~/db/index.server";
import { requireUser } from "~/utils/guard.server";
import { filterQuery } from "~/modules/orders/filters";
import { parseDeliveryFilters } from "~/modules/orders/filters.server";
import { listDeliveries } from "~/modules/orders/orders.server";
import { getColumns } from "~/modules/columns/columns.server";
import { RECORD_COLUMNS, type RecordColumn } from "~/modules/orders/columns";
import { ColumnChooser } from "~/components/orders/ColumnChooser";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["order"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

const PAGE_SIZE = 20;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.deliveryRecords");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const f = parseDeliveryFilters(new URL(request.url).searchParams);
  const db = getDb();
  const [result, columns] = await Promise.all([listDeliveries(db, user, { ...f, pageSize: PAGE_SIZE }), getColumns(db, user.id, "delivery_records")]);
  return { filters: f, ...result, columns, query: filterQuery({ ...f, page: undefined }) };
}

export default function DeliveryRecordsPage() {
  const { filters, rows, total, columns, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("order");
  const label = (c: RecordColumn) => t(c === "orderNo" ? "orders.orderNo" : c === "code" ? "cart.code" : `records.${c}`);
  const numeric = new Set<RecordColumn>(["qty", "orderedQty"]);
  const cell: Record<RecordColumn, (r: (typeof rows)[number]) => React.ReactNode> = {
    shipDate: (r) => r.ship_date,
    orderNo: (r) => (
      <Link className="code" to={`/order/orderDetails?orderNo=${encodeURIComponent(r.order_no)}`}>
        {r.order_no}
      </Link>
    ),
    code: (r) => (
      <>
        <span className="code">{r.ordering_code}</span>
        <div className="muted small">{i18n.language === "en" ? r.name_en : r.name_zh}</div>
      </>
    ),
    qty: (r) => r.qty,
    orderedQty: (r) => r.ordered_qty,
    carrier: (r) => r.carrier,
    trackingNo: (r) => <span className="code">{r.tracking_no}</span>,
    packingSlip: (r) => r.packing_slip_no,
    batchNo: (r) => r.batch_no,
  };
  return (
    <div>
      <Trail items={[{ to: "/order/order", label: t("orders.title") }, { label: t("records.title") }]} />
      <div className="page-head">
        <h1 className="page-title">{t("records.title")}</h1>
        <Can funcCode="order:export">
          <a className="btn btn-outline" href={`/order/export?kind=records${query ? `&${query}` : ""}`} download data-testid="export-records">
            {t("orders.export")}
          </a>
        </Can>
      </div>
      <OrderFilters fields={["from", "to", "orderNo", "code", "trackingNo"]} values={filters} resetTo="/order/myRecord" />
      <div className="toolbar">
        <ColumnChooser module="delivery_records" columns={RECORD_COLUMNS} chosen={columns} fixed="orderNo" label={(c) => label(c as RecordColumn)} />
      </div>
      {rows.length === 0 ? (
        <p className="card muted">{t("records.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table stack-table" data-testid="records-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className={numeric.has(c) ? "num" : undefined}>
                    {label(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="record-row">
                  {columns.map((c) => (
                    <td key={c} className={numeric.has(c) ? "num" : undefined} data-label={label(c)} data-col={c}>
                      {cell[c](r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="list-total">{t("orders.total", { n: total })}</p>
      <Pager page={filters.page} pageSize={PAGE_SIZE} total={total} />
    </div>
  );
}
