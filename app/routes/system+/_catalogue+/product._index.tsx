import { formatAmount } from "~/i18n/format";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { ProductFilterSchema } from "../__catalogAdmin.server";

import { getDb } from "~/db/index.server";
import { listProducts, PRODUCT_PAGE_SIZE } from "~/modules/admin/catalogue-products.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { AdminListPage, FilterInput, FilterSelect, type Column } from "~/components/admin/AdminList";

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
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("product.orderingCode"), code: true, cell: (r) => <Link to={`/system/product/${r.id}`}>{r.ordering_code}</Link> },
    { header: t("product.name"), name: true, cell: (r) => (en ? r.name_en : r.name_zh) },
    { header: t("product.specification"), wrap: true, cell: (r) => r.specification },
    { header: t("product.node"), code: true, cell: (r) => r.catalogue_code },
    { header: t("product.listPrice"), numeric: true, cell: (r) => (r.list_price === null ? t("product.onRequest") : formatAmount(r.list_price)) },
    { header: t("product.status"), cell: (r) => (r.status === "delisted" ? t("product.statusDelisted") : t("product.statusActive")) },
  ];
  return (
    <AdminListPage
      title={t("product.title")}
      actions={
        canEdit ? (
          <Link to="/system/product/new" className="btn" data-testid="new-product">
            {t("product.new")}
          </Link>
        ) : null
      }
      filterLabel={t("common.search")}
      filters={
        <>
          <FilterInput name="q" label={t("product.q")} value={filter.q} maxLength={100} />
          <FilterInput name="node" label={t("product.node")} value={filter.node} type="text" maxLength={40} />
          <FilterSelect
            name="status"
            label={t("product.status")}
            value={filter.status}
            all={t("common.all")}
            options={[
              { value: "active", label: t("product.statusActive") },
              { value: "delisted", label: t("product.statusDelisted") },
            ]}
          />
        </>
      }
      notice={
        keywordError ? (
          <p className="message message-error" role="alert">
            {t(keywordError)}
          </p>
        ) : null
      }
      countText={t("common.count", { count: total })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-testid": `product-${r.id}` })}
      empty={t("common.empty")}
      tableTestId="product-table"
      page={filter.page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
