import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { receivingSmtpServer } from "../helpers/smtp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { verifyPassword } from "~/modules/auth/password.server";
import { changePassword, checkResetToken, requestPasswordReset, resetPasswordWithToken, verifySmsCode } from "~/modules/auth/reset.server";
import { SMS_CODE_MAX_ATTEMPTS } from "~/modules/auth/rules";
import { fail, ok } from "~/modules/result";
import { findSessionUser, hashToken, revokeUserSessions } from "~/modules/auth/sessions.server";
import { createSession, destroySession } from "~/utils/session.server";
import { createMailer, createOutboxSms, type MailMessage } from "~/modules/mail/mailer.server";
import { freshDb, testDatabases } from "../helpers/db";
import { PASSWORD, cookieHeader, createWorld, sessionUserOf, tokenOf, type World } from "../helpers/auth-fixtures";

const messages = { mailSubject: "Reset", mailText: (l: string) => `link: ${l}`, smsText: (c: string) => `code: ${c}` };

function fakes() {
  const mails: MailMessage[] = [];
  const sms: { to: string; text: string }[] = [];
  return {
    mails,
    sms,
    deps: (now?: Date) => ({
      mailer: { send: async (m: MailMessage) => void mails.push(m) },
      sms: { send: async (to: string, text: string) => void sms.push({ to, text }) },
      messages,
      now,
    }),
  };
}
const linkToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1];
const req = (cookie = "") => new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });

