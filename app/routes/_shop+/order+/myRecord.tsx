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
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

const PAGE_SIZE = 20;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "发货记录", "Delivery records");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const f = parseDeliveryFilters(new URL(request.url).searchParams);
  const result = await listDeliveries(getDb(), user, { ...f, pageSize: PAGE_SIZE });
  return { filters: f, ...result, query: filterQuery({ ...f, page: undefined }) };
}

export default function DeliveryRecordsPage() {
  const { filters, rows, total, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("order");
  return (
    <div>
      <nav aria-label="breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to="/order/order">{t("orders.title")}</Link>
          </li>
          <li aria-current="page">{t("records.title")}</li>
        </ol>
      </nav>
      <div className="page-head">
        <h1 className="page-title">{t("records.title")}</h1>
        <Can funcCode="order:export">
          <a className="btn btn-outline" href={`/order/export?kind=records${query ? `&${query}` : ""}`} download data-testid="export-records">
            {t("orders.export")}
          </a>
        </Can>
      </div>
      <OrderFilters fields={["from", "to", "orderNo", "code", "trackingNo"]} values={filters} resetTo="/order/myRecord" />
      {rows.length === 0 ? (
        <p className="card muted">{t("records.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table stack-table" data-testid="records-table">
            <thead>
              <tr>
                <th>{t("records.shipDate")}</th>
                <th>{t("orders.orderNo")}</th>
                <th>{t("cart.code")}</th>
                <th className="num">{t("records.qty")}</th>
                <th className="num">{t("records.orderedQty")}</th>
                <th>{t("records.carrier")}</th>
                <th>{t("records.trackingNo")}</th>
                <th>{t("records.packingSlip")}</th>
                <th>{t("records.batchNo")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="record-row">
                  <td data-label={t("records.shipDate")}>{r.ship_date}</td>
                  <td data-label={t("orders.orderNo")}>
                    <Link className="code" to={`/order/orderDetails?orderNo=${encodeURIComponent(r.order_no)}`}>
                      {r.order_no}
                    </Link>
                  </td>
                  <td data-label={t("cart.code")}>
                    <span className="code">{r.ordering_code}</span>
                    <div className="muted small">{i18n.language === "en" ? r.name_en : r.name_zh}</div>
                  </td>
                  <td className="num" data-label={t("records.qty")}>{r.qty}</td>
                  <td className="num" data-label={t("records.orderedQty")}>{r.ordered_qty}</td>
                  <td data-label={t("records.carrier")}>{r.carrier}</td>
                  <td className="code" data-label={t("records.trackingNo")}>{r.tracking_no}</td>
                  <td data-label={t("records.packingSlip")}>{r.packing_slip_no}</td>
                  <td data-label={t("records.batchNo")}>{r.batch_no}</td>
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
