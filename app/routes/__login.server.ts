import { json, redirect } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { getEnv } from "~/env.server";
import { createCaptcha } from "~/utils/captcha.server";
import { readRemembered } from "~/utils/cookies.server";
import { landingPage, loginRedirectTarget } from "~/modules/auth/login.server";
import { handleLogin } from "~/utils/auth.server";
import { getOptionalSessionUser } from "~/utils/session.server";

/** Loader and action of the two sign-in pages: /shop_login (dealers) and /login (admin-style). */
export type LoginVariant = "shop" | "admin";

/** GET /shop_login and /login: the form, with a fresh verification code when it is on. */
export async function loginLoader(request: Request, variant: LoginVariant) {
  const db = getDb();
  const url = new URL(request.url);
  const target = loginRedirectTarget(url.searchParams.get("redirect"));
  const user = await getOptionalSessionUser(request, db);
  if (user) {
    // Spec §4: visiting /login with a token goes to the root.
    throw redirect(variant === "admin" ? "/" : (target ?? (await landingPage(db, user))));
  }
  const captchaOn = getEnv().LOGIN_CAPTCHA === "on";
  const headers = new Headers({ "Cache-Control": "no-store" });
  let captchaImage: string | null = null;
  if (captchaOn) {
    const captcha = await createCaptcha(db);
    captchaImage = `data:image/svg+xml;base64,${Buffer.from(captcha.svg).toString("base64")}`;
    headers.append("Set-Cookie", captcha.cookie);
  }
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

/** POST: sign in, or the same page with the errors (status 400, 429 when throttled). */
export async function loginAction(request: Request, clientIp: string | null) {
  const result = await handleLogin(getDb(), request, { captchaOn: getEnv().LOGIN_CAPTCHA === "on", clientIp });
  if (result.kind === "redirect") return result.response;
  if (result.kind === "invalid") {
    return json({ result: result.submission.reply({ hideFields: ["password", "captcha"] }), retryAfterMinutes: 0 }, { status: 400 });
  }
  const { error } = result;
  return json(
    {
      result: result.submission.reply({ formErrors: [error.error], hideFields: ["password", "captcha"] }),
      retryAfterMinutes: error.error === "login.throttled" ? error.retryAfterMinutes : 0,
    },
    { status: error.error === "login.throttled" ? 429 : 400 },
  );
}
