import { getEnv } from "~/env.server";
import type { Language } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { getDb } from "~/db/index.server";
import { runJob } from "~/modules/jobs/runner.server";
import { getSmsGateway, type Mailer } from "~/modules/mail/mailer.server";
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

/**
 * Mail goes through the job queue (decision 084): the request answers once the mail is queued,
 * and a worker delivers it with the configured mailer, trying again while the SMTP server is down.
 */
const mailThroughQueue: Mailer = { send: (message) => runJob(getDb(), "mail", message) };

/** What the reset functions send with: mail through the queue, the SMS gateway, texts in the user's language. */
export const resetDeps = (lang: Language) => ({ mailer: mailThroughQueue, sms: getSmsGateway(), messages: resetMessages(lang) });
