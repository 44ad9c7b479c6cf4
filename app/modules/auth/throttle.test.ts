import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { THROTTLE, captchaRequired, delayAfter, reserveLoginAttempt, settleLoginAttempt } from "./throttle.server";

const S = 1000;

describe("delayAfter: past a limit, a bounded wait before each password check", () => {
  it.each([
    [0, 0],
    [1, 250],
    [4, 1000],
    [8, 2000],
    [500, 2000],
  ])("%i attempts over the limit → %i ms", (excess, wait) => {
    expect(delayAfter(excess)).toBe(wait);
  });
});

describe.each(testDatabases())("login throttle on $name (decision 055)", ({ url }) => {
  let db: DB;
  beforeAll(async () => {
    db = await freshDb(await url());
  });
  afterAll(() => db?.destroy());

  // Each test uses its own accounts and addresses, so they do not see each other's attempts.
  const after = (t0: Date, ms: number) => new Date(t0.getTime() + ms);
  /** one sign-in attempt as verifyLogin makes it: reserve, then (if let through) settle */
  const attempt = async (accountCode: string, ip: string, at: Date, opts: { captcha?: boolean; right?: boolean } = {}) => {
    const r = await reserveLoginAttempt(db, { accountCode, ip, captchaPassed: opts.captcha ?? false }, at);
    if (r.allowed) await settleLoginAttempt(db, r.attemptId, { accountCode, ip, succeeded: opts.right ?? false }, at);
    return r;
  };
  const needs = (accountCode: string, ip: string, at: Date) => captchaRequired(db, { accountCode, ip }, at);
  const rows = async (accountCode: string) =>
    Number(
      (
        await db
          .selectFrom("login_failure")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("account_code", "=", accountCode)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("one account from one address: 5 attempts free, then the verification code; with it the password is checked, a little later", async () => {
    const t0 = new Date("2030-01-01T10:00:00Z");
    for (let i = 0; i < 4; i++) expect(await attempt("XCD100001", "203.0.113.1", t0)).toMatchObject({ allowed: true, delayMs: 0, captchaNext: false });
    expect(await attempt("XCD100001", "203.0.113.1", t0)).toMatchObject({ allowed: true, delayMs: 0, captchaNext: true });
    expect(await attempt("XCD100001", "203.0.113.1", after(t0, 10 * S), { right: true })).toEqual({ allowed: false, scope: "accountAtAddress" });
    expect(await rows("XCD100001")).toBe(5); // the refused attempt was not recorded, its password not checked
    expect(await attempt("XCD100001", "203.0.113.1", after(t0, 10 * S), { captcha: true })).toMatchObject({ allowed: true, delayMs: 250, captchaNext: true });
    expect(await attempt("XCD100001", "203.0.113.1", after(t0, 11 * S), { captcha: true, right: true })).toMatchObject({ allowed: true, delayMs: 500 });
    // the right password cleared that address's failures: no code needed there any more
    expect(await needs("XCD100001", "203.0.113.1", after(t0, 12 * S))).toBeNull();
  });

  it("an attacker elsewhere does not make the dealer's own address ask for the code (below the account's limit)", async () => {
    const t0 = new Date("2030-01-02T10:00:00Z");
    for (let i = 0; i < 12; i++) await attempt("XCD100002", "203.0.113.66", after(t0, i * S), { captcha: i >= 5 });
    expect(await needs("XCD100002", "203.0.113.66", after(t0, 20 * S))).toBe("accountAtAddress");
    expect(await needs("XCD100002", "198.51.100.20", after(t0, 20 * S))).toBeNull();
  });

  it("a sign-in clears the failures of its own address only, not the attacker's", async () => {
    const t0 = new Date("2030-01-03T10:00:00Z");
    for (let i = 0; i < 6; i++) await attempt("XCD100003", "203.0.113.67", t0, { captcha: true });
    await attempt("XCD100003", "198.51.100.21", t0, { right: true });
    expect(await needs("XCD100003", "203.0.113.67", after(t0, 10 * S))).toBe("accountAtAddress");
  });

  it("guessing one account from many addresses: after 20 attempts anywhere, every address asks for the code; none refuses it", async () => {
    const t0 = new Date("2030-01-04T10:00:00Z");
    for (let i = 0; i < THROTTLE.free.account; i++) await attempt("XCD100004", `192.0.2.${i}`, after(t0, i * S));
    expect(await attempt("XCD100004", "198.51.100.22", after(t0, 40 * S), { right: true })).toEqual({ allowed: false, scope: "account" });
    expect(await attempt("XCD100004", "198.51.100.22", after(t0, 40 * S), { captcha: true, right: true })).toMatchObject({ allowed: true });
  });

  it("spraying from one address, made-up codes included: after 15 codes, that address asks for the code; others do not", async () => {
    const t0 = new Date("2030-01-05T10:00:00Z");
    for (let i = 0; i < THROTTLE.free.addressAccounts; i++) await attempt(`NOSUCH${i}`, "203.0.113.99", t0);
    expect(await needs("XCD100005", "203.0.113.99", after(t0, S))).toBe("addressAccounts");
    expect(await needs("XCD100005", "203.0.113.100", after(t0, S))).toBeNull();
    // the made-up codes weigh on no real account
    expect(await needs("XCD100005", "203.0.113.99", after(t0, S))).toBe("addressAccounts");
    expect(await attempt("XCD100005", "203.0.113.99", after(t0, S), { captcha: true, right: true })).toMatchObject({ allowed: true });
  });

  it("hammering one account behind a shared address (with solved codes) leaves the 50 colleagues behind it alone", async () => {
    const t0 = new Date("2030-01-06T10:00:00Z");
    for (let i = 0; i < 14; i++) await attempt("XCD100006", "198.51.100.1", after(t0, i * 100), { captcha: true });
    for (let i = 0; i < 50; i++) expect(await needs(`XCD3000${String(i).padStart(2, "0")}`, "198.51.100.1", after(t0, 5 * S))).toBeNull();
  });

  it("forgets attempts older than the window", async () => {
    const t0 = new Date("2030-01-07T10:00:00Z");
    for (let i = 0; i < 6; i++) await attempt("XCD100007", "203.0.113.7", t0);
    expect(await needs("XCD100007", "203.0.113.7", after(t0, 14 * 60 * S))).toBe("accountAtAddress");
    expect(await needs("XCD100007", "203.0.113.7", after(t0, THROTTLE.windowMs + S))).toBeNull();
  });

  describe("attempts sent at once count one after the other (the reservation's row locks)", () => {
    const reserveAll = (n: number, input: (i: number) => { accountCode: string; ip: string }, at: Date) =>
      Promise.all(Array.from({ length: n }, (_, i) => reserveLoginAttempt(db, { ...input(i), captchaPassed: false }, at)));

    it("40 at once on one account from one address: 5 reach the password check", async () => {
      const results = await reserveAll(40, () => ({ accountCode: "XCD100008", ip: "203.0.113.8" }), new Date("2030-01-08T10:00:00Z"));
      expect(results.filter((r) => r.allowed)).toHaveLength(THROTTLE.free.accountAtAddress);
      expect(await rows("XCD100008")).toBe(THROTTLE.free.accountAtAddress);
    });

    it("40 at once on one account from 40 addresses: 20", async () => {
      const results = await reserveAll(40, (i) => ({ accountCode: "XCD100009", ip: `192.0.2.${100 + i}` }), new Date("2030-01-09T10:00:00Z"));
      expect(results.filter((r) => r.allowed)).toHaveLength(THROTTLE.free.account);
    });

    it("colleagues signing in at once from one address are not failures; no more than 40 codes are checked at once from it", async () => {
      const at = new Date("2030-01-10T10:00:00Z");
      const results = await reserveAll(60, (i) => ({ accountCode: `XCD4000${String(i).padStart(2, "0")}`, ip: "203.0.113.10" }), at);
      expect(results.filter((r) => r.allowed)).toHaveLength(THROTTLE.free.addressAttempts);
      // as the checks end with right passwords, the address is open again
      for (const [i, r] of results.entries()) {
        if (r.allowed)
          await settleLoginAttempt(db, r.attemptId, { accountCode: `XCD4000${String(i).padStart(2, "0")}`, ip: "203.0.113.10", succeeded: true }, at);
      }
      expect(await needs("XCD400099", "203.0.113.10", at)).toBeNull();
    });

    it("checks still running count against the account: the 6th at once asks for the code even before any failed", async () => {
      const at = new Date("2030-01-11T10:00:00Z");
      for (let i = 0; i < THROTTLE.free.accountAtAddress; i++) {
        expect(await reserveLoginAttempt(db, { accountCode: "XCD100010", ip: "203.0.113.11", captchaPassed: false }, at)).toMatchObject({ allowed: true });
      }
      expect(await needs("XCD100010", "203.0.113.11", at)).toBe("accountAtAddress");
    });
  });
});
