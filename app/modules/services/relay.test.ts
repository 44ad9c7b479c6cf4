import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { createWorld, type World } from "../../../tests/helpers/auth-fixtures";
import { consumeRelayToken, RELAY_TTL_SECONDS, signRelayToken, verifyRelayToken } from "./relay.server";

const SECRET = "relay-secret-for-tests-0123456789abcdef";
const now = new Date("2026-11-25T08:00:00.000Z");
const sec = now.getTime() / 1000;

describe.each(testDatabases())("sign-in hand-over on $name (decision 048)", ({ url }) => {
  let db: DB;
  let world: World;
  beforeAll(async () => {
    db = await freshDb(await url());
    world = await createWorld(db);
  });
  afterAll(() => db?.destroy());

  const nonces = async () =>
    Number(
      (
        await db
          .selectFrom("relay_nonce")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const use = (token: string, at = now) => consumeRelayToken(db, { secret: SECRET, token, now: at });

  it("a good token hands over the dealer, on their default company entity, once", async () => {
    const token = signRelayToken(SECRET, { code: "XCD000001", issuedAt: sec - 10, nonce: "nonce-good-000000001" });
    const first = await use(token);
    expect(first).toMatchObject({ ok: true, userId: world.users.master, tenantId: world.tenants.t1000 });
    expect(await nonces()).toBe(1);
    expect(await use(token, new Date(now.getTime() + 1000))).toEqual({ ok: false, error: "services:relay.reused" });
    expect(await nonces()).toBe(1);
  });

  it("the same nonce used at the same moment twice: one hand-over", async () => {
    const token = signRelayToken(SECRET, { code: "DPC000001", issuedAt: sec, nonce: "nonce-race-000000001" });
    const results = await Promise.all([use(token), use(token)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: "services:relay.reused" });
  });

  it.each([
    ["expired (61 s old)", () => signRelayToken(SECRET, { code: "XCD000001", issuedAt: sec - RELAY_TTL_SECONDS - 1 }), "services:relay.expired"],
    ["issued in the future", () => signRelayToken(SECRET, { code: "XCD000001", issuedAt: sec + 60 }), "services:relay.expired"],
    ["signed with another secret", () => signRelayToken("another-secret-0123456789abcdef0123", { code: "XCD000001", issuedAt: sec }), "services:relay.invalid"],
    ["account code changed", () => signRelayToken(SECRET, { code: "XCD000001", issuedAt: sec }).replace("XCD000001", "XCD000002"), "services:relay.invalid"],
    [
      "time changed",
      () => {
        const t = signRelayToken(SECRET, { code: "XCD000001", issuedAt: sec - 100 });
        return t.replace(`.${sec - 100}.`, `.${sec}.`);
      },
      "services:relay.invalid",
    ],
    ["signature cut", () => signRelayToken(SECRET, { code: "XCD000001", issuedAt: sec }).slice(0, -2), "services:relay.invalid"],
    ["garbage", () => "v1.XCD000001.abc", "services:relay.invalid"],
    ["unknown account", () => signRelayToken(SECRET, { code: "XCD009999", issuedAt: sec }), "services:relay.account"],
    ["account without roles", () => signRelayToken(SECRET, { code: "XCD000008", issuedAt: sec }), "services:relay.account"],
    ["a staff code", () => signRelayToken(SECRET, { code: "EMP000001", issuedAt: sec }), "services:relay.account"],
  ])("%s: refused, nothing stored", async (_name, make, error) => {
    const before = await nonces();
    expect(await use(make())).toEqual({ ok: false, error });
    expect(await nonces()).toBe(before);
  });

  it("a locked account is refused, and its token stays unused", async () => {
    await db.updateTable("app_user").set({ status: "locked" }).where("id", "=", world.users.sub).execute();
    const before = await nonces();
    expect(await use(signRelayToken(SECRET, { code: "XCD000002", issuedAt: sec }))).toEqual({ ok: false, error: "services:relay.account" });
    expect(await nonces()).toBe(before);
    await db.updateTable("app_user").set({ status: "active" }).where("id", "=", world.users.sub).execute();
  });

  it("verifyRelayToken accepts exactly 60 s and refuses 61 s", () => {
    const token = signRelayToken(SECRET, { code: "XCD000001", issuedAt: sec - 60 });
    expect(verifyRelayToken(SECRET, token, now).ok).toBe(true);
    expect(verifyRelayToken(SECRET, token, new Date(now.getTime() + 1000))).toEqual({ ok: false, error: "services:relay.expired" });
  });
});
