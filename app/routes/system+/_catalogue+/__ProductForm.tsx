import { formatAmount } from "~/i18n/format";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRODUCT_KINDS } from "../__catalogFormat";
import { FieldError } from "~/components/admin/FieldError";

const GROUPS = ["P", "M", "K", "N", "S", "H"] as const;

export interface ProductFormValues {
  ordering_code: string;
  kind: string;
  catalogue_code: string;
  name_zh: string;
  name_en: string;
  specification: string;
  grade: string | null;
  fit_key: string | null;
  material_groups: string;
  unit: string;
  mpq: number;
  moq: number;
  list_price: number | null;
  status: string;
  attributes: string;
}

/** The product form of /system/product/new and /system/product/:id (intent "product"). */
export function ProductForm({
  product: p,
  nodes,
  errors,
  canEdit,
  compatibleCount,
}: {
  product: ProductFormValues;
  nodes: { code: string; label_zh: string; label_en: string }[];
  /** conform's errors, in the user's language */
  errors: Record<string, string[] | undefined>;
  canEdit: boolean;
  compatibleCount: number | null;
}) {
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  const err = (name: string) => errors[name]?.[0];
  const aria = (name: string) => (err(name) ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const message = (name: string) => <FieldError errors={errors[name]} id={`${name}-error`} testId={`${name}-error`} />;
  return (
    <Form method="post" className="admin-form admin-form-top" noValidate data-testid="product-form">
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
            {compatibleCount === null ? t("product.fitHintNew") : t("product.fitHint", { count: compatibleCount })}
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
          <input
            name="listPrice"
            inputMode="decimal"
            defaultValue={formatAmount(p.list_price, { grouped: false })}
            aria-describedby="price-hint"
            {...aria("listPrice")}
          />
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
  );
}
