import { Button, HStack, SimpleGrid } from "@chakra-ui/react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Address } from "~/modules/addresses/addresses.server";
import { FormError, FormField } from "./FormField";

/** Add or edit a shipping address (a plain POST form; intent create | update). */
export function AddressForm({ address, lastResult }: { address: Address | null; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("auth");
  // No onValidate: the action validates (schemas.server.ts), so zod stays on the server (decision 041).
  const [form, fields] = useForm({
    id: address ? `address-${address.id}` : "address-new",
    lastResult,
    defaultValue: address ? { ...address, isDefault: address.isDefault ? "on" : undefined } : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card sub-account-form" aria-labelledby="address-form-title">
      <h2 id="address-form-title" className="section-title">
        {address ? t("address.editTitle") : t("address.newTitle")}
      </h2>
      <Form method="post" {...getFormProps(form)} data-testid="address-form">
        <input type="hidden" name="intent" value={address ? "update" : "create"} />
        {address ? <input type="hidden" name="id" value={address.id} /> : null}
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField field={fields.consignee} label={t("address.consignee")} required maxLength={60} autoComplete="name" />
          <FormField field={fields.phone} label={t("address.phone")} type="tel" required maxLength={20} autoComplete="tel" />
          <FormField field={fields.province} label={t("address.province")} required maxLength={60} autoComplete="address-level1" />
          <FormField field={fields.city} label={t("address.city")} required maxLength={60} autoComplete="address-level2" />
          <FormField field={fields.district} label={t("address.district")} required maxLength={60} autoComplete="address-level3" />
          <FormField field={fields.postcode} label={t("address.postcode")} maxLength={12} autoComplete="postal-code" />
        </SimpleGrid>
        <div className="form-wide">
          <FormField field={fields.line} label={t("address.line")} required maxLength={300} autoComplete="street-address" />
        </div>
        <label className="inline-check">
          <input type="checkbox" name="isDefault" defaultChecked={fields.isDefault.initialValue === "on"} /> {t("address.makeDefault")}
        </label>
        <HStack gap="3" mt="5">
          <Button type="submit" colorPalette="brand">
            {t("address.save")}
          </Button>
          <Link to="/order/addressManage" className="btn btn-outline btn-lg">
            {t("subAccount.cancel")}
          </Link>
        </HStack>
      </Form>
    </section>
  );
}
