import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/auth/FormField";

type TermField = "currency" | "nameZh" | "nameEn" | "showNameZh" | "showNameEn" | "taxRate" | "freeShippingAmount" | "shippingFee";

/** A company entity's names, currency, tax rate and shipping terms: the fields the add and edit forms share. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata, as FormField takes it
export function EntityTermFields({ fields }: { fields: Record<TermField, FieldMetadata<any, any, any>> }) {
  const { t } = useTranslation("adminData");
  return (
    <>
      <FormField field={fields.currency} label={t("dataArea.fields.currency")} required maxLength={3} />
      <FormField field={fields.nameZh} label={t("dataArea.fields.nameZh")} required maxLength={200} />
      <FormField field={fields.nameEn} label={t("dataArea.fields.nameEn")} required maxLength={200} />
      <FormField field={fields.showNameZh} label={t("dataArea.fields.showNameZh")} required maxLength={200} />
      <FormField field={fields.showNameEn} label={t("dataArea.fields.showNameEn")} required maxLength={200} />
      <FormField field={fields.taxRate} label={t("dataArea.fields.taxRate")} required inputMode="decimal" maxLength={5} />
      <FormField field={fields.freeShippingAmount} label={t("dataArea.fields.freeShippingAmount")} required inputMode="decimal" maxLength={12} />
      <FormField field={fields.shippingFee} label={t("dataArea.fields.shippingFee")} required inputMode="decimal" maxLength={12} />
    </>
  );
}
