import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { idParam, ProductEditSchema } from "./__catalogAdmin.server";
import { getDb } from "~/db/index.server";
import { getProductForEdit, leafNodes, saveProduct, saveStock } from "~/modules/admin/catalogue-admin.server";
import { setFlash } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { ProductForm } from "./__ProductForm";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "编辑商品", "Edit product");

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
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  if (v.intent === "stock") {
    const r = await notFoundWhenMissing(() => saveStock(db, actor, { productId: id, tenantId: v.tenantId, available: v.available, leadTimeDays: v.leadTimeDays }));
    if (!r.ok) return json({ result: submission.reply({ formErrors: [r.error] }) }, { status: 400 });
    return redirect(`/system/product/${id}`, { headers: { "Set-Cookie": await setFlash("adminCatalog:stock.saved") } });
  }
  const r = await notFoundWhenMissing(() =>
    saveProduct(db, actor, id, { ...v, grade: v.grade || null, fitKey: v.fitKey || null, listPrice: v.listPrice ?? null }),
  );
  if (!r.ok) return json({ result: submission.reply({ fieldErrors: { [r.field ?? "orderingCode"]: [r.error] } }) }, { status: 400 });
  return redirect(`/system/product/${id}`, { headers: { "Set-Cookie": await setFlash("adminCatalog:product.saved") } });
}

export default function ProductEdit() {
  const { product: p, stock, cutting, compatibleCount, nodes, canEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  const errors = actionData?.result.error ?? {};
  const formError = errors[""]?.[0];
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/product">{t("common.back")}</Link> ·{" "}
        <a href={`/item?code=${encodeURIComponent(p.ordering_code)}`}>{t("product.openInShop")}</a>
      </p>
      <h1>{p.ordering_code}</h1>
      {Object.keys(errors).length ? (
        <p className="message message-error" role="alert" data-testid="product-error">
          {formError ? t(formError) : t("form.fix")}
        </p>
      ) : null}
      <ProductForm product={p} nodes={nodes} errors={errors} canEdit={canEdit} compatibleCount={compatibleCount} />

      <h2>{t("stock.title")}</h2>
      <div className="table-scroll" tabIndex={0}>
        <table className="data-table" data-testid="stock-table">
          <caption className="visually-hidden">{t("stock.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("customer.entity")}</th>
              <th scope="col">{t("stock.available")}</th>
              <th scope="col" className="num">{t("stock.reserved")}</th>
              <th scope="col">{t("stock.leadTime")}</th>
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

      <h2>{t("product.cutting")}</h2>
      {cutting.rows.length ? (
        <div className="table-scroll" tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">{t("product.cutting")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("product.group")}</th>
                <th scope="col" className="num">vc (m/min)</th>
                <th scope="col" className="num">f</th>
                <th scope="col" className="num">ap (mm)</th>
              </tr>
            </thead>
            <tbody>
              {cutting.rows.map((r) => (
                <tr key={r.group}>
                  <th scope="row">{r.group}</th>
                  <td className="num">{r.vc ? `${r.vc[0]}–${r.vc[1]}` : "–"}</td>
                  <td className="num">{r.f ? `${r.f[0]}–${r.f[1]}` : "–"}</td>
                  <td className="num">{r.ap ? `${r.ap[0]}–${r.ap[1]}` : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-muted">{t("product.noCutting")}</p>
      )}
      <p className="admin-muted small">{t("product.cuttingHint")}</p>
    </div>
  );
}
