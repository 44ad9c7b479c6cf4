import { createCookie } from "@remix-run/node";
import type { DB } from "~/db/db.server";
import { CAPTCHA_TTL_MS, checkCaptcha, newCaptcha } from "~/modules/auth/captcha.server";

/** The cookie that carries the token of this browser's login verification code. */
export const captchaCookie = createCookie("shop_captcha", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: CAPTCHA_TTL_MS / 1000,
});

export interface NewCaptcha {
  svg: string;
  /** Set-Cookie header value carrying the token of this attempt */
  cookie: string;
  /** only for tests */
  answer: string;
}

export async function createCaptcha(db: DB, now = new Date()): Promise<NewCaptcha> {
  const { svg, token, answer } = await newCaptcha(db, now);
  return { svg, cookie: await captchaCookie.serialize(token), answer };
}

export async function readCaptchaToken(request: Request): Promise<string | null> {
  const token = await captchaCookie.parse(request.headers.get("Cookie"));
  return typeof token === "string" ? token : null;
}

/** Checks the answer for this request's captcha and uses it up (one use). */
export async function verifyCaptcha(db: DB, request: Request, answer: string, now = new Date()): Promise<boolean> {
  return checkCaptcha(db, await readCaptchaToken(request), answer, now);
}
