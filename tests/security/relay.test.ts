import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRelayToken } from "~/modules/services/relay.server";
import { startShop, type Shop } from "./harness";

/**
 * The sign-in hand-over over HTTP (spec §2 /loginRelay, /auth-redirect; decision 048): a good token
 * gives a session and a redirect without the token; expired, reused, tampered, unknown and locked
 * are refused with a page that says why (zh and en) and create nothing; no RELAY_SECRET, no routes.
 */
const SECRET = "relay-http-secret-0123456789abcdef0123";
let shop: Shop;
let plain: Shop;
beforeAll(async () => {
  // servers of its own: the sign-in hand-over needs RELAY_SECRET set, and a second server without it
  [shop, plain] = await Promise.all([startShop({ RELAY_SECRET: SECRET }), startShop()]);
});
afterAll(async () => {
  await Promise.all([shop?.stop(), plain?.stop()]);
});

const token = (code = "XCD000001", ageSeconds = 0) => signRelayToken(SECRET, { code, issuedAt: Date.now() / 1000 - ageSeconds });
const sessions = () => shop.one<{ n: number }>("select count(*) as n from session").n;
const go = (path: string, cookie = "") => shop.get(path, cookie);
const sessionOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .find((c) => c.startsWith("shop_session="))
    ?.split(";")[0] ?? null;

describe("/loginRelay", () => {
  it("a good token: a session as that dealer and the landing page, without the token", async () => {
    const answer = await go(`/loginRelay?token=${token()}`);
    expect(answer.status).toBe(303);
    const location = answer.headers.get("location")!;
    expect(location).not.toMatch(/token|v1\./);
    expect(location).toBe((await go("/", "")).headers.get("location"));
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("referrer-policy")).toContain("no-referrer");
    const cookie = sessionOf(answer);
    expect(cookie).not.toBeNull();
    const profile = await go("/profile/index", cookie!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("XCD000001");
  });

  it("the same token again: refused, no second session", async () => {
    const t = token("XCD000002");
    expect((await go(`/loginRelay?token=${t}`)).status).toBe(303);
    const before = sessions();
    const again = await go(`/loginRelay?token=${t}`);
    expect(again.status).toBe(400);
    expect(sessionOf(again)).toBeNull();
    expect(await again.text()).toContain("该登录链接已使用过");
    expect(sessions()).toBe(before);
  });

  it.each([
    ["expired", () => token("XCD000001", 61), "登录链接已过期", "has expired"],
    ["tampered", () => token("XCD000001").replace("XCD000001", "XCD000002"), "登录链接无效", "is not valid"],
    ["unknown account", () => token("XCD009999"), "该账号不能登录商城", "cannot sign in to the shop"],
  ])("%s: refused with a page in zh and en, nothing created", async (_name, make, zh, en) => {
    const before = sessions();
    const nonces = shop.one<{ n: number }>("select count(*) as n from relay_nonce").n;
    const answer = await go(`/loginRelay?token=${make()}`);
    expect(answer.status).toBe(400);
    expect(sessionOf(answer)).toBeNull();
    expect(await answer.text()).toContain(zh);
    const english = await fetch(`${shop.base}/loginRelay?token=${make()}`, { redirect: "manual", headers: { "Accept-Language": "en" } });
    expect(await english.text()).toContain(en);
    expect(sessions()).toBe(before);
    expect(shop.one<{ n: number }>("select count(*) as n from relay_nonce").n).toBe(nonces);
  });

  it("a locked account: refused, nothing created", async () => {
    shop.run("update app_user set status = 'locked' where code = 'XCD000003'");
    const before = sessions();
    const answer = await go(`/loginRelay?token=${token("XCD000003")}`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("该账号不能登录商城");
    expect(sessions()).toBe(before);
    shop.run("update app_user set status = 'active' where code = 'XCD000003'");
  });

  it("no token: the sign-in page", async () => {
    const answer = await go("/loginRelay");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/shop_login");
  });

  it("a script in the token is not echoed", async () => {
    const answer = await go(`/loginRelay?token=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).not.toContain("<script>alert(1)");
  });
});

describe("/auth-redirect", () => {
  it.each([
    ["/order/order?orderNo=SO1", "/order/order?orderNo=SO1"],
    ["//evil.com", null],
    ["https://evil.com/", null],
    ["/system/user", null],
    ["/loginRelay", null],
    ["/\\evil.com", null],
  ])("redirect=%s → %s (else the landing page)", async (target, want) => {
    const answer = await go(`/auth-redirect?token=${token()}&redirect=${encodeURIComponent(target)}`);
    expect(answer.status).toBe(303);
    expect(sessionOf(answer)).not.toBeNull();
    expect(answer.headers.get("location")).toBe(want ?? (await go("/", "")).headers.get("location"));
  });

  it("a refused token: the page, no session", async () => {
    const answer = await go(`/auth-redirect?token=${token("XCD000001", 120)}&redirect=/order/order`);
    expect(answer.status).toBe(400);
    expect(sessionOf(answer)).toBeNull();
  });
});

describe("without RELAY_SECRET", () => {
  it.each(["/loginRelay", "/auth-redirect"])("%s does not exist (404)", async (path) => {
    const t = signRelayToken(SECRET, { code: "XCD000001", issuedAt: Date.now() / 1000 });
    expect((await plain.get(`${path}?token=${t}`, "")).status).toBe(404);
    expect((await plain.get(path, "")).status).toBe(404);
  });
});
