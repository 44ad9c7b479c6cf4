import type { DB } from "~/db/db.server";
import { safeRedirect } from "~/utils/redirect";
import { firstAllowedRoute, shopRoles } from "~/modules/admin/menus.server";
import { landingParameter } from "~/modules/admin/parameters.server";
import { checkCaptcha } from "./captcha.server";
import { dummyHash, verifyPassword } from "./password.server";
import { ACCOUNT_CODE_RE } from "./rules";
import { loginSchema } from "./schemas.server";
import { reserveLoginAttempt, settleLoginAttempt } from "./throttle.server";

export const CRMCPXX = "CRMCPXX";
/** The manufacturer's staff sign in with employee codes: EMP and six characters (decision 042). */
export const STAFF_CODE_RE = /^EMP[A-Z0-9]{6}$/;

export type LoginError =
  | "common:errors.wrongLogin"
  | "validation.captchaWrong"
  /** too many attempts for this account or from this address: the image verification code first */
  | "login.captchaNeeded"
  | "common:errors.rolesRequired"
  | "common:errors.loginFailed";

/** `captchaNext`: the next attempt must carry the image verification code (the form shows it). */
export type LoginFailure = { ok: false; error: LoginError; captchaNext: boolean };

export type LoginOutcome =
  | { ok: true; userId: number; tenantId: number; tenantCode: string; language: string | null; partiesId: string | null; isStaff: boolean; roles: string[] }
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
 * Checks one login attempt: verification code, throttle, account and password, roles and
 * companies. Never tells whether the account exists (the same message, the same argon2 work, the
 * same throttle). The attempt is counted before its password is checked (decision 055).
 */
export async function verifyLogin(db: DB, fields: Record<string, unknown>, opts: LoginOptions): Promise<LoginOutcome> {
  const now = opts.now ?? new Date();
  const parsed = loginSchema(opts.captchaOn).safeParse(fields);
  if (!parsed.success) return { ok: false, error: "common:errors.wrongLogin", captchaNext: opts.captchaOn };
  const { code, password, dataareacode, captcha } = parsed.data;
  const ip = opts.clientIp;
  const fail = (error: LoginError, captchaNext: boolean): LoginFailure => ({ ok: false, error, captchaNext: captchaNext || opts.captchaOn });

  // A typed answer is checked (and used up) whether or not this attempt needs one.
  const captchaPassed = captcha ? await checkCaptcha(db, opts.captchaToken, captcha, now) : false;
  if (opts.captchaOn && !captchaPassed) return fail("validation.captchaWrong", true);

  const reservation = await reserveLoginAttempt(db, { accountCode: code, ip, captchaPassed }, now);
  if (!reservation.allowed) return fail(captcha ? "validation.captchaWrong" : "login.captchaNeeded", true);
  if (reservation.delayMs) await new Promise((resolve) => setTimeout(resolve, reservation.delayMs));
  const settle = (succeeded: boolean) => settleLoginAttempt(db, reservation.attemptId, { accountCode: code, ip, succeeded }, now);

  const user =
    ACCOUNT_CODE_RE.test(code) || STAFF_CODE_RE.test(code)
      ? await db
          .selectFrom("app_user")
          .innerJoin("customer", "customer.id", "app_user.customer_id")
          .select(["app_user.id", "app_user.password_hash", "app_user.status", "app_user.language", "app_user.parties_id", "customer.kind"])
          .where("app_user.code", "=", code)
          .executeTakeFirst()
      : undefined;
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
  if (!user || !passwordOk || user.status !== "active") {
    await settle(false);
    return fail("common:errors.wrongLogin", reservation.captchaNext);
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
      await settle(false);
      return fail("common:errors.wrongLogin", reservation.captchaNext);
    }
  }
  // The password was right: whatever follows, this attempt is not a guess.
  await settle(true);
  if (!tenant) return fail("common:errors.loginFailed", false);

  const roles = await db
    .selectFrom("user_role")
    .innerJoin("role", "role.id", "user_role.role_id")
    .select("role.code")
    .where("user_role.user_id", "=", user.id)
    .execute();
  if (roles.length === 0) return fail("common:errors.rolesRequired", false);

  return {
    ok: true,
    userId: user.id,
    tenantId: tenant.id,
    tenantCode: tenant.code,
    language: user.language,
    partiesId: user.parties_id,
    isStaff: user.kind === "internal",
    roles: roles.map((r) => r.code),
  };
}

/**
 * Where a user lands at the root and after login without a redirect target (spec §2, §6):
 * CRMCPXX accounts on product selection; staff on the first page of their sidebar; everyone
 * else on the configured landing page (`index`), else the first page their menu allows.
 */
export async function landingPage(db: DB, user: { partiesId: string | null; isStaff?: boolean; roles?: readonly string[] } | null): Promise<string> {
  if (user?.partiesId === CRMCPXX) return "/selectionCategory";
  if (user?.isStaff) return (await firstAllowedRoute(db, "admin", user.roles ?? [])) ?? "/system";
  const configured = await landingParameter(db);
  if (configured) return safeRedirect(configured, "/homePage");
  return safeRedirect(await firstAllowedRoute(db, "shop", shopRoles(user?.roles ?? null)), "/homePage");
}

/** The checked redirect target: same-site path, never back to a login page. */
export function loginRedirectTarget(value: unknown): string | null {
  const target = safeRedirect(typeof value === "string" ? value : null, "");
  if (!target || /^\/(shop_login|login|logout)(\/|\?|$)/.test(target)) return null;
  return target;
}
