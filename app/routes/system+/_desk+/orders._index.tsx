import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { DeskFilterSchema } from "./__orderDesk.server";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { toLanguage } from "~/i18n/config";
import { DESK_STATUSES, DESK_TABS } from "~/modules/desk/constants";
import { DESK_PAGE_SIZE, listDeskOrders } from "~/modules/desk/desk.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminOrders", "order"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.orderDesk");

/** All dealers' orders of the signed-in company entity (issue 17): the queue, filters, paging, export. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "ord:order:view", db);
  const url = new URL(request.url);
  const submission = parseWithZod(url.searchParams, { schema: DeskFilterSchema });
  const filter = submission.status === "success" ? submission.value : DeskFilterSchema.parse({});
  const { total, rows } = await listDeskOrders(db, { id: staff.id, code: staff.code, tenantId: staff.tenantId }, { ...filter, pageSize: DESK_PAGE_SIZE });
  const exportParams = new URLSearchParams(url.searchParams);
  exportParams.delete("page");
  return { filter, total, rows, pageSize: DESK_PAGE_SIZE, exportHref: `/system/orders/export?${exportParams.toString()}` };
}

export default function DeskOrders() {
  const { filter, total, rows, pageSize, exportHref } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("adminOrders");
  const { t: to } = useTranslation("order");
  const lang = toLanguage(i18n.language);
  const en = lang === "en";
  const tabHref = (tab: string) => `/system/orders?tab=${tab}`;
  return (
    <div className="admin-page desk-page">
      <div className="page-head">
        <h1>{t("title")}</h1>
        <a href={exportHref} className="btn btn-outline" data-testid="desk-export" download>
          {t("list.export")}
        </a>
      </div>
      <nav aria-label={t("tabs.label")} className="desk-tabs">
        <ul>
          {DESK_TABS.map((tab) => (
            <li key={tab}>
              <Link to={tabHref(tab)} aria-current={filter.tab === tab ? "page" : undefined} data-testid={`desk-tab-${tab}`}>
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="filter-form" role="search" aria-label={t("filter.search")}>
        <input type="hidden" name="tab" value={filter.tab} />
        <label>
          {t("filter.status")}
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("filter.anyStatus")}</option>
            {DESK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {to(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("filter.dealer")}
          <input type="search" name="dealer" defaultValue={filter.dealer ?? ""} maxLength={60} placeholder={t("filter.dealerHint")} />
        </label>
        <label>
          {t("filter.orderNo")}
          <input type="search" name="orderNo" defaultValue={filter.orderNo ?? ""} maxLength={40} />
        </label>
        <label>
          {t("filter.code")}
          <input type="search" name="code" defaultValue={filter.code ?? ""} maxLength={80} />
        </label>
        <label>
          {t("filter.poNo")}
          <input type="search" name="poNo" defaultValue={filter.poNo ?? ""} maxLength={60} />
        </label>
        <label>
          {t("filter.from")}
          <input type="date" name="from" defaultValue={filter.from ?? ""} />
        </label>
        <label>
          {t("filter.to")}
          <input type="date" name="to" defaultValue={filter.to ?? ""} />
        </label>
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("filter.search")}
          </button>
          <Link to={tabHref(filter.tab)} className="btn btn-outline">
            {t("filter.reset")}
          </Link>
        </div>
      </Form>
      <p className="result-count" data-testid="desk-count">
        {t("list.count", { count: total })}
      </p>
      <TableScroll label={t("list.caption")}>
        <table className="data-table" data-testid="desk-orders">
          <caption className="visually-hidden">{t("list.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("field.orderNo")}</th>
              <th scope="col">{t("field.customer")}</th>
              <th scope="col">{t("field.poNo")}</th>
              <th scope="col">{t("field.status")}</th>
              <th scope="col">{t("field.date")}</th>
              <th scope="col">{t("field.deliveryDate")}</th>
              <th scope="col" className="num">
                {t("field.items")}
              </th>
              <th scope="col" className="num">
                {t("field.openLines")}
              </th>
              <th scope="col" className="num">
                {t("field.payable")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="desk-order-row" data-order-no={r.order_no} data-status={r.status}>
                <td className="code">
                  <Link to={`/system/orders/${r.order_no}`}>{r.order_no}</Link>
                </td>
                <td className="cell-wrap">
                  <span className="code">{r.customer_code}</span> {en ? r.customer_name_en : r.customer_name_zh}
                </td>
                <td>{r.po_no ?? "—"}</td>
                <td>
                  <span className={`status status-${r.status}`}>{to(`status.${r.status}`)}</span>
                </td>
                <td>{formatDateTime(r.created_at)}</td>
                <td>{r.expected_delivery_date}</td>
                <td className="num">{r.items}</td>
                <td className="num">{r.open_lines}</td>
                <td className="num">{formatMoney(r.payable_amount, r.currency, lang)}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={9}>{t("list.empty")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </TableScroll>
      <Pager page={filter.page} total={total} pageSize={pageSize} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
