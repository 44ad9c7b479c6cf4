import { sql } from "kysely";
import type { DB } from "~/db/db.server";

/**
 * Failed-login throttle (docs/decisions/012-login-throttle.md). No hard lock that a stranger can
 * set off: each scope lets a few failures through, then asks for a wait that doubles with every
 * further failure (30 s, 1 min, 2 min … at most 15 min) counted from the last failure.
 *
 * - account × address: guessing one dealer's password from one place. The dealer's own
 *   address is a different scope, so an attacker elsewhere does not keep the dealer out;
 * - account, from any address: guessing spread over many addresses;
 * - address, counted in accounts that failed from it: spraying one password over many accounts.
 *   Hammering one account from a corporate proxy's address counts as one account there, so the
 *   49 other dealers behind that address still sign in.
 *
 * Only failures are stored; refused attempts are neither recorded (they would extend the wait
 * for ever) nor checked against a password (no argon2 work).
 */
export const THROTTLE = {
  windowMs: 60 * 60_000,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  /** failures let through before the first wait, per scope */
  free: { accountAtAddress: 5, account: 30, addressAccounts: 15 },
} as const;

export type ThrottleScope = keyof typeof THROTTLE.free;
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; scope: ThrottleScope };

/** How long to wait after the last failure when a scope has `failures` in the window. */
export function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(THROTTLE.maxWaitMs, THROTTLE.firstWaitMs * 2 ** Math.min(failures - free, 20));
}

const ipKey = (ip: string | null) => (ip && ip.length ? ip.slice(0, 64) : "unknown");
const accountKey = (code: string) => code.slice(0, 40);

export async function checkLoginThrottle(
  db: DB,
  input: { accountCode: string; ip: string | null },
  now = new Date(),
): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - THROTTLE.windowMs).toISOString();
  const ip = ipKey(input.ip);
  const account = accountKey(input.accountCode);
  const recent = db.selectFrom("login_failure").where("created_at", ">", since);
  const [atAddress, anywhere, fromAddress] = await Promise.all([
    recent
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("created_at").as("last")])
      .where("account_code", "=", account)
      .where("ip", "=", ip)
      .executeTakeFirstOrThrow(),
    recent
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("created_at").as("last")])
      .where("account_code", "=", account)
      .executeTakeFirstOrThrow(),
    recent
      .select((eb) => [sql<number>`count(distinct account_code)`.as("n"), eb.fn.max("created_at").as("last")])
      .where("ip", "=", ip)
      .executeTakeFirstOrThrow(),
  ]);
  const scopes: [ThrottleScope, { n: number | string; last: string | null }][] = [
    ["accountAtAddress", atAddress],
    ["account", anywhere],
    ["addressAccounts", fromAddress],
  ];
  for (const [scope, { n, last }] of scopes) {
    const wait = waitAfter(Number(n), THROTTLE.free[scope]);
    if (!wait || !last) continue;
    const until = new Date(last).getTime() + wait;
    if (until > now.getTime()) return { allowed: false, scope, retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
  }
  return { allowed: true };
}

export async function recordLoginFailure(db: DB, input: { accountCode: string; ip: string | null }, now = new Date()) {
  await db
    .insertInto("login_failure")
    .values({ account_code: accountKey(input.accountCode), ip: ipKey(input.ip), created_at: now.toISOString() })
    .execute();
  // Keep the table small: rows older than the window count for nothing.
  if (Math.random() < 0.05) {
    const cutoff = new Date(now.getTime() - THROTTLE.windowMs).toISOString();
    await db.deleteFrom("login_failure").where("created_at", "<", cutoff).execute();
  }
}

/**
 * A successful login clears the account's failures from that address only: failures an attacker
 * made elsewhere keep counting against the attacker.
 */
export async function clearAccountFailures(db: DB, input: { accountCode: string; ip: string | null }) {
  await db.deleteFrom("login_failure").where("account_code", "=", accountKey(input.accountCode)).where("ip", "=", ipKey(input.ip)).execute();
}
