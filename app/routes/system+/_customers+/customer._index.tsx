import { formatAmount } from "~/i18n/format";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { CustomerFilterSchema } from "../__catalogAdmin.server";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { CUSTOMER_PAGE_SIZE, listCustomers } from "~/modules/admin/customers.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

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
  return (
    <div className="admin-page">
      <h1>{t("customer.title")}</h1>
      <Form method="get" className="filter-form" role="search" aria-label={t("common.search")}>
        <label>
          {t("customer.q")}
          <input type="search" name="q" defaultValue={filter.q ?? ""} maxLength={60} />
        </label>
        <button type="submit" className="btn">
          {t("common.search")}
        </button>
      </Form>
      <p className="result-count">{t("common.count", { count: total })}</p>
      <TableScroll label={t("customer.title")}>
        <table className="data-table" data-testid="customer-table">
          <caption className="visually-hidden">{t("customer.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("customer.code")}</th>
              <th scope="col">{t("customer.name")}</th>
              <th scope="col" className="num">
                {t("customer.creditLimit")}
              </th>
              <th scope="col" className="num">
                {t("customer.paymentTerms")}
              </th>
              <th scope="col" className="num">
                {t("customer.discount")}
              </th>
              <th scope="col" className="num">
                {t("customer.freeShipping")}
              </th>
              <th scope="col">{t("customer.exportSales")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`customer-${r.code}`}>
                <td className="code">
                  <Link to={`/system/customer/${r.id}`}>{r.code}</Link>
                </td>
                <td className="cell-wrap">{en ? r.name_en : r.name_zh}</td>
                <td className="num">{formatAmount(r.credit_limit)}</td>
                <td className="num">{t("customer.termsPair", { onAccount: r.payment_terms_days, bill: r.bill_terms_days })}</td>
                <td className="num">{(r.discount_bp / 100).toFixed(2)} %</td>
                <td className="num">{r.free_shipping_amount === null ? t("customer.entityDefault") : formatAmount(r.free_shipping_amount)}</td>
                <td>{r.export_sales ? t("common.yes") : t("common.no")}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7}>{t("common.empty")}</td>
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
