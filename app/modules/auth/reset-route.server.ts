import path from "node:path";
import { createCookie } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/config";
import { getMailer, getSmsGateway } from "~/modules/mail/mailer.server";
import type { ResetMessages } from "./reset.server";
import { RESET_LINK_MINUTES, SMS_CODE_MINUTES } from "./rules";
import { getOptionalSessionUser } from "~/utils/session.server";

/** Ties the SMS step to the browser that asked for the code. */
export const resetFlowCookie = createCookie("shop_reset_flow", {
  path: "/order/resetPwd",
  httpOnly: true,
  sameSite: "lax",
  maxAge: SMS_CODE_MINUTES * 60,
});

export async function readFlowToken(request: Request): Promise<string | null> {
  const v = await resetFlowCookie.parse(request.headers.get("Cookie"));
  return typeof v === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(v) ? v : null;
}

export async function requestLanguage(request: Request): Promise<Language> {
  const user = await getOptionalSessionUser(request);
  return getLanguage(request, user?.language);
}

/**
 * Links in e-mails start with the configured PUBLIC_URL (http://localhost:PORT without it), never
 * with the request's Host or X-Forwarded-Host, which an attacker asking for a victim's reset sets.
 */
export function publicBaseUrl(): string {
  return getEnv().publicOrigin;
}

export function resetMessages(lang: Language): ResetMessages {
  const t = getFixedT(lang, "auth");
  return {
    mailSubject: t("reset.mailSubject"),
    mailText: (link) => t("reset.mailText", { link, minutes: RESET_LINK_MINUTES }),
    smsText: (code) => t("reset.smsText", { code, minutes: SMS_CODE_MINUTES }),
  };
}

export const resetDeps = (lang: Language) => ({ mailer: getMailer(), sms: getSmsGateway(), messages: resetMessages(lang) });

export const outboxDir = () => path.resolve(getEnv().MAIL_OUTBOX_DIR);
