import { Button, HStack, SimpleGrid } from "@chakra-ui/react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { factorText } from "~/modules/accounts/rules";
import type { AccountRow } from "~/modules/accounts/subaccounts.server";
import { FormError, FormField, NewPasswordFields, useErrorText } from "./FormField";

type SubAccountFields = Record<"code" | "name" | "mobile" | "email" | "priceFactor" | "erpAccount" | "password" | "confirmPassword", string> &
  Record<"discount" | "canOrder" | "canSeePrice" | "canSeeStock", string | undefined>;

/** Create or edit a sub-account (a plain POST form; intent create | update). */
export function SubAccountForm({
  account,
  suggestedCode,
  lastResult,
}: {
  account: AccountRow | null;
  /** A new sub-account's code, pre-filled: the next free one across all dealers. */
  suggestedCode?: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  // No onValidate: the action validates (schemas.server.ts), so zod stays on the server (decision 041).
  const [form, fields] = useForm<SubAccountFields>({
    id: account ? `sub-account-${account.id}` : "sub-account-new",
    lastResult,
    defaultValue: account
      ? {
          name: account.name,
          mobile: account.mobile,
          email: account.email,
          priceFactor: factorText(account.priceAdjustmentBp),
          discount: account.priceAdjustmentBp < 0 ? "on" : undefined,
          canOrder: account.canOrder ? "on" : undefined,
          canSeePrice: account.canSeePrice ? "on" : undefined,
          canSeeStock: account.canSeeStock ? "on" : undefined,
          erpAccount: account.erpAccount ?? "",
        }
      : { code: suggestedCode ?? "", priceFactor: "0", canOrder: "on", canSeePrice: "on", canSeeStock: "on" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const checked = (name: "discount" | "canOrder" | "canSeePrice" | "canSeeStock") => fields[name].initialValue === "on";
  const discountError = errorText(fields.discount.errors);
  return (
    <section className="card sub-account-form" aria-labelledby="sub-account-form-title">
      <h2 id="sub-account-form-title" className="section-title">
        {account ? t("subAccount.editTitle", { code: account.code }) : t("subAccount.newTitle")}
      </h2>
      <Form method="post" {...getFormProps(form)} data-testid="sub-account-form">
        <input type="hidden" name="intent" value={account ? "update" : "create"} />
        {account ? <input type="hidden" name="id" value={account.id} /> : null}
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {account ? (
            <div>
              {/* shown, not edited: a label would point at no control */}
              <p className="readonly-label">{t("subAccount.code")}</p>
              <p className="readonly-value">{account.code}</p>
            </div>
          ) : (
            <FormField
              field={fields.code}
              label={t("subAccount.code")}
              required
              helper={suggestedCode ? t("subAccount.codeSuggested", { code: suggestedCode }) : undefined}
              placeholder={t("login.codePlaceholder")}
              maxLength={20}
              autoComplete="off"
            />
          )}
          <FormField field={fields.name} label={t("subAccount.name")} required maxLength={50} autoComplete="off" />
          <FormField field={fields.mobile} label={t("subAccount.mobile")} type="tel" required maxLength={20} autoComplete="off" />
          <FormField field={fields.email} label={t("subAccount.email")} type="email" required maxLength={200} autoComplete="off" />
          <FormField field={fields.priceFactor} label={t("subAccount.factor")} helper={t("subAccount.factorHelp")} inputMode="decimal" maxLength={8} />
          <FormField field={fields.erpAccount} label={t("subAccount.erpAccount")} maxLength={40} autoComplete="off" />
          <fieldset className="choice-group">
            <legend>{t("subAccount.permissions")}</legend>
            <label>
              <input type="checkbox" name="canOrder" defaultChecked={checked("canOrder")} /> {t("subAccount.canOrder")}
            </label>
            <label>
              <input type="checkbox" name="canSeePrice" defaultChecked={checked("canSeePrice")} /> {t("subAccount.canSeePrice")}
            </label>
            <label>
              <input type="checkbox" name="canSeeStock" defaultChecked={checked("canSeeStock")} /> {t("subAccount.canSeeStock")}
            </label>
          </fieldset>
          <fieldset className="choice-group">
            <legend>{t("subAccount.discountLegend")}</legend>
            <label>
              <input type="checkbox" name="discount" defaultChecked={checked("discount")} aria-invalid={discountError ? true : undefined} />{" "}
              {t("subAccount.discount")}
            </label>
            {discountError ? <p className="field-error">{discountError}</p> : null}
          </fieldset>
          <NewPasswordFields
            password={fields.password}
            confirm={fields.confirmPassword}
            required={!account}
            helper={account ? t("subAccount.passwordKeep") : undefined}
          />
        </SimpleGrid>
        <HStack gap="3" mt="5">
          <Button type="submit" colorPalette="brand">
            {t("subAccount.save")}
          </Button>
          <Link to="/order/subAccount" className="btn btn-outline btn-lg">
            {t("subAccount.cancel")}
          </Link>
        </HStack>
      </Form>
    </section>
  );
}
