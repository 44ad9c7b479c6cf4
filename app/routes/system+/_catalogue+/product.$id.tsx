import { formatAmount } from "~/i18n/format";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { idParam, ProductEditSchema } from "../__catalogAdmin.server";
import { getDb } from "~/db/index.server";
import { leafNodes } from "~/modules/admin/catalogue-nodes.server";
import { getProductForEdit, saveProduct, saveStock } from "~/modules/admin/catalogue-products.server";
import { deleteCuttingData, saveCuttingData } from "~/modules/admin/cutting-data-admin.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { ProductForm } from "./__ProductForm";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editProduct");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cat:product:view", db);
  const id = idParam(params.id) ?? notFound();
  const data = await notFoundWhenMissing(() => getProductForEdit(db, id));
  return { ...data, nodes: await leafNodes(db), canEdit: user.funcCodes.has("cat:product:edit") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cat:product:edit", db);
  const id = idParam(params.id) ?? notFound();
  const submission = parseWithZod(await readFormData(request), { schema: ProductEditSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  if (v.intent === "stock") {
    const r = await notFoundWhenMissing(() =>
      saveStock(db, actor, { productId: id, tenantId: v.tenantId, available: v.available, leadTimeDays: v.leadTimeDays, listPrice: v.entityListPrice ?? null }),
    );
    if (!r.ok) return replyWithError(request, submission, r.error);
    return redirectWithToast(`/system/product/${id}`, "adminCatalog:stock.saved");
  }
  if (v.intent === "cutting" || v.intent === "cuttingDelete") {
    const r = await notFoundWhenMissing(() => (v.intent === "cutting" ? saveCuttingData(db, actor, id, v) : deleteCuttingData(db, actor, id, v.group)));
    if (!r.ok) return replyWithError(request, submission, r.error);
    return redirectWithToast(`/system/product/${id}`, v.intent === "cutting" ? "adminCatalog:cutting.saved" : "adminCatalog:cutting.deleted");
  }
  const r = await notFoundWhenMissing(() =>
    saveProduct(db, actor, id, { ...v, grade: v.grade || null, fitKey: v.fitKey || null, listPrice: v.listPrice ?? null }),
  );
  if (!r.ok) return replyWithError(request, submission, r.error);
  return redirectWithToast(`/system/product/${id}`, "adminCatalog:product.saved");
}

export default function ProductEdit() {
  const { product: p, stock, cuttingEdit, compatibleCount, nodes, canEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  // the page's forms (product, a stock row, cutting data) share one answer, in the user's language
  const [conform] = useForm({ lastResult: actionData?.result });
  const errors = conform.allErrors;
  const formError = errors[""]?.[0];
  // a stock row's own messages (its fields are not the product form's)
  const stockError = (["available", "leadTimeDays", "entityListPrice"] as const).map((k) => errors[k]?.[0]).find(Boolean);
  const cuttingError = (["vcMin", "vcMax", "fMin", "fMax", "apMin", "apMax"] as const).map((k) => errors[k]?.[0]).find(Boolean);
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/product">{t("common.back")}</Link> · <a href={`/item?code=${encodeURIComponent(p.ordering_code)}`}>{t("product.openInShop")}</a>
      </p>
      <h1>{p.ordering_code}</h1>
      {Object.keys(errors).length ? (
        <p className="message message-error" role="alert" data-testid="product-error">
          {formError
            ? formError
            : stockError
              ? `${t("stock.title")}: ${stockError}`
              : cuttingError
                ? `${t("product.cutting")}: ${cuttingError}`
                : t("form.fix")}
        </p>
      ) : null}
      <ProductForm product={p} nodes={nodes} errors={errors} canEdit={canEdit} compatibleCount={compatibleCount} />

      <h2>{t("stock.title")}</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("stock.title")}>
        <table className="data-table" data-testid="stock-table">
          <caption className="visually-hidden">{t("stock.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("customer.entity")}</th>
              <th scope="col">{t("stock.available")}</th>
              <th scope="col" className="num">
                {t("stock.reserved")}
              </th>
              <th scope="col">{t("stock.leadTime")}</th>
              <th scope="col">{t("stock.listPrice")}</th>
              {canEdit ? <th scope="col">{t("common.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {stock.map(({ tenant, row }) => (
              <tr key={tenant.id}>
                <td>
                  {tenant.code} {en ? tenant.name_en : tenant.name_zh}
                </td>
                <td>
                  <input
                    form={`stock-${tenant.id}`}
                    name="available"
                    inputMode="numeric"
                    defaultValue={row?.available ?? 0}
                    disabled={!canEdit}
                    className="admin-cell-input"
                    aria-label={t("stock.availableIn", { code: tenant.code })}
                  />
                </td>
                <td className="num">{row?.reserved ?? 0}</td>
                <td>
                  <input
                    form={`stock-${tenant.id}`}
                    name="leadTimeDays"
                    inputMode="numeric"
                    defaultValue={row?.lead_time_days ?? 14}
                    disabled={!canEdit}
                    className="admin-cell-input"
                    aria-label={t("stock.leadTimeIn", { code: tenant.code })}
                  />
                </td>
                <td>
                  <input
                    form={`stock-${tenant.id}`}
                    name="entityListPrice"
                    inputMode="decimal"
                    defaultValue={formatAmount(row?.list_price, { grouped: false })}
                    placeholder={formatAmount(p.list_price, { grouped: false }) || t("product.onRequest")}
                    disabled={!canEdit}
                    className="admin-cell-input"
                    aria-label={t("stock.listPriceIn", { code: tenant.code })}
                    aria-describedby="entity-price-hint"
                  />
                </td>
                {canEdit ? (
                  <td>
                    <Form method="post" id={`stock-${tenant.id}`}>
                      <input type="hidden" name="intent" value="stock" />
                      <input type="hidden" name="tenantId" value={tenant.id} />
                      <button type="submit" className="btn btn-outline btn-small">
                        {row ? t("common.save") : t("stock.add")}
                      </button>
                    </Form>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <p id="entity-price-hint" className="admin-muted small">
        {t("stock.listPriceHint")}
      </p>

      <h2>{t("product.cutting")}</h2>
      {cuttingEdit.operation && p.grade ? (
        <>
          <p className="admin-muted small">{t("cutting.for", { grade: p.grade, operation: t(`cutting.operation.${cuttingEdit.operation}`) })}</p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t("product.cutting")}>
            <table className="data-table" data-testid="cutting-table">
              <caption className="visually-hidden">{t("product.cutting")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("product.group")}</th>
                  <th scope="col">vc (m/min)</th>
                  <th scope="col">{cuttingEdit.operation === "milling" ? "fz (mm/z)" : "f (mm/r)"}</th>
                  <th scope="col">ap (mm)</th>
                  {canEdit ? <th scope="col">{t("common.actions")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {cuttingEdit.rows.map(({ group, row }) => {
                  const form = `cut-${group}`;
                  const cell = (name: string, value: number | undefined, label: string) => (
                    <input
                      form={form}
                      name={name}
                      inputMode="decimal"
                      defaultValue={value ?? ""}
                      disabled={!canEdit}
                      className="admin-cell-input admin-cell-narrow"
                      aria-label={t(label, { group })}
                    />
                  );
                  return (
                    <tr key={group} data-testid={`cutting-${group}`}>
                      <th scope="row">
                        {group} {t(`product.groups.${group}`)}
                      </th>
                      <td className="admin-cell-range">
                        {cell("vcMin", row?.vc_min, "cutting.vcMinOf")}–{cell("vcMax", row?.vc_max, "cutting.vcMaxOf")}
                      </td>
                      <td className="admin-cell-range">
                        {cell("fMin", row ? Number(row.f_min) : undefined, "cutting.fMinOf")}–
                        {cell("fMax", row ? Number(row.f_max) : undefined, "cutting.fMaxOf")}
                      </td>
                      <td className="admin-cell-range">
                        {cell("apMin", row ? Number(row.ap_min) : undefined, "cutting.apMinOf")}–
                        {cell("apMax", row ? Number(row.ap_max) : undefined, "cutting.apMaxOf")}
                      </td>
                      {canEdit ? (
                        <td className="admin-cell-actions">
                          <Form method="post" id={form}>
                            <input type="hidden" name="intent" value="cutting" />
                            <input type="hidden" name="group" value={group} />
                            <button type="submit" className="btn btn-outline btn-small">
                              {row ? t("common.save") : t("cutting.add")}
                            </button>
                          </Form>
                          {row ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="cuttingDelete" />
                              <input type="hidden" name="group" value={group} />
                              <button type="submit" className="btn btn-outline btn-small" aria-label={t("cutting.deleteOf", { group })}>
                                {t("common.delete")}
                              </button>
                            </Form>
                          ) : null}
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="admin-muted">{t("cutting.noGrade")}</p>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
