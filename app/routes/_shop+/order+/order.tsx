import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Can } from "~/components/Can";
import { Pager } from "~/components/Pager";
import { OrderFilters } from "~/components/orders/OrderFilters";
import { StatusTag } from "~/components/orders/StatusTag";
import { getDb } from "~/db/index.server";
import type { Language } from "~/i18n/config";
import { formatDate, formatMoney } from "~/i18n/format";
import { requireUser } from "~/utils/guard.server";
import { filterQuery } from "~/modules/orders/filters";
import { parseOrderFilters } from "~/modules/orders/filters.server";
import { ORDER_COLUMNS, ORDER_TABS, type OrderColumn } from "~/modules/orders/columns";
import { getColumns } from "~/modules/columns/columns.server";
import { listOrders } from "~/modules/orders/orders.server";
import { ColumnChooser } from "~/components/orders/ColumnChooser";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["order"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

const PAGE_SIZE = 20;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.myOrders");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const f = parseOrderFilters(url.searchParams);
  const [result, columns] = await Promise.all([listOrders(db, user, { ...f, pageSize: PAGE_SIZE }), getColumns(db, user.id, "order_list")]);
  return { filters: f, ...result, columns, currency: user.currency, query: filterQuery({ ...f, page: undefined }) };
}

export default function OrdersPage() {
  const { filters, rows, total, columns, currency, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("order");
  const lang = i18n.language as Language;
  const money = (n: number) => formatMoney(n, currency, lang);
  const tabQuery = filterQuery({ ...filters, tab: undefined, page: undefined });
  const cell: Record<OrderColumn, (r: (typeof rows)[number]) => React.ReactNode> = {
    orderNo: (r) => (
      <Link className="code" to={`/order/orderDetails?orderNo=${encodeURIComponent(r.order_no)}`}>
        {r.order_no}
      </Link>
    ),
    poNo: (r) => r.po_no ?? "—",
    status: (r) => <StatusTag status={r.status} />,
    date: (r) => formatDate(r.created_at),
    user: (r) => r.user_code,
    items: (r) => r.items,
    goods: (r) => money(r.goods_amount),
    discount: (r) => money(r.discount_amount),
    shipping: (r) => money(r.shipping_fee),
    payable: (r) => money(r.payable_amount),
    deliveryDate: (r) => r.expected_delivery_date,
  };
  const numeric = new Set<OrderColumn>(["items", "goods", "discount", "shipping", "payable"]);
  return (
    <div className="orders-page">
      <div className="page-head">
        <h1 className="page-title">{t("orders.title")}</h1>
        <div className="toolbar">
          <Link className="btn btn-outline" to="/order/myRecord">
            {t("orders.deliveryRecords")}
          </Link>
          <Can funcCode="order:import">
            <Link className="btn btn-outline" to="/order/import">
              {t("orders.import")}
            </Link>
          </Can>
          <Can funcCode="order:export">
            <a className="btn btn-outline" href={`/order/export?kind=orders${query ? `&${query}` : ""}`} download data-testid="export-orders">
              {t("orders.export")}
            </a>
          </Can>
        </div>
      </div>
      <nav className="tabs" aria-label={t("orders.title")}>
        {ORDER_TABS.map((tab) => (
          <Link key={tab} to={`?tab=${tab}${tabQuery ? `&${tabQuery}` : ""}`} aria-current={filters.tab === tab ? "page" : undefined}>
            {t(`orders.tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      <OrderFilters
        fields={["from", "to", "status", "orderNo", "poNo", "code"]}
        values={filters}
        resetTo={`?tab=${filters.tab}`}
        hidden={{ tab: filters.tab }}
      />
      <div className="toolbar">
        <ColumnChooser module="order_list" columns={ORDER_COLUMNS} chosen={columns} fixed="orderNo" label={(c) => t(`orders.col.${c}`)} />
      </div>
      {rows.length === 0 ? (
        <p className="card muted">{t("orders.noOrders")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table orders-table stack-table" data-testid="orders-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className={numeric.has(c) ? "num" : undefined}>
                    {t(`orders.col.${c}`)}
                  </th>
                ))}
                <th scope="col">{t("orders.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="order-row" data-order-no={r.order_no} data-status={r.status}>
                  {columns.map((c) => (
                    <td key={c} className={numeric.has(c) ? "num" : undefined} data-label={t(`orders.col.${c}`)} data-col={c}>
                      {cell[c](r)}
                    </td>
                  ))}
                  <td data-label={t("orders.actions")}>
                    <Link to={`/order/orderDetails?orderNo=${encodeURIComponent(r.order_no)}`} data-testid="order-view">
                      {t("orders.view")}
                    </Link>
                  </td>
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
