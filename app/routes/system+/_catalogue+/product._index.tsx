import { formatAmount } from "~/i18n/format";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { ProductFilterSchema } from "../__catalogAdmin.server";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { listProducts, PRODUCT_PAGE_SIZE } from "~/modules/admin/catalogue-products.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.products");

/** Products: a keyword goes through the shop's own search; otherwise by node and status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cat:product:view", db);
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: ProductFilterSchema });
  const filter = submission.status === "success" ? submission.value : { q: undefined, node: undefined, status: undefined, page: 1 };
  return { filter, pageSize: PRODUCT_PAGE_SIZE, canEdit: user.funcCodes.has("cat:product:edit"), ...(await listProducts(db, filter, filter.page)) };
}

export default function Products() {
  const { filter, total, rows, keywordError, pageSize, canEdit } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  return (
    <div className="admin-page">
      <div className="page-head">
        <h1>{t("product.title")}</h1>
        {canEdit ? (
          <Link to="/system/product/new" className="btn" data-testid="new-product">
            {t("product.new")}
          </Link>
        ) : null}
      </div>
      <Form method="get" className="filter-form" role="search" aria-label={t("common.search")}>
        <label>
          {t("product.q")}
          <input type="search" name="q" defaultValue={filter.q ?? ""} maxLength={100} />
        </label>
        <label>
          {t("product.node")}
          <input name="node" defaultValue={filter.node ?? ""} maxLength={40} />
        </label>
        <label>
          {t("product.status")}
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("common.all")}</option>
            <option value="active">{t("product.statusActive")}</option>
            <option value="delisted">{t("product.statusDelisted")}</option>
          </select>
        </label>
        <button type="submit" className="btn">
          {t("common.search")}
        </button>
      </Form>
      {keywordError ? (
        <p className="message message-error" role="alert">
          {t(keywordError)}
        </p>
      ) : null}
      <p className="result-count">{t("common.count", { count: total })}</p>
      <TableScroll label={t("product.title")}>
        <table className="data-table" data-testid="product-table">
          <caption className="visually-hidden">{t("product.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("product.orderingCode")}</th>
              <th scope="col">{t("product.name")}</th>
              <th scope="col">{t("product.specification")}</th>
              <th scope="col">{t("product.node")}</th>
              <th scope="col" className="num">
                {t("product.listPrice")}
              </th>
              <th scope="col">{t("product.status")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`product-${r.id}`}>
                <td className="code">
                  <Link to={`/system/product/${r.id}`}>{r.ordering_code}</Link>
                </td>
                <td className="cell-wrap">{en ? r.name_en : r.name_zh}</td>
                <td className="cell-wrap">{r.specification}</td>
                <td className="code">{r.catalogue_code}</td>
                <td className="num">{r.list_price === null ? t("product.onRequest") : formatAmount(r.list_price)}</td>
                <td>{r.status === "delisted" ? t("product.statusDelisted") : t("product.statusActive")}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6}>{t("common.empty")}</td>
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
