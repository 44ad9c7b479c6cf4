import { getEnv } from "~/env.server";
import type { Language } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { getMailer, getSmsGateway } from "~/modules/mail/mailer.server";
import type { ResetMessages } from "./reset.server";
import { RESET_LINK_MINUTES, SMS_CODE_MINUTES } from "./rules";

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

/** What the reset functions send with: the configured mailer and SMS gateway, texts in the user's language. */
export const resetDeps = (lang: Language) => ({ mailer: getMailer(), sms: getSmsGateway(), messages: resetMessages(lang) });
