import type { DB } from "~/db/db.server";
import { safeRedirect } from "~/utils/redirect";
import { checkCaptcha } from "./captcha.server";
import { dummyHash, verifyPassword } from "./password.server";
import { ACCOUNT_CODE_RE } from "./rules";
import { loginSchema } from "./schemas.server";
import { checkLoginThrottle, clearAccountFailures, recordLoginFailure } from "./throttle.server";

export const CRMCPXX = "CRMCPXX";

export type LoginFailure =
  | { ok: false; error: "common:errors.wrongLogin" }
  | { ok: false; error: "validation.captchaWrong" }
  | { ok: false; error: "common:errors.rolesRequired" }
  | { ok: false; error: "common:errors.loginFailed" }
  | { ok: false; error: "login.throttled"; retryAfterMinutes: number };

export type LoginOutcome =
  | { ok: true; userId: number; tenantId: number; tenantCode: string; language: string | null; partiesId: string | null }
  | LoginFailure;

export interface LoginOptions {
  captchaOn: boolean;
  /** the token of the verification code this browser was shown (its cookie), if any */
  captchaToken: string | null;
  /** the client's address (the load context's, from Express under TRUST_PROXY) */
  clientIp: string | null;
  now?: Date;
}

/**
 * Checks one login attempt: throttle, verification code, account and password, roles and
 * companies. Never tells whether the account exists (the same message, the same argon2 work).
 */
export async function verifyLogin(db: DB, fields: Record<string, unknown>, opts: LoginOptions): Promise<LoginOutcome> {
  const now = opts.now ?? new Date();
  const parsed = loginSchema(opts.captchaOn).safeParse(fields);
  if (!parsed.success) return { ok: false, error: "common:errors.wrongLogin" };
  const { code, password, dataareacode, captcha } = parsed.data;
  const ip = opts.clientIp;

  const verdict = await checkLoginThrottle(db, { accountCode: code, ip }, now);
  if (!verdict.allowed) {
    return { ok: false, error: "login.throttled", retryAfterMinutes: Math.ceil(verdict.retryAfterSeconds / 60) };
  }
  if (opts.captchaOn && !(await checkCaptcha(db, opts.captchaToken, captcha ?? "", now))) {
    return { ok: false, error: "validation.captchaWrong" };
  }

  const user = ACCOUNT_CODE_RE.test(code)
    ? await db
        .selectFrom("app_user")
        .select(["id", "password_hash", "status", "language", "parties_id"])
        .where("code", "=", code)
        .executeTakeFirst()
    : undefined;
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
  if (!user || !passwordOk || user.status !== "active") {
    await recordLoginFailure(db, { accountCode: code, ip }, now);
    return { ok: false, error: "common:errors.wrongLogin" };
  }

  const tenants = await db
    .selectFrom("user_tenant as ut")
    .innerJoin("tenant as t", "t.id", "ut.tenant_id")
    .select(["t.id", "t.code", "ut.is_default"])
    .where("ut.user_id", "=", user.id)
    .orderBy("ut.is_default", "desc")
    .orderBy("t.id")
    .execute();
  let tenant = tenants[0];
  if (dataareacode) {
    tenant = tenants.find((t) => t.code.toUpperCase() === dataareacode.toUpperCase())!;
    if (!tenant) {
      await recordLoginFailure(db, { accountCode: code, ip }, now);
      return { ok: false, error: "common:errors.wrongLogin" };
    }
  }
  if (!tenant) return { ok: false, error: "common:errors.loginFailed" };

  const roles = await db.selectFrom("user_role").select("role_id").where("user_id", "=", user.id).execute();
  if (roles.length === 0) return { ok: false, error: "common:errors.rolesRequired" };

  await clearAccountFailures(db, { accountCode: code, ip });
  return { ok: true, userId: user.id, tenantId: tenant.id, tenantCode: tenant.code, language: user.language, partiesId: user.parties_id };
}

/** Where a user lands after login without a redirect target (spec §2, §6). */
export async function landingPage(db: DB, user: { partiesId: string | null }): Promise<string> {
  if (user.partiesId === CRMCPXX) return "/selectionCategory";
  const param = await db.selectFrom("sys_parameter").select("value").where("code", "=", "index").executeTakeFirst();
  return safeRedirect(param?.value, "/homePage");
}

/** The checked redirect target: same-site path, never back to a login page. */
export function loginRedirectTarget(value: unknown): string | null {
  const target = safeRedirect(typeof value === "string" ? value : null, "");
  if (!target || /^\/(shop_login|login|logout)(\/|\?|$)/.test(target)) return null;
  return target;
}

