import { sql } from "kysely";
import type { DB } from "~/db/db.server";

/**
 * Failed-login throttle (docs/decisions/055-login-throttle.md). Nothing here ever refuses a right
 * password that comes with a right verification code: past a scope's limit the shop asks for the
 * image verification code and answers a little later, it does not lock.
 *
 * - account × address: guessing one dealer's password from one place;
 * - account, from any address: the same guessing spread over many addresses;
 * - address, counted in account codes that failed from it: spraying a password over many accounts,
 *   made-up codes included (a made-up code is a scope of its own that no dealer signs in with, so
 *   it weighs on the address only, and the answers stay the same whether the account exists).
 *
 * An attempt is counted before its password is checked: `reserveLoginAttempt` locks the account's
 * and the address's rows of `login_throttle_lock`, counts and writes the attempt in one
 * transaction, so attempts sent at once to several server processes count one after the other and
 * no more than the limit of them reach the password check without a verification code. The row
 * (marked `checking`) becomes a failure unless the password proves right (`settleLoginAttempt`).
 */
export const THROTTLE = {
  windowMs: 60 * 60_000,
  /**
   * attempts let through without a verification code, per scope and window. The address has two:
   * account codes that failed from it, and account codes tried from it with the checks still
   * running counted too: sign-ins of many colleagues at once are not failures, yet no more than
   * `addressAttempts` passwords are ever checked at once from one address without a code.
   */
  free: { accountAtAddress: 5, account: 20, addressAccounts: 15, addressAttempts: 40 },
  /** past a limit, each password check waits this much per attempt over it, at most `maxDelayMs` */
  delayStepMs: 250,
  maxDelayMs: 2_000,
} as const;

export type ThrottleScope = keyof typeof THROTTLE.free;

export interface ThrottleInput {
  accountCode: string;
  ip: string | null;
}

export type AttemptReservation =
  /** the password may be checked (after `delayMs`), then the attempt `attemptId` is settled */
  | { allowed: true; attemptId: number; delayMs: number; captchaNext: boolean }
  /** a verification code is needed first: nothing was recorded, no password is checked */
  | { allowed: false; scope: ThrottleScope };

export const ipKey = (ip: string | null) => (ip && ip.length ? ip.slice(0, 64) : "unknown");
export const accountKey = (code: string) => code.slice(0, 40);

/** The bounded wait before a password check `excess` attempts past a limit. */
export function delayAfter(excess: number): number {
  return excess <= 0 ? 0 : Math.min(THROTTLE.maxDelayMs, THROTTLE.delayStepMs * excess);
}

/**
 * Attempts in the window per scope: for an account, every attempt (failed, or its check still
 * running); for the address, distinct account codes.
 */
async function scopeCounts(db: DB, input: ThrottleInput, now: Date): Promise<Record<ThrottleScope, number>> {
  const since = new Date(now.getTime() - THROTTLE.windowMs).toISOString();
  const ip = ipKey(input.ip);
  const account = accountKey(input.accountCode);
  const recent = db.selectFrom("login_failure").where("created_at", ">", since);
  const [atAddress, anywhere, fromAddress] = await Promise.all([
    recent
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("account_code", "=", account)
      .where("ip", "=", ip)
      .executeTakeFirstOrThrow(),
    recent
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("account_code", "=", account)
      .executeTakeFirstOrThrow(),
    recent
      .select([sql<number>`count(distinct case when checking = 0 then account_code end)`.as("failed"), sql<number>`count(distinct account_code)`.as("tried")])
      .where("ip", "=", ip)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    accountAtAddress: Number(atAddress.n),
    account: Number(anywhere.n),
    addressAccounts: Number(fromAddress.failed),
    addressAttempts: Number(fromAddress.tried),
  };
}

/** The scope furthest past its limit, and by how much (0: every scope is under its limit). */
function overLimit(counts: Record<ThrottleScope, number>): { scope: ThrottleScope | null; excess: number } {
  let worst: { scope: ThrottleScope | null; excess: number } = { scope: null, excess: 0 };
  for (const scope of Object.keys(THROTTLE.free) as ThrottleScope[]) {
    const excess = counts[scope] - THROTTLE.free[scope] + 1;
    if (excess > worst.excess) worst = { scope, excess };
  }
  return worst;
}

/** Whether an attempt for this account from this address needs a verification code now (read only). */
export async function captchaRequired(db: DB, input: ThrottleInput, now = new Date()): Promise<ThrottleScope | null> {
  return overLimit(await scopeCounts(db, input, now)).scope;
}

/**
 * Counts and records one attempt before its password is checked, in one transaction that holds
 * the account's and the address's lock rows. `captchaPassed`: this attempt came with a right
 * verification code (checked and used up by the caller), which lets it past every limit.
 */
export async function reserveLoginAttempt(db: DB, input: ThrottleInput & { captchaPassed: boolean }, now = new Date()): Promise<AttemptReservation> {
  const account = accountKey(input.accountCode);
  const ip = ipKey(input.ip);
  const nowIso = now.toISOString();
  return db.transaction().execute(async (tx) => {
    // Sorted ("a:" before "i:"), so two attempts never wait for each other's second row.
    for (const key of [`a:${account}`, `i:${ip}`]) {
      await tx
        .insertInto("login_throttle_lock")
        .values({ key, touched_at: nowIso })
        .onConflict((oc) => oc.column("key").doUpdateSet({ touched_at: nowIso }))
        .execute();
    }
    const before = overLimit(await scopeCounts(tx, input, now));
    if (before.scope && !input.captchaPassed) return { allowed: false as const, scope: before.scope };
    const { id } = await tx
      .insertInto("login_failure")
      .values({ account_code: account, ip, created_at: nowIso, checking: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    // counted with this attempt: should it fail, the next one needs a verification code
    const after = overLimit(await scopeCounts(tx, input, now));
    return { allowed: true as const, attemptId: id, delayMs: delayAfter(before.excess), captchaNext: after.scope !== null };
  });
}

/**
 * After the password check. A failure's row becomes a failure. A success removes it and the
 * account's failures from that address only: failures an attacker made elsewhere keep counting
 * against him.
 */
export async function settleLoginAttempt(db: DB, attemptId: number, outcome: { succeeded: boolean } & ThrottleInput, now = new Date()) {
  if (outcome.succeeded) {
    // the attempt's own row is one of them
    await db.deleteFrom("login_failure").where("account_code", "=", accountKey(outcome.accountCode)).where("ip", "=", ipKey(outcome.ip)).execute();
  } else {
    await db.updateTable("login_failure").set({ checking: 0 }).where("id", "=", attemptId).execute();
  }
  // Keep the tables small: rows older than the window count for nothing.
  if (Math.random() < 0.05) await purgeOldAttempts(db, now);
}

export async function purgeOldAttempts(db: DB, now = new Date()) {
  const cutoff = new Date(now.getTime() - THROTTLE.windowMs).toISOString();
  await db.deleteFrom("login_failure").where("created_at", "<", cutoff).execute();
  await db.deleteFrom("login_throttle_lock").where("touched_at", "<", cutoff).execute();
}
