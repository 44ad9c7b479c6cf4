import { z } from "zod";
import { ACCOUNT_CODE_RE, normalizeAccountCode, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_RE } from "./rules";

/**
 * The sign-in and password forms' schemas. Error messages are i18n keys of the `auth` namespace,
 * translated at render. Server only: the forms are validated by their actions, so zod is not
 * sent to the browser (decision 041).
 */
const trimmed = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(max, "validation.tooLong").optional());

/** The account code field: required, 9 characters starting with XCD or DPC. */
export const accountCodeField = z.preprocess(
  (v) => (typeof v === "string" ? normalizeAccountCode(v) || undefined : v),
  z.string({ error: "validation.codeRequired" }).max(40, "validation.codeFormat").regex(ACCOUNT_CODE_RE, "validation.codeFormat"),
);

export const newPasswordField = z
  .string({ error: "validation.passwordRequired" })
  .min(PASSWORD_MIN, "validation.passwordRule")
  .max(PASSWORD_MAX, "validation.passwordRule")
  .regex(PASSWORD_RE, "validation.passwordRule");

export const confirmPasswordField = z.string({ error: "validation.confirmRequired" }).max(200, "validation.passwordMismatch");

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: "validation.passwordMismatch" };

/**
 * The login form (field names follow the spec's login payload). The account code format is
 * NOT checked here: a wrong code gets the general 'please enter correct login information',
 * like a wrong password, so the form never tells which one was wrong.
 */
export function loginSchema(captchaOn: boolean) {
  return z.object({
    dataareacode: trimmed(20),
    code: z.preprocess(
      (v) => (typeof v === "string" ? normalizeAccountCode(v) || undefined : v),
      z.string({ error: "validation.codeRequired" }).max(40, "validation.tooLong"),
    ),
    password: z.string({ error: "validation.passwordRequired" }).max(200, "validation.tooLong"),
    captcha: captchaOn
      ? z.preprocess(
          (v) => (typeof v === "string" ? v.trim() || undefined : v),
          z.string({ error: "validation.captchaRequired" }).max(10, "validation.captchaWrong"),
        )
      : z.string().max(10).optional(),
    redirect: z.string().max(2000).optional(),
  });
}

/** Password change: old password, new password typed twice. */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ error: "validation.oldPasswordRequired" }).max(200, "validation.tooLong"),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(passwordsMatch, mismatch);

export const resetFirstSchema = z.object({
  code: accountCodeField,
  channel: z.enum(["email", "mobile"], { error: "validation.channelRequired" }),
});

export const resetCodeSchema = z.object({
  smsCode: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z.string({ error: "validation.smsCodeRequired" }).regex(/^\d{6}$/, "validation.smsCodeFormat"),
  ),
});

/** Reset step 3: the token of the link, new password typed twice. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "reset.linkInvalid" }).regex(/^[A-Za-z0-9_-]{20,100}$/, "reset.linkInvalid"),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(passwordsMatch, mismatch);
