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
import { PRODUCT_KINDS, yuanInput } from "./__catalogFormat";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "编辑商品", "Edit product");

const GROUPS = ["P", "M", "K", "N", "S", "H"] as const;

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
  const err = (name: string) => errors[name]?.[0];
  const aria = (name: string) => (err(name) ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const message = (name: string) =>
    err(name) ? (
      <span className="field-error" id={`${name}-error`} data-testid={`${name}-error`}>
        {t(err(name)!)}
      </span>
    ) : null;
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
      <Form method="post" className="admin-form" noValidate data-testid="product-form">
        <fieldset disabled={!canEdit} className="admin-fieldset">
          <legend className="visually-hidden">{t("product.title")}</legend>
          <input type="hidden" name="intent" value="product" />
          <label>
            {t("product.orderingCode")}
            <input name="orderingCode" defaultValue={p.ordering_code} maxLength={80} required {...aria("orderingCode")} />
            {message("orderingCode")}
          </label>
          <label>
            {t("product.kind")}
            <select name="kind" defaultValue={p.kind}>
              {PRODUCT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`product.kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("product.node")}
            <select name="catalogueCode" defaultValue={p.catalogue_code} {...aria("catalogueCode")}>
              {nodes.map((n) => (
                <option key={n.code} value={n.code}>
                  {n.code} {en ? n.label_en : n.label_zh}
                </option>
              ))}
            </select>
            {message("catalogueCode")}
          </label>
          <label>
            {t("product.nameZh")}
            <input name="nameZh" defaultValue={p.name_zh} maxLength={200} required {...aria("nameZh")} />
            {message("nameZh")}
          </label>
          <label>
            {t("product.nameEn")}
            <input name="nameEn" defaultValue={p.name_en} maxLength={200} required {...aria("nameEn")} />
            {message("nameEn")}
          </label>
          <label>
            {t("product.specification")}
            <input name="specification" defaultValue={p.specification} maxLength={300} {...aria("specification")} />
            {message("specification")}
          </label>
          <label>
            {t("product.grade")}
            <input name="grade" defaultValue={p.grade ?? ""} maxLength={20} {...aria("grade")} />
            {message("grade")}
          </label>
          <label>
            {t("product.fitKey")}
            <input name="fitKey" defaultValue={p.fit_key ?? ""} maxLength={20} aria-describedby="fit-hint" />
            <span className="admin-muted small" id="fit-hint">
              {t("product.fitHint", { count: compatibleCount })}
            </span>
          </label>
          <fieldset className="admin-groups">
            <legend>{t("product.materialGroups")}</legend>
            {GROUPS.map((g) => (
              <label key={g} className="admin-check">
                <input type="checkbox" name="materialGroups" value={g} defaultChecked={p.material_groups.includes(g)} />
                {g} {t(`product.groups.${g}`)}
              </label>
            ))}
          </fieldset>
          <label>
            {t("product.unit")}
            <select name="unit" defaultValue={p.unit}>
              <option value="pc">{t("product.units.pc")}</option>
              <option value="box">{t("product.units.box")}</option>
              <option value="set">{t("product.units.set")}</option>
            </select>
          </label>
          <label>
            {t("product.mpq")}
            <input name="mpq" inputMode="numeric" defaultValue={p.mpq} required {...aria("mpq")} />
            {message("mpq")}
          </label>
          <label>
            {t("product.moq")}
            <input name="moq" inputMode="numeric" defaultValue={p.moq} required {...aria("moq")} />
            {message("moq")}
          </label>
          <label>
            {t("product.listPriceYuan")}
            <input name="listPrice" inputMode="decimal" defaultValue={yuanInput(p.list_price)} aria-describedby="price-hint" {...aria("listPrice")} />
            <span className="admin-muted small" id="price-hint">
              {t("product.listPriceHint")}
            </span>
            {message("listPrice")}
          </label>
          <label>
            {t("product.status")}
            <select name="status" defaultValue={p.status}>
              <option value="active">{t("product.statusActive")}</option>
              <option value="delisted">{t("product.statusDelisted")}</option>
            </select>
          </label>
          <label className="admin-form-wide">
            {t("product.attributes")}
            <textarea name="attributes" defaultValue={p.attributes} rows={3} {...aria("attributes")} />
            {message("attributes")}
          </label>
          <p className="admin-muted small admin-form-wide">{t("product.isoHint")}</p>
          {canEdit ? (
            <div className="admin-form-actions">
              <button type="submit" className="btn">
                {t("common.save")}
              </button>
            </div>
          ) : null}
        </fieldset>
      </Form>

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
