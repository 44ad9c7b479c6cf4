import { json, redirect } from "@remix-run/node";
import type { DB } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { getEnv } from "~/env.server";
import { createCaptcha, readCaptchaToken } from "~/utils/captcha.server";
import { readRemembered } from "~/utils/cookies.server";
import { landingPage, loginRedirectTarget } from "~/modules/auth/login.server";
import { handleLogin } from "~/utils/auth.server";
import { getOptionalSessionUser } from "~/utils/session.server";
import { replyInvalid, replyWithError } from "~/utils/reply.server";

/** Loader and action of the two sign-in pages: /shop_login (dealers) and /login (admin-style). */
export type LoginVariant = "shop" | "admin";

/** A fresh verification code: its image for the form, its cookie on `headers`. */
async function captchaFor(db: DB, headers: Headers): Promise<string> {
  const captcha = await createCaptcha(db);
  headers.append("Set-Cookie", captcha.cookie);
  return `data:image/svg+xml;base64,${Buffer.from(captcha.svg).toString("base64")}`;
}

/**
 * GET /shop_login and /login: the form, with a fresh verification code when it is on, or when the
 * shop asked this browser for one (it holds the cookie of one: the throttle, decision 055).
 * After a post the action's answer carries the code to show: no second one here.
 */
export async function loginLoader(request: Request, variant: LoginVariant) {
  const db = getDb();
  const url = new URL(request.url);
  const target = loginRedirectTarget(url.searchParams.get("redirect"));
  const user = await getOptionalSessionUser(request, db);
  if (user) {
    // Spec §4: visiting /login with a token goes to the root.
    throw redirect(variant === "admin" ? "/" : (target ?? (await landingPage(db, user))));
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  const wanted = getEnv().LOGIN_CAPTCHA === "on" || (await readCaptchaToken(request)) !== null;
  const captchaImage = wanted && request.method === "GET" ? await captchaFor(db, headers) : null;
  return json(
    {
      remembered: await readRemembered(request),
      captchaImage,
      redirect: target,
      notLoggedIn: url.searchParams.has("redirect"),
    },
    { headers },
  );
}

/**
 * POST: sign in, or the same page with the errors (status 400; 429 when the throttle asks for the
 * verification code) and, when the next attempt needs one, a fresh verification code
 * (`captchaImage`; null: none; absent: keep the one shown, `useLoginCaptcha`).
 */
export async function loginAction(request: Request, clientIp: string | null) {
  const db = getDb();
  const captchaOn = getEnv().LOGIN_CAPTCHA === "on";
  const result = await handleLogin(db, request, { captchaOn, clientIp });
  if (result.kind === "redirect") return result.response;
  const headers = new Headers({ "Cache-Control": "no-store" });
  const hideFields = ["password", "captcha"];
  if (result.kind === "invalid") {
    // conform's check of a field while the dealer types (an intent, no status): the code shown stays
    if (result.submission.status === undefined) return replyInvalid(request, result.submission, { hideFields, ns: "auth", headers });
    const captchaNext = captchaOn || (await readCaptchaToken(request)) !== null;
    const captchaImage = captchaNext ? await captchaFor(db, headers) : null;
    return replyInvalid(request, result.submission, { hideFields, ns: "auth", headers, data: { captchaImage } });
  }
  const { error } = result;
  const captchaImage = error.captchaNext ? await captchaFor(db, headers) : null;
  const status = error.error === "login.captchaNeeded" ? 429 : 400;
  return replyWithError(request, result.submission, { key: error.error }, { hideFields, ns: "auth", headers, status, data: { captchaImage } });
}
