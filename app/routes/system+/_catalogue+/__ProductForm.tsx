import { formatAmount } from "~/i18n/format";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRODUCT_KINDS } from "../__catalogFormat";
import { AdminInput, AdminSelect, AdminTextarea } from "~/components/admin/AdminField";

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
  return (
    <Form method="post" className="admin-form admin-form-top" noValidate data-testid="product-form">
      <fieldset disabled={!canEdit} className="admin-fieldset">
        <legend className="visually-hidden">{t("product.title")}</legend>
        <input type="hidden" name="intent" value="product" />
        <AdminInput label={t("product.orderingCode")} name="orderingCode" defaultValue={p.ordering_code} maxLength={80} required errors={errors.orderingCode} />
        <AdminSelect
          label={t("product.kind")}
          name="kind"
          defaultValue={p.kind}
          options={PRODUCT_KINDS.map((k) => ({ value: k, label: t(`product.kinds.${k}`) }))}
        />
        <AdminSelect
          label={t("product.node")}
          name="catalogueCode"
          defaultValue={p.catalogue_code}
          errors={errors.catalogueCode}
          options={nodes.map((n) => ({ value: n.code, label: `${n.code} ${en ? n.label_en : n.label_zh}` }))}
        />
        <AdminInput label={t("product.nameZh")} name="nameZh" defaultValue={p.name_zh} maxLength={200} required errors={errors.nameZh} />
        <AdminInput label={t("product.nameEn")} name="nameEn" defaultValue={p.name_en} maxLength={200} required errors={errors.nameEn} />
        <AdminInput label={t("product.specification")} name="specification" defaultValue={p.specification} maxLength={300} errors={errors.specification} />
        <AdminInput label={t("product.grade")} name="grade" defaultValue={p.grade ?? ""} maxLength={20} errors={errors.grade} />
        <AdminInput
          label={t("product.fitKey")}
          name="fitKey"
          defaultValue={p.fit_key ?? ""}
          maxLength={20}
          errors={errors.fitKey}
          hint={compatibleCount === null ? t("product.fitHintNew") : t("product.fitHint", { count: compatibleCount })}
        />
        <fieldset className="admin-groups">
          <legend>{t("product.materialGroups")}</legend>
          {GROUPS.map((g) => (
            <label key={g} className="admin-check">
              <input type="checkbox" name="materialGroups" value={g} defaultChecked={p.material_groups.includes(g)} />
              {g} {t(`product.groups.${g}`)}
            </label>
          ))}
        </fieldset>
        <AdminSelect
          label={t("product.unit")}
          name="unit"
          defaultValue={p.unit}
          options={(["pc", "box", "set"] as const).map((u) => ({ value: u, label: t(`product.units.${u}`) }))}
        />
        <AdminInput label={t("product.mpq")} name="mpq" inputMode="numeric" defaultValue={p.mpq} required errors={errors.mpq} />
        <AdminInput label={t("product.moq")} name="moq" inputMode="numeric" defaultValue={p.moq} required errors={errors.moq} />
        <AdminInput
          label={t("product.listPriceYuan")}
          name="listPrice"
          inputMode="decimal"
          defaultValue={formatAmount(p.list_price, { grouped: false })}
          hint={t("product.listPriceHint")}
          errors={errors.listPrice}
        />
        <AdminSelect
          label={t("product.status")}
          name="status"
          defaultValue={p.status}
          options={[
            { value: "active", label: t("product.statusActive") },
            { value: "delisted", label: t("product.statusDelisted") },
          ]}
        />
        <AdminTextarea label={t("product.attributes")} name="attributes" defaultValue={p.attributes} rows={3} errors={errors.attributes} wide />
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