describe.each(testDatabases())("password reset and sessions ($name)", ({ url }) => {
  let db: DB;
  let world: World;
  beforeAll(async () => {
    db = await freshDb(await url());
    world = await createWorld(db);
  });
  afterAll(() => db.destroy());

  it("e-mail: a link valid 30 minutes (clock injected)", async () => {
    const f = fakes();
    const t0 = new Date("2030-05-01T08:00:00Z");
    expect(await requestPasswordReset(db, { code: "XCD000002", channel: "email", baseUrl: "http://shop.test" }, f.deps(t0))).toEqual({ channel: "email" });
    expect(f.mails).toHaveLength(1);
    expect(f.mails[0].to).toBe("xcd000002@example.test");
    const token = linkToken(f.mails[0].text);
    expect(f.mails[0].text).toContain("http://shop.test/order/resetPwd/thirdReset?token=");
    expect(await checkResetToken(db, token, new Date(t0.getTime() + 29 * 60_000))).toBe(true);
    expect(await checkResetToken(db, token, new Date(t0.getTime() + 30 * 60_000 + 1))).toBe(false);
    expect(await resetPasswordWithToken(db, token, "NewPass123", new Date(t0.getTime() + 31 * 60_000))).toEqual(fail("auth:reset.linkInvalid"));
  });

  it("e-mail: single use, sets the password and ends every session", async () => {
    const f = fakes();
    const s1 = await createSession(db, req(), { userId: world.users.sub, tenantId: world.tenants.t1000, clientIp: null });
    const s2 = await createSession(db, req(), { userId: world.users.sub, tenantId: world.tenants.t1000, clientIp: null });
    await requestPasswordReset(db, { code: "XCD000002", channel: "email", baseUrl: "http://x" }, f.deps());
    const token = linkToken(f.mails[0].text);
    expect(await resetPasswordWithToken(db, token, "NewPass123")).toEqual(ok());
    expect(await resetPasswordWithToken(db, token, "Other12345")).toEqual(fail("auth:reset.linkInvalid"));
    expect(await checkResetToken(db, token)).toBe(false);
    const row = await db.selectFrom("app_user").select("password_hash").where("id", "=", world.users.sub).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, "NewPass123")).toBe(true);
    expect(await sessionUserOf(db, s1)).toBeNull();
    expect(await sessionUserOf(db, s2)).toBeNull();
  });

  it("the same answer for an unknown account, and no e-mail", async () => {
    const f = fakes();
    expect(await requestPasswordReset(db, { code: "XCD777777", channel: "email", baseUrl: "http://x" }, f.deps())).toEqual({ channel: "email" });
    expect(f.mails).toHaveLength(0);
    const mobile = await requestPasswordReset(db, { code: "XCD777777", channel: "mobile", baseUrl: "http://x" }, f.deps());
    expect(mobile.channel).toBe("mobile");
    expect(f.sms).toHaveLength(0);
    // every code is wrong for it, exactly like a wrong code for a real account
    expect(await verifySmsCode(db, (mobile as { flowToken: string }).flowToken, "123456")).toEqual(fail("auth:reset.codeWrong"));
  });

  it("at most 5 reset messages per account per hour", async () => {
    const f = fakes();
    const t0 = new Date("2030-06-01T08:00:00Z");
    for (let i = 0; i < 7; i++)
      await requestPasswordReset(db, { code: "DPC000001", channel: "email", baseUrl: "http://x" }, f.deps(new Date(t0.getTime() + i * 1000)));
    expect(f.mails).toHaveLength(5);
  });

  it("mobile: a 6-digit code, limited attempts, then a one-use reset token", async () => {
    const f = fakes();
    const r = await requestPasswordReset(db, { code: "XCD000001", channel: "mobile", baseUrl: "http://x" }, f.deps());
    const flow = (r as { flowToken: string }).flowToken;
    const code = /(\d{6})/.exec(f.sms[0].text)![1];
    expect(f.sms[0].to).toBe("13800000000");
    const wrong = code === "000000" ? "000001" : "000000";
    expect(await verifySmsCode(db, flow, wrong)).toEqual(fail("auth:reset.codeWrong"));
    const check = await verifySmsCode(db, flow, code);
    expect(check.ok).toBe(true);
    expect(await verifySmsCode(db, flow, code)).toEqual(fail("auth:reset.codeExpired"));
    const resetToken = check.ok ? check.value : "";
    expect(await resetPasswordWithToken(db, resetToken, "Mobile1234")).toEqual(ok());
    expect(await resetPasswordWithToken(db, resetToken, "Mobile1234")).toEqual(fail("auth:reset.linkInvalid"));
  });

  it("mobile: after 5 wrong attempts even the right code is refused; codes expire after 10 minutes", async () => {
    const f = fakes();
    const r = await requestPasswordReset(db, { code: "XCD000001", channel: "mobile", baseUrl: "http://x" }, f.deps());
    const flow = (r as { flowToken: string }).flowToken;
    const code = /(\d{6})/.exec(f.sms[0].text)![1];
    const wrong = code === "999999" ? "999998" : "999999";
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) await verifySmsCode(db, flow, wrong);
    expect(await verifySmsCode(db, flow, code)).toEqual(fail("auth:reset.tooManyAttempts"));

    const t0 = new Date("2030-07-01T08:00:00Z");
    const f2 = fakes();
    const r2 = await requestPasswordReset(db, { code: "XCD000001", channel: "mobile", baseUrl: "http://x" }, f2.deps(t0));
    const code2 = /(\d{6})/.exec(f2.sms[0].text)![1];
    expect(await verifySmsCode(db, (r2 as { flowToken: string }).flowToken, code2, new Date(t0.getTime() + 11 * 60_000))).toEqual(
      fail("auth:reset.codeExpired"),
    );
  });

  it("password change: the old password must be right; all sessions end", async () => {
    const s = await createSession(db, req(), { userId: world.users.other, tenantId: world.tenants.t1000, clientIp: null });
    expect(await changePassword(db, world.users.other, { oldPassword: "Wrong1234", password: "Changed123" })).toEqual(
      fail("auth:changePassword.oldWrong", undefined, "oldPassword"),
    );
    expect(await sessionUserOf(db, s)).not.toBeNull();
    expect(await changePassword(db, world.users.other, { oldPassword: PASSWORD, password: "Changed123" })).toEqual(ok());
    expect(await sessionUserOf(db, s)).toBeNull();
  });

  it("logout deletes the session row: a replayed cookie is rejected", async () => {
    const s = await createSession(db, req(), { userId: world.users.master, tenantId: world.tenants.t1000, clientIp: null });
    expect(await sessionUserOf(db, s)).not.toBeNull();
    const cleared = await destroySession(db, req(cookieHeader(s)));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await sessionUserOf(db, s)).toBeNull();
    expect(await findSessionUser(db, hashToken(tokenOf(s)!))).toBeNull();
  });

  it("revokeUserSessions can keep one session", async () => {
    const a = await createSession(db, req(), { userId: world.users.master, tenantId: world.tenants.t1000, clientIp: null });
    const b = await createSession(db, req(), { userId: world.users.master, tenantId: world.tenants.t1000, clientIp: null });
    await revokeUserSessions(db, world.users.master, { exceptSessionId: hashToken(tokenOf(a)!) });
    expect(await sessionUserOf(db, a)).not.toBeNull();
    expect(await sessionUserOf(db, b)).toBeNull();
  });
});

describe("mail and SMS", () => {
  it("without SMTP_URL, writes .eml and .sms.txt files into the outbox", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    await createMailer({ outboxDir: dir, from: "Shop <no-reply@shop.test>" }).send({ to: "a@b.test", subject: "重置密码", text: "link: http://x/?token=abc" });
    await createOutboxSms(dir).send("13800000000", "code: 123456");
    const files = fs.readdirSync(dir);
    const eml = files.find((f) => f.endsWith(".eml"))!;
    const content = fs.readFileSync(path.join(dir, eml), "utf8");
    expect(content).toMatch(/^To: a@b\.test/m);
    expect(content).toMatch(/Subject: =\?UTF-8\?/);
    expect(content).toContain("token=abc");
    expect(files.some((f) => f.endsWith(".sms.txt"))).toBe(true);
  });

  it("with SMTP_URL, delivers to a real SMTP server", async () => {
    const received: string[] = [];
    const server = receivingSmtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as { port: number }).port;
    try {
      await createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent", from: "no-reply@shop.test" }).send({
        to: "dealer@shop.test",
        subject: "Reset",
        text: "link: http://shop.test/order/resetPwd/thirdReset?token=xyz",
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("dealer@shop.test");
      expect(received[0]).toContain("token=xyz");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
