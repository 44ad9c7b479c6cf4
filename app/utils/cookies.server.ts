import { createCookie } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { REMEMBER_DAYS } from "~/modules/auth/rules";

// Signed with SESSION_SECRET: a cookie the shop reads back into a form or a message cannot be forged.
const secrets = [getEnv().SESSION_SECRET];

/** The saved company code and account code (spec §7, §9: 30 days), pre-filled at login. */
const remember = { path: "/", httpOnly: true, sameSite: "lax" as const, maxAge: REMEMBER_DAYS * 24 * 3600, secrets };
export const rememberedCompanyCookie = createCookie("dataareacode", remember);
export const rememberedCodeCookie = createCookie("code", remember);

/**
 * A one-shot message for the next page (a toast: i18n key, its values, success or error), e.g. after
 * a form was saved. Signed, so a forged cookie cannot put words in the shop's mouth; shown once.
 */
export const flashCookie = createCookie("shop_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets });

export interface Toast {
  key: string;
  values?: Record<string, string | number>;
  kind?: "success" | "error";
}

const FLASH_RE = /^[A-Za-z0-9_.:]{1,80}$/;

export function setToast(toast: Toast): Promise<string> {
  return flashCookie.serialize(toast);
}

function asToast(value: unknown): Toast | null {
  if (typeof value === "string") return FLASH_RE.test(value) ? { key: value, kind: "success" } : null;
  if (!value || typeof value !== "object") return null;
  const { key, values, kind } = value as Record<string, unknown>;
  if (typeof key !== "string" || !FLASH_RE.test(key)) return null;
  const safeValues: Record<string, string | number> = {};
  if (values && typeof values === "object") {
    for (const [name, v] of Object.entries(values)) if (typeof v === "string" || typeof v === "number") safeValues[name] = v;
  }
  return { key, values: safeValues, kind: kind === "error" ? "error" : "success" };
}

/** The pending toast, if any, and the Set-Cookie value that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const toast = asToast(await flashCookie.parse(request.headers.get("Cookie")));
  if (!toast) return { toast: null, clear: null };
  return { toast, clear: await flashCookie.serialize("", { maxAge: 0 }) };
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
