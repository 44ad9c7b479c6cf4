import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "~/env.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * E-mail: over SMTP (nodemailer) when SMTP_URL is set; otherwise each message is written as an
 * .eml file into the outbox folder (MAIL_OUTBOX_DIR, default data/outbox) so a developer can
 * open it and follow its link (docs/decisions/013-mail-and-sms.md).
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      await writeOutbox(opts.outboxDir, "eml", info.message as Buffer);
    },
  };
}

export async function writeOutbox(dir: string, ext: string, content: Buffer | string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.${ext}`;
  const file = path.join(dir, name);
  await fs.writeFile(file, content);
  return file;
}

/** A text message to a mobile number. */
export interface SmsGateway {
  send(mobile: string, text: string): Promise<void>;
}

/** The default gateway writes each SMS as a .sms.txt file into the outbox folder. */
export function createOutboxSms(outboxDir: string): SmsGateway {
  return {
    async send(mobile, text) {
      await writeOutbox(outboxDir, "sms.txt", `To: ${mobile}\nDate: ${new Date().toISOString()}\n\n${text}\n`);
    },
  };
}

let mailer: Mailer | undefined;
let sms: SmsGateway | undefined;

export function getMailer(): Mailer {
  const env = getEnv();
  mailer ??= createMailer({ smtpUrl: env.SMTP_URL, outboxDir: path.resolve(env.MAIL_OUTBOX_DIR), from: env.MAIL_FROM });
  return mailer;
}

export function getSmsGateway(): SmsGateway {
  sms ??= createOutboxSms(path.resolve(getEnv().MAIL_OUTBOX_DIR));
  return sms;
}
