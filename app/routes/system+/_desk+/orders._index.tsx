import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { DeskFilterSchema } from "./__orderDesk.server";

import { getDb } from "~/db/index.server";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { toLanguage } from "~/i18n/config";
import { DESK_STATUSES, DESK_TABS } from "~/modules/desk/constants";
import { DESK_PAGE_SIZE, listDeskOrders } from "~/modules/desk/desk.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { AdminListPage, FilterInput, FilterSelect, type Column } from "~/components/admin/AdminList";

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
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("field.orderNo"), code: true, cell: (r) => <Link to={`/system/orders/${r.order_no}`}>{r.order_no}</Link> },
    {
      header: t("field.customer"),
      name: true,
      cell: (r) => (
        <>
          <span className="code">{r.customer_code}</span> {en ? r.customer_name_en : r.customer_name_zh}
        </>
      ),
    },
    { header: t("field.poNo"), code: true, cell: (r) => r.po_no ?? "—" },
    { header: t("field.status"), cell: (r) => <span className={`status status-${r.status}`}>{to(`status.${r.status}`)}</span> },
    { header: t("field.date"), cell: (r) => formatDateTime(r.created_at) },
    { header: t("field.deliveryDate"), cell: (r) => r.expected_delivery_date },
    { header: t("field.items"), numeric: true, cell: (r) => r.items },
    { header: t("field.openLines"), numeric: true, cell: (r) => r.open_lines },
    { header: t("field.payable"), numeric: true, cell: (r) => formatMoney(r.payable_amount, r.currency, lang) },
  ];
  return (
    <AdminListPage
      className="desk-page"
      title={t("title")}
      caption={t("list.caption")}
      actions={
        <a href={exportHref} className="btn btn-outline" data-testid="desk-export" download>
          {t("list.export")}
        </a>
      }
      tabs={{
        label: t("tabs.label"),
        items: DESK_TABS.map((tab) => ({ href: tabHref(tab), label: t(`tabs.${tab}`), current: filter.tab === tab, testId: `desk-tab-${tab}` })),
      }}
      filterLabel={t("filter.search")}
      resetHref={tabHref(filter.tab)}
      filters={
        <>
          <input type="hidden" name="tab" value={filter.tab} />
          <FilterSelect
            name="status"
            label={t("filter.status")}
            value={filter.status}
            all={t("filter.anyStatus")}
            options={DESK_STATUSES.map((s) => ({ value: s, label: to(`status.${s}`) }))}
          />
          <FilterInput name="dealer" label={t("filter.dealer")} value={filter.dealer} maxLength={60} placeholder={t("filter.dealerHint")} />
          <FilterInput name="orderNo" label={t("filter.orderNo")} value={filter.orderNo} maxLength={40} />
          <FilterInput name="code" label={t("filter.code")} value={filter.code} maxLength={80} />
          <FilterInput name="poNo" label={t("filter.poNo")} value={filter.poNo} maxLength={60} />
          <FilterInput name="from" label={t("filter.from")} value={filter.from} type="date" />
          <FilterInput name="to" label={t("filter.to")} value={filter.to} type="date" />
        </>
      }
      countText={t("list.count", { count: total })}
      countTestId="desk-count"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-testid": "desk-order-row", "data-order-no": r.order_no, "data-status": r.status })}
      empty={t("list.empty")}
      tableTestId="desk-orders"
      page={filter.page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
