import { z } from "zod";
import { accountCodeField, confirmPasswordField, newPasswordField } from "~/modules/auth/schemas.server";
import { FACTOR_MAX, FACTOR_MIN } from "./rules";

/** The sub-account form's schemas (server only, decision 041). Messages are `auth` i18n keys. */
const requiredText = (max: number, required: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string({ error: required }).max(max, "validation.tooLong"));

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean());

export const factorField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().replace(/%$/, "").trim() || "0" : (v ?? "0")),
  z
    .string()
    .regex(/^[+-]?\d{1,3}(\.\d{1,2})?$/, "validation.factorFormat")
    .transform((v) => Math.round(Number(v) * 100))
    .refine((bp) => bp >= FACTOR_MIN * 100 && bp <= FACTOR_MAX * 100, "validation.factorRange"),
);

const fields = {
  name: requiredText(50, "validation.contactRequired"),
  mobile: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z.string({ error: "validation.mobileRequired" }).regex(/^\+?\d[\d -]{5,18}\d$/, "validation.mobileFormat"),
  ),
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z.string({ error: "validation.emailRequired" }).max(200, "validation.tooLong").pipe(z.email("validation.emailFormat")),
  ),
  priceFactor: factorField,
  discount: checkbox,
  canOrder: checkbox,
  canSeePrice: checkbox,
  canSeeStock: checkbox,
  erpAccount: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z
      .string()
      .max(40, "validation.tooLong")
      .regex(/^[A-Za-z0-9_.-]+$/, "validation.erpFormat")
      .optional(),
  ),
};

/** The contact fields alone, for the personal centre's form (the same rules as a sub-account's). */
export const contactFields = { name: fields.name, mobile: fields.mobile, email: fields.email };

function discountRule(v: { priceFactor: number; discount: boolean }, ctx: z.RefinementCtx) {
  if (v.priceFactor < 0 && !v.discount) {
    ctx.addIssue({ code: "custom", path: ["priceFactor"], message: "validation.negativeNeedsDiscount" });
  }
}

function passwordsMatch(v: { password?: string; confirmPassword?: string }, ctx: z.RefinementCtx) {
  if (v.password && !v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.confirmRequired" });
  else if (v.password && v.password !== v.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordMismatch" });
  }
}

export const createSubAccountSchema = z
  .object({
    intent: z.literal("create"),
    code: accountCodeField,
    ...fields,
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .superRefine(discountRule)
  .superRefine(passwordsMatch);

export const updateSubAccountSchema = z
  .object({
    intent: z.literal("update"),
    id: z.coerce.number({ error: "validation.tooLong" }).int().positive().max(2_147_483_647),
    ...fields,
    password: newPasswordField.optional(),
    confirmPassword: confirmPasswordField.optional(),
  })
  .superRefine(discountRule)
  .superRefine(passwordsMatch);

export const deleteSubAccountSchema = z.object({
  intent: z.literal("delete"),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export type CreateSubAccountInput = z.output<typeof createSubAccountSchema>;
export type UpdateSubAccountInput = z.output<typeof updateSubAccountSchema>;
