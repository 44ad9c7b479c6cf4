import { createCookie } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { REMEMBER_DAYS } from "~/modules/auth/rules";

// Signed with SESSION_SECRET: a cookie the shop reads back into a form or a message cannot be forged.
const secrets = [getEnv().SESSION_SECRET];

/** The saved company code and account code (spec §7, §9: 30 days), pre-filled at login. */
const remember = { path: "/", httpOnly: true, sameSite: "lax" as const, maxAge: REMEMBER_DAYS * 24 * 3600, secrets };
export const rememberedCompanyCookie = createCookie("dataareacode", remember);
export const rememberedCodeCookie = createCookie("code", remember);

/** A one-shot message for the next page (i18n key), e.g. after the company switch. */
export const flashCookie = createCookie("shop_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets });

const FLASH_RE = /^[A-Za-z0-9_.:]{1,80}$/;

export function setFlash(key: string): Promise<string> {
  return flashCookie.serialize(key);
}

/** The pending message key, if any, and the Set-Cookie value that clears it. */
export async function readFlash(request: Request): Promise<{ message: string | null; clear: string | null }> {
  const value = await flashCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !FLASH_RE.test(value)) return { message: null, clear: null };
  return { message: value, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}

export async function readRemembered(request: Request): Promise<{ dataareacode: string; code: string }> {
  const header = request.headers.get("Cookie");
  const company = await rememberedCompanyCookie.parse(header);
  const code = await rememberedCodeCookie.parse(header);
  return {
    dataareacode: typeof company === "string" ? company.slice(0, 20) : "",
    code: typeof code === "string" ? code.slice(0, 20) : "",
  };
}
