import { formatAmount } from "~/i18n/format";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { CustomerFilterSchema } from "../__catalogAdmin.server";

import { getDb } from "~/db/index.server";
import { CUSTOMER_PAGE_SIZE, listCustomers } from "~/modules/admin/customers.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { AdminListPage, FilterInput, type Column } from "~/components/admin/AdminList";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.customers");

/** Dealers with their terms (decision 045). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "cus:customer:view", db);
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: CustomerFilterSchema });
  const filter = submission.status === "success" ? submission.value : { q: undefined, page: 1 };
  return { filter, pageSize: CUSTOMER_PAGE_SIZE, ...(await listCustomers(db, filter, filter.page)) };
}

export default function Customers() {
  const { filter, total, rows, pageSize } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("customer.code"), code: true, cell: (r) => <Link to={`/system/customer/${r.id}`}>{r.code}</Link> },
    { header: t("customer.name"), name: true, cell: (r) => (en ? r.name_en : r.name_zh) },
    { header: t("customer.creditLimit"), numeric: true, cell: (r) => formatAmount(r.credit_limit) },
    { header: t("customer.paymentTerms"), numeric: true, cell: (r) => t("customer.termsPair", { onAccount: r.payment_terms_days, bill: r.bill_terms_days }) },
    { header: t("customer.discount"), numeric: true, cell: (r) => `${(r.discount_bp / 100).toFixed(2)} %` },
    {
      header: t("customer.freeShipping"),
      numeric: true,
      cell: (r) => (r.free_shipping_amount === null ? t("customer.entityDefault") : formatAmount(r.free_shipping_amount)),
    },
    { header: t("customer.exportSales"), cell: (r) => (r.export_sales ? t("common.yes") : t("common.no")) },
  ];
  return (
    <AdminListPage
      title={t("customer.title")}
      filterLabel={t("common.search")}
      filters={<FilterInput name="q" label={t("customer.q")} value={filter.q} maxLength={60} />}
      countText={t("common.count", { count: total })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-testid": `customer-${r.code}` })}
      empty={t("common.empty")}
      tableTestId="customer-table"
      page={filter.page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
