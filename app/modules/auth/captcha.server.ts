import crypto from "node:crypto";
import svgCaptcha from "svg-captcha";
import type { DB } from "~/db/db.server";
import { hashToken } from "./sessions.server";

/**
 * The login verification code: an SVG image made on the server (svg-captcha, no third-party
 * service). The answer is kept server-side only, hashed, in a `captcha` row keyed by the hash of
 * a random token the browser holds (in a short-lived HttpOnly cookie, `~/utils/captcha.server`);
 * it can be checked once (decision 010).
 */
export const CAPTCHA_TTL_MS = 5 * 60_000;

/** What a `captcha` row keeps of its answer (exported for tests that give a row a known answer). */
export const answerHash = (id: string, answer: string) => crypto.createHash("sha256").update(`${id}:${answer.trim().toLowerCase()}`).digest("hex");

export async function newCaptcha(db: DB, now = new Date()): Promise<{ svg: string; token: string; answer: string }> {
  const { data, text } = svgCaptcha.create({
    size: 4,
    noise: 2,
    width: 120,
    height: 40,
    fontSize: 44,
    ignoreChars: "0oO1ilIL",
    background: "#f4f6f9",
    color: true,
  });
  const token = crypto.randomBytes(24).toString("base64url");
  const id = hashToken(token);
  await db.deleteFrom("captcha").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("captcha")
    .values({ id, answer_hash: answerHash(id, text), expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS).toISOString() })
    .execute();
  return { svg: data, token, answer: text };
}

/** Checks the answer for a captcha token and uses it up, right or wrong (one use). */
export async function checkCaptcha(db: DB, token: string | null, answer: string, now = new Date()): Promise<boolean> {
  if (!token || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return false;
  const id = hashToken(token);
  const row = await db.selectFrom("captcha").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom("captcha").where("id", "=", id).execute();
  if (row.expires_at <= now.toISOString()) return false;
  const a = Buffer.from(row.answer_hash);
  const b = Buffer.from(answerHash(id, answer));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
