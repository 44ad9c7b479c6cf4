import type { DB } from "~/db/db.server";

/**
 * Failed-login throttle (docs/decisions/012-login-throttle.md):
 * - per account code: 5 failures within 15 minutes → further attempts refused until the
 *   oldest of them is 15 minutes old;
 * - per client address: 10 failures within 1 minute → the 11th attempt is refused for the rest
 *   of that minute. Only failures count, so 50 dealers behind one corporate address who
 *   type their passwords right are never refused.
 * Refused attempts are not recorded (they would extend the lock for ever).
 */
export const THROTTLE = {
  accountFailures: 5,
  accountWindowMs: 15 * 60_000,
  ipFailures: 10,
  ipWindowMs: 60_000,
} as const;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; scope: "account" | "ip" };

const ipKey = (ip: string | null) => (ip && ip.length ? ip.slice(0, 64) : "unknown");

export async function checkLoginThrottle(
  db: DB,
  input: { accountCode: string; ip: string | null },
  now = new Date(),
): Promise<ThrottleVerdict> {
  const ip = ipKey(input.ip);
  const ipSince = new Date(now.getTime() - THROTTLE.ipWindowMs).toISOString();
  const ipRows = await db
    .selectFrom("login_failure")
    .select("created_at")
    .where("ip", "=", ip)
    .where("created_at", ">", ipSince)
    .orderBy("created_at", "desc")
    .limit(THROTTLE.ipFailures)
    .execute();
  if (ipRows.length >= THROTTLE.ipFailures) {
    const oldest = new Date(ipRows[ipRows.length - 1].created_at).getTime();
    return { allowed: false, scope: "ip", retryAfterSeconds: secondsUntil(oldest + THROTTLE.ipWindowMs, now) };
  }
  if (input.accountCode) {
    const since = new Date(now.getTime() - THROTTLE.accountWindowMs).toISOString();
    const rows = await db
      .selectFrom("login_failure")
      .select("created_at")
      .where("account_code", "=", input.accountCode.slice(0, 40))
      .where("created_at", ">", since)
      .orderBy("created_at", "desc")
      .limit(THROTTLE.accountFailures)
      .execute();
    if (rows.length >= THROTTLE.accountFailures) {
      const oldest = new Date(rows[rows.length - 1].created_at).getTime();
      return { allowed: false, scope: "account", retryAfterSeconds: secondsUntil(oldest + THROTTLE.accountWindowMs, now) };
    }
  }
  return { allowed: true };
}

function secondsUntil(when: number, now: Date) {
  return Math.max(1, Math.ceil((when - now.getTime()) / 1000));
}

export async function recordLoginFailure(db: DB, input: { accountCode: string; ip: string | null }, now = new Date()) {
  await db
    .insertInto("login_failure")
    .values({ account_code: input.accountCode.slice(0, 40), ip: ipKey(input.ip), created_at: now.toISOString() })
    .execute();
  // Keep the table small: rows older than the longest window are useless.
  if (Math.random() < 0.05) {
    const cutoff = new Date(now.getTime() - THROTTLE.accountWindowMs).toISOString();
    await db.deleteFrom("login_failure").where("created_at", "<", cutoff).execute();
  }
}

/** A successful login clears the account's failures (not the address's). */
export async function clearAccountFailures(db: DB, accountCode: string) {
  await db.deleteFrom("login_failure").where("account_code", "=", accountCode.slice(0, 40)).execute();
}
