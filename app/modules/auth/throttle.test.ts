import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { THROTTLE, checkLoginThrottle, clearAccountFailures, recordLoginFailure, waitAfter } from "./throttle.server";

const S = 1000;
const M = 60 * S;

describe("waitAfter: a few failures free, then a wait that doubles, at most 15 minutes", () => {
  it.each([
    [0, 5, 0],
    [4, 5, 0],
    [5, 5, 30 * S],
    [6, 5, 1 * M],
    [7, 5, 2 * M],
    [9, 5, 8 * M],
    [10, 5, 15 * M],
    [500, 5, 15 * M],
  ])("%i failures with %i free → wait %i ms", (failures, free, wait) => {
    expect(waitAfter(failures, free)).toBe(wait);
  });
});

describe.each(testDatabases())("login throttle on $name (decision 012)", ({ url }) => {
  let db: DB;
  beforeAll(async () => {
    db = await freshDb(await url());
  });
  afterAll(() => db?.destroy());

  // Each test uses its own accounts and addresses, so they do not see each other's failures.
  const fail = (accountCode: string, ip: string, at: Date) => recordLoginFailure(db, { accountCode, ip }, at);
  const check = (accountCode: string, ip: string, at: Date) => checkLoginThrottle(db, { accountCode, ip }, at);
  const after = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

  it("one account from one address: 5 failures free, then waits that grow with each further failure", async () => {
    const t0 = new Date("2030-01-01T10:00:00Z");
    for (let i = 0; i < 5; i++) await fail("XCD100001", "203.0.113.1", t0);
    expect(await check("XCD100001", "203.0.113.1", after(t0, 10 * S))).toEqual({ allowed: false, scope: "accountAtAddress", retryAfterSeconds: 20 });
    expect(await check("XCD100001", "203.0.113.1", after(t0, 30 * S))).toEqual({ allowed: true });
    await fail("XCD100001", "203.0.113.1", after(t0, 30 * S));
    expect(await check("XCD100001", "203.0.113.1", after(t0, 31 * S))).toMatchObject({ allowed: false, retryAfterSeconds: 59 });
    expect(await check("XCD100001", "203.0.113.1", after(t0, 90 * S))).toEqual({ allowed: true });
  });

  it("does not keep the dealer out: the same account from another address is open", async () => {
    const t0 = new Date("2030-01-02T10:00:00Z");
    for (let i = 0; i < 12; i++) await fail("XCD100002", "203.0.113.66", after(t0, i * S));
    expect(await check("XCD100002", "203.0.113.66", after(t0, 20 * S))).toMatchObject({ allowed: false, scope: "accountAtAddress" });
    expect(await check("XCD100002", "198.51.100.20", after(t0, 20 * S))).toEqual({ allowed: true });
  });

  it("a sign-in clears the failures of its own address only, not the attacker's", async () => {
    const t0 = new Date("2030-01-03T10:00:00Z");
    for (let i = 0; i < 6; i++) await fail("XCD100003", "203.0.113.67", t0);
    await fail("XCD100003", "198.51.100.21", t0);
    await clearAccountFailures(db, { accountCode: "XCD100003", ip: "198.51.100.21" });
    expect(await check("XCD100003", "203.0.113.67", after(t0, 10 * S))).toMatchObject({ allowed: false, scope: "accountAtAddress" });
  });

  it("guessing one account from many addresses: after 30 failures anywhere, every address waits", async () => {
    const t0 = new Date("2030-01-04T10:00:00Z");
    for (let i = 0; i < THROTTLE.free.account; i++) await fail("XCD100004", `192.0.2.${i}`, after(t0, i * S));
    expect(await check("XCD100004", "198.51.100.22", after(t0, 40 * S))).toMatchObject({ allowed: false, scope: "account" });
    expect(await check("XCD100004", "198.51.100.22", after(t0, 29 * S + 30 * S))).toEqual({ allowed: true });
  });

  it("spraying from one address: after 15 accounts failed, that address waits; others do not", async () => {
    const t0 = new Date("2030-01-05T10:00:00Z");
    for (let i = 0; i < THROTTLE.free.addressAccounts; i++) await fail(`XCD2000${String(i).padStart(2, "0")}`, "203.0.113.99", t0);
    expect(await check("XCD100005", "203.0.113.99", after(t0, S))).toMatchObject({ allowed: false, scope: "addressAccounts" });
    expect(await check("XCD100005", "203.0.113.100", after(t0, S))).toEqual({ allowed: true });
  });

  it("hammering one account behind a shared address leaves the 50 colleagues behind it alone", async () => {
    const t0 = new Date("2030-01-06T10:00:00Z");
    for (let i = 0; i < 40; i++) await fail("XCD100006", "198.51.100.1", after(t0, i * 100));
    for (let i = 0; i < 50; i++) {
      expect(await check(`XCD3000${String(i).padStart(2, "0")}`, "198.51.100.1", after(t0, 5 * S))).toEqual({ allowed: true });
    }
  });

  it("forgets failures older than the window", async () => {
    const t0 = new Date("2030-01-07T10:00:00Z");
    for (let i = 0; i < 20; i++) await fail("XCD100007", "203.0.113.7", t0);
    expect(await check("XCD100007", "203.0.113.7", after(t0, 14 * M))).toMatchObject({ allowed: false });
    expect(await check("XCD100007", "203.0.113.7", after(t0, THROTTLE.windowMs + S))).toEqual({ allowed: true });
  });
});
