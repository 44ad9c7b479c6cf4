/**
 * Pure sign-in rules shared by the server and the browser (spec §5, §9). The zod schemas of the
 * forms are in `schemas.server.ts`: they stay out of the browser (decision 041).
 */
export const ACCOUNT_CODE_LENGTH = 9;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 18;
/** Spec §9: saved company code and account code cookies last 30 days. */
export const REMEMBER_DAYS = 30;
/** Spec §9: the password reset e-mail must be used within 30 minutes. */
export const RESET_LINK_MINUTES = 30;
export const SMS_CODE_MINUTES = 10;
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Reset requests per account per hour (more are silently not sent). */
export const RESET_REQUESTS_PER_HOUR = 5;

/**
 * Account codes are trimmed and compared upper-case (decision 011): `xcd000001` signs in as
 * `XCD000001`. Passwords are case-sensitive and never trimmed.
 */
export function normalizeAccountCode(value: unknown): string {
  return typeof value === "string" ? value.trim().toUpperCase() : "";
}

export const ACCOUNT_CODE_RE = /^(XCD|DPC)[A-Z0-9]{6}$/;

export function isValidAccountCode(value: string): boolean {
  return ACCOUNT_CODE_RE.test(normalizeAccountCode(value));
}

/**
 * A new password: 8–18 characters of letters and digits, both present (spec §5, §9 "letters and
 * digits"): `abcdefgh` and `12345678` are refused.
 */
export const PASSWORD_RE = /^(?=[^A-Za-z]*[A-Za-z])(?=\D*\d)[A-Za-z0-9]{8,18}$/;
