import { formatAmount } from "~/i18n/format";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { idParam, PriceEditSchema, PriceListQuerySchema } from "../__catalogAdmin.server";
import { Pager } from "~/components/Pager";
import { AdminInput } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { deleteCustomerPrice, getCustomer, listCustomerPrices, PRICE_PAGE_SIZE, setCustomerPrice } from "~/modules/admin/customers.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.customerPrices");

/** A dealer's price list (customer_price) in one of its company entities; another entity is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cus:price:view", db);
  const id = idParam(params.id) ?? notFound();
  const { customer, entities } = await notFoundWhenMissing(() => getCustomer(db, id));
  const q = parseWithZod(new URL(request.url).searchParams, { schema: PriceListQuerySchema });
  const query = q.status === "success" ? q.value : { tenant: undefined, page: 1 };
  const tenantId = query.tenant ?? entities[0]?.id;
  const list = tenantId
    ? await notFoundWhenMissing(() => listCustomerPrices(db, id, tenantId, query.page))
    : { total: 0, rows: [] as Awaited<ReturnType<typeof listCustomerPrices>>["rows"] };
  return {
    customer,
    entities,
    pageSize: PRICE_PAGE_SIZE,
    tenantId: tenantId ?? null,
    page: query.page,
    total: list.total,
    rows: list.rows,
    canEdit: user.funcCodes.has("cus:price:edit"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cus:price:edit", db);
  const id = idParam(params.id) ?? notFound();
  const submission = parseWithZod(await readFormData(request), { schema: PriceEditSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  if (v.intent === "set") {
    const r = await notFoundWhenMissing(() =>
      setCustomerPrice(db, actor, { customerId: id, tenantId: v.tenantId, orderingCode: v.orderingCode, price: v.price }),
    );
    if (!r.ok) return replyWithError(request, submission, r.error);
  } else {
    await notFoundWhenMissing(() => deleteCustomerPrice(db, actor, { customerId: id, tenantId: v.tenantId, productId: v.productId }));
  }
  return redirectWithToast(
    `/system/customer/${id}/prices?tenant=${v.tenantId}`,
    v.intent === "set" ? "adminCatalog:price.saved" : "adminCatalog:price.deleted",
  );
}

export default function CustomerPrices() {
  const { customer: c, entities, tenantId, page, total, rows, canEdit, pageSize } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  const [conform] = useForm({ lastResult: actionData?.result });
  const firstError = Object.values(conform.allErrors).flat()[0];
  return (
    <div className="admin-page">
      <p>
        <Link to={`/system/customer/${c.id}`}>{t("common.back")}</Link>
      </p>
      <h1>{t("price.title", { code: c.code })}</h1>
      {entities.length > 1 ? (
        <Form method="get" className="filter-form">
          <label>
            {t("customer.entity")}
            <select name="tenant" defaultValue={tenantId ?? ""}>
              {entities.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.code} {en ? e.name_en : e.name_zh}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-outline">
            {t("common.show")}
          </button>
        </Form>
      ) : null}
      <FormError errors={firstError ? [firstError] : undefined} id={conform.errorId} />
      {canEdit && tenantId ? (
        <Form method="post" className="admin-form" noValidate data-testid="price-form">
          <input type="hidden" name="intent" value="set" />
          <input type="hidden" name="tenantId" value={tenantId} />
          <AdminInput label={t("price.orderingCode")} name="orderingCode" maxLength={80} required errors={conform.allErrors.orderingCode} />
          <AdminInput label={t("price.priceYuan")} name="price" inputMode="decimal" required errors={conform.allErrors.price} />
          <div className="admin-form-actions">
            <button type="submit" className="btn">
              {t("price.set")}
            </button>
          </div>
        </Form>
      ) : null}
      <p className="result-count">{t("common.count", { count: total })}</p>
      <div className="table-scroll" tabIndex={0}>
        <table className="data-table" data-testid="price-table">
          <caption className="visually-hidden">{t("price.title", { code: c.code })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("price.orderingCode")}</th>
              <th scope="col">{t("product.name")}</th>
              <th scope="col" className="num">
                {t("product.listPrice")}
              </th>
              <th scope="col" className="num">
                {t("price.price")}
              </th>
              {canEdit ? <th scope="col">{t("common.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.product_id}>
                <td className="code">{r.ordering_code}</td>
                <td className="cell-wrap">{en ? r.name_en : r.name_zh}</td>
                <td className="num">{formatAmount(r.list_price)}</td>
                <td className="num">{formatAmount(r.price)}</td>
                {canEdit ? (
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="tenantId" value={tenantId ?? ""} />
                      <input type="hidden" name="productId" value={r.product_id} />
                      <button type="submit" className="link-button" aria-label={t("price.deleteNamed", { code: r.ordering_code })}>
                        {t("common.delete")}
                      </button>
                    </Form>
                  </td>
                ) : null}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={canEdit ? 5 : 4}>{t("common.empty")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={total} pageSize={pageSize} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
