import crypto from "node:crypto";
import type { DB } from "~/db/db.server";
import type { Mailer, SmsGateway } from "~/modules/mail/mailer.server";
import { hashPassword, verifyPassword } from "./password.server";
import { RESET_LINK_MINUTES, RESET_REQUESTS_PER_HOUR, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_MINUTES } from "./rules";
import { hashToken, revokeUserSessions } from "~/modules/auth/sessions.server";
import { fail, ok, type Result } from "~/modules/result";

/**
 * Password reset (spec §2 steps, §5, §9; docs/decisions/014-password-reset.md).
 * - e-mail: a link with a random token (only its hash is stored), valid 30 minutes, single use;
 * - mobile: a 6-digit code by SMS, valid 10 minutes, 5 attempts, tied to a flow cookie; a right
 *   code turns into a one-use reset token like the e-mail link's.
 * The answer never depends on whether the account exists.
 */
export interface ResetMessages {
  mailSubject: string;
  mailText: (link: string) => string;
  smsText: (code: string) => string;
}

const newToken = () => crypto.randomBytes(32).toString("base64url");
const codeHash = (tokenHash: string, code: string) => crypto.createHash("sha256").update(`${tokenHash}:${code}`).digest("hex");

export async function requestPasswordReset(
  db: DB,
  input: { code: string; channel: "email" | "mobile"; baseUrl: string },
  deps: { mailer: Mailer; sms: SmsGateway; messages: ResetMessages; now?: Date },
): Promise<{ channel: "email" } | { channel: "mobile"; flowToken: string }> {
  const now = deps.now ?? new Date();
  const user = await db
    .selectFrom("app_user")
    .select(["id", "email", "mobile"])
    .where("code", "=", input.code)
    .where("status", "=", "active")
    .executeTakeFirst();
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const recent = await db
    .selectFrom("password_reset")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_code", "=", input.code)
    .where("created_at", ">", hourAgo)
    .executeTakeFirstOrThrow();
  const mayRequest = Number(recent.n) < RESET_REQUESTS_PER_HOUR;

  if (input.channel === "email") {
    if (user && user.email && mayRequest) {
      const token = newToken();
      await db
        .insertInto("password_reset")
        .values({
          token_hash: hashToken(token),
          kind: "link",
          user_id: user.id,
          account_code: input.code,
          expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
          created_at: now.toISOString(),
        })
        .execute();
      const link = `${input.baseUrl}/order/resetPwd/thirdReset?token=${token}`;
      await deps.mailer.send({ to: user.email, subject: deps.messages.mailSubject, text: deps.messages.mailText(link) });
    }
    return { channel: "email" };
  }

  // Mobile: a flow row exists whether or not the account does, so the next step looks the same.
  const flowToken = newToken();
  const tokenHash = hashToken(flowToken);
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const send = !!(user && user.mobile && mayRequest);
  await db
    .insertInto("password_reset")
    .values({
      token_hash: tokenHash,
      kind: "sms",
      user_id: send ? user!.id : null,
      account_code: input.code,
      code_hash: codeHash(tokenHash, code),
      expires_at: new Date(now.getTime() + SMS_CODE_MINUTES * 60_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  if (send) await deps.sms.send(user!.mobile, deps.messages.smsText(code));
  return { channel: "mobile", flowToken };
}

/** A right code gives the one-use reset token; a wrong, expired or exhausted one an `auth:reset.*` error. */
export type SmsCheck = Result<string>;

/** Checks the SMS code of a flow; a right code gives a one-use reset token. */
export async function verifySmsCode(db: DB, flowToken: string, code: string, now = new Date()): Promise<SmsCheck> {
  const tokenHash = hashToken(flowToken);
  const row = await db.selectFrom("password_reset").selectAll().where("token_hash", "=", tokenHash).where("kind", "=", "sms").executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= now.toISOString()) return fail("auth:reset.codeExpired");
  if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return fail("auth:reset.tooManyAttempts");
  await db
    .updateTable("password_reset")
    .set({ attempts: row.attempts + 1 })
    .where("id", "=", row.id)
    .execute();
  const a = Buffer.from(row.code_hash ?? "");
  const b = Buffer.from(codeHash(tokenHash, code));
  const right = a.length === b.length && crypto.timingSafeEqual(a, b);
  if (!right || row.user_id === null) {
    return fail(row.attempts + 1 >= SMS_CODE_MAX_ATTEMPTS ? "auth:reset.tooManyAttempts" : "auth:reset.codeWrong");
  }
  await db.updateTable("password_reset").set({ used_at: now.toISOString() }).where("id", "=", row.id).execute();
  const resetToken = newToken();
  await db
    .insertInto("password_reset")
    .values({
      token_hash: hashToken(resetToken),
      kind: "link",
      user_id: row.user_id,
      account_code: row.account_code,
      expires_at: new Date(now.getTime() + SMS_CODE_MINUTES * 60_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return ok(resetToken);
}

/** True when the reset token is unused and not expired (shows the new-password form). */
export async function checkResetToken(db: DB, token: string, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const row = await db
    .selectFrom("password_reset")
    .select("id")
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", "link")
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .where("user_id", "is not", null)
    .executeTakeFirst();
  return !!row;
}

/**
 * Sets the new password with a reset token: the token is used up atomically (a second use
 * fails), and every session of the user ends.
 */
export async function resetPasswordWithToken(db: DB, token: string, password: string, now = new Date()): Promise<Result> {
  const linkInvalid = fail("auth:reset.linkInvalid");
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return linkInvalid;
  const tokenHash = hashToken(token);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("password_reset")
      .select(["id", "user_id"])
      .where("token_hash", "=", tokenHash)
      .where("kind", "=", "link")
      .executeTakeFirst();
    if (!row || row.user_id === null) return linkInvalid;
    const used = await trx
      .updateTable("password_reset")
      .set({ used_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return linkInvalid;
    await trx.updateTable("app_user").set({ password_hash: passwordHash, updated_at: now.toISOString() }).where("id", "=", row.user_id).execute();
    await revokeUserSessions(trx, row.user_id);
    return ok();
  });
}

/** The signed-in password change: the old password must be right; all other sessions end. */
export async function changePassword(db: DB, userId: number, input: { oldPassword: string; password: string }, now = new Date()): Promise<Result> {
  const user = await db.selectFrom("app_user").select("password_hash").where("id", "=", userId).executeTakeFirst();
  if (!user || !(await verifyPassword(user.password_hash, input.oldPassword))) return fail("auth:changePassword.oldWrong", undefined, "oldPassword");
  const passwordHash = await hashPassword(input.password);
  await db.updateTable("app_user").set({ password_hash: passwordHash, updated_at: now.toISOString() }).where("id", "=", userId).execute();
  await revokeUserSessions(db, userId);
  return ok();
}
