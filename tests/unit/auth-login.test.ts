import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { captchaCookie, createCaptcha, verifyCaptcha } from "~/utils/captcha.server";
import { handleLogin } from "~/utils/auth.server";
import { landingPage, loginRedirectTarget, verifyLogin } from "~/modules/auth/login.server";
import { bumpVersion } from "~/modules/admin/versions.server";
import { findSessionUser, hashToken, startSession } from "~/modules/auth/sessions.server";
import { THROTTLE, captchaRequired } from "~/modules/auth/throttle.server";
import { freshDb, testDatabases } from "../helpers/db";
import { PASSWORD, createWorld, cookieHeader, sessionUserOf, type World } from "../helpers/auth-fixtures";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const req = (cookie = "", body?: FormData) => new Request("http://shop.test/shop_login", { method: "POST", headers: cookie ? { Cookie: cookie } : {}, body });

describe.each(testDatabases())("login ($name)", ({ url }) => {
  let db: DB;
  let world: World;
  beforeAll(async () => {
    db = await freshDb(await url());
    world = await createWorld(db);
  });
  afterAll(() => db.destroy());

  const login = async (fields: Record<string, string>, opts: { ip?: string; now?: Date; captchaOn?: boolean; cookie?: string } = {}) => {
    const captchaToken = opts.cookie ? ((await captchaCookie.parse(opts.cookie)) as string) : null;
    return verifyLogin(db, fields, { captchaOn: opts.captchaOn ?? false, captchaToken, clientIp: opts.ip ?? "10.0.0.1", now: opts.now });
  };

  it("signs in with the right code and password, on the default company", async () => {
    const r = await login({ code: "XCD000001", password: PASSWORD });
    expect(r).toMatchObject({ ok: true, userId: world.users.master, tenantId: world.tenants.t1000 });
  });

  it("accepts a lower-case, padded account code (decision 011) but not a wrong-case password", async () => {
    expect(await login({ code: "  xcd000001 ", password: PASSWORD }, { ip: "10.0.1.1" })).toMatchObject({ ok: true });
    expect(await login({ code: "XCD000001", password: PASSWORD.toLowerCase() }, { ip: "10.0.1.1" })).toEqual({
      ok: false,
      error: "common:errors.wrongLogin",
      captchaNext: false,
    });
  });

  it("gives the same answer for an unknown account and a wrong password", async () => {
    const unknown = await login({ code: "XCD999999", password: PASSWORD }, { ip: "10.0.2.1" });
    const wrong = await login({ code: "XCD000002", password: "Wrong1234" }, { ip: "10.0.2.1" });
    const malformed = await login({ code: "HELLO", password: PASSWORD }, { ip: "10.0.2.1" });
    expect(unknown).toEqual(wrong);
    expect(malformed).toEqual(wrong);
  });

  it("chooses the company by dataareacode; another company's code is a wrong login", async () => {
    expect(await login({ code: "XCD000001", password: PASSWORD, dataareacode: "2000" }, { ip: "10.0.3.1" })).toMatchObject({
      ok: true,
      tenantId: world.tenants.t2000,
    });
    expect(await login({ code: "XCD000002", password: PASSWORD, dataareacode: "2000" }, { ip: "10.0.3.1" })).toEqual({
      ok: false,
      error: "common:errors.wrongLogin",
      captchaNext: false,
    });
  });

  it("refuses an account without roles: 'getInfo: roles must be a non-null array!'", async () => {
    expect(await login({ code: "XCD000008", password: PASSWORD }, { ip: "10.0.4.1" })).toEqual({
      ok: false,
      error: "common:errors.rolesRequired",
      captchaNext: false,
    });
  });

  it("past the limit asks for the verification code without checking the password; the right password with a right code signs in (decision 055)", async () => {
    const t0 = new Date("2030-01-01T10:00:00Z");
    for (let i = 0; i < THROTTLE.free.accountAtAddress; i++) {
      expect(await login({ code: "XCD000002", password: "Wrong1234" }, { ip: "10.1.0.1", now: t0 })).toEqual({
        ok: false,
        error: "common:errors.wrongLogin",
        captchaNext: i === THROTTLE.free.accountAtAddress - 1,
      });
    }
    expect(await login({ code: "XCD000002", password: PASSWORD }, { ip: "10.1.0.1", now: t0 })).toEqual({
      ok: false,
      error: "login.captchaNeeded",
      captchaNext: true,
    });
    const wrongCode = await createCaptcha(db, t0);
    expect(
      await login({ code: "XCD000002", password: PASSWORD, captcha: "zzzz" }, { ip: "10.1.0.1", now: t0, cookie: cookieHeader(wrongCode.cookie) }),
    ).toEqual({
      ok: false,
      error: "validation.captchaWrong",
      captchaNext: true,
    });
    // from the dealer's own address nothing is asked
    expect(await login({ code: "XCD000002", password: PASSWORD }, { ip: "10.1.9.9", now: t0 })).toMatchObject({ ok: true });
    const c = await createCaptcha(db, t0);
    expect(
      await login({ code: "XCD000002", password: PASSWORD, captcha: c.answer }, { ip: "10.1.0.1", now: t0, cookie: cookieHeader(c.cookie) }),
    ).toMatchObject({ ok: true });
    expect(await captchaRequired(db, { accountCode: "XCD000002", ip: "10.1.0.1" }, t0)).toBeNull();
  });

  describe("verification code on (LOGIN_CAPTCHA=on)", () => {
    it("accepts the right answer once, case-insensitively; a wrong or replayed answer is refused", async () => {
      const c = await createCaptcha(db);
      expect(c.svg).toMatch(/^<svg/);
      const cookie = cookieHeader(c.cookie);
      expect(
        await login({ code: "XCD000001", password: PASSWORD, captcha: c.answer.toUpperCase() }, { captchaOn: true, cookie, ip: "10.2.0.1" }),
      ).toMatchObject({
        ok: true,
      });
      expect(await login({ code: "XCD000001", password: PASSWORD, captcha: c.answer }, { captchaOn: true, cookie, ip: "10.2.0.1" })).toEqual({
        ok: false,
        error: "validation.captchaWrong",
        captchaNext: true,
      });
      const c2 = await createCaptcha(db);
      expect(
        await login({ code: "XCD000001", password: PASSWORD, captcha: "zzzz" }, { captchaOn: true, cookie: cookieHeader(c2.cookie), ip: "10.2.0.1" }),
      ).toEqual({
        ok: false,
        error: "validation.captchaWrong",
        captchaNext: true,
      });
      // no cookie at all
      expect(await login({ code: "XCD000001", password: PASSWORD, captcha: "abcd" }, { captchaOn: true, ip: "10.2.0.1" })).toEqual({
        ok: false,
        error: "validation.captchaWrong",
        captchaNext: true,
      });
    });

    it("expires after 5 minutes", async () => {
      const c = await createCaptcha(db, new Date("2030-01-01T00:00:00Z"));
      const r = new Request("http://shop.test/", { headers: { Cookie: cookieHeader(c.cookie) } });
      expect(await verifyCaptcha(db, r, c.answer, new Date("2030-01-01T00:06:00Z"))).toBe(false);
    });

    it("handleLogin with the code on: the form asks for it, then signs in", async () => {
      const missing = await handleLogin(db, req("", form({ code: "XCD000001", password: PASSWORD })), { captchaOn: true, clientIp: "10.2.1.1" });
      expect(missing.kind).toBe("invalid");
      const c = await createCaptcha(db);
      const ok = await handleLogin(db, req(cookieHeader(c.cookie), form({ code: "XCD000001", password: PASSWORD, captcha: c.answer })), {
        captchaOn: true,
        clientIp: "10.3.0.1",
      });
      expect(ok.kind).toBe("redirect");
    });
  });

  describe("handleLogin", () => {
    it("starts a session, remembers the codes for 30 days, sets the account's language, goes to the landing page", async () => {
      await db.updateTable("app_user").set({ language: "en" }).where("id", "=", world.users.master).execute();
      const r = await handleLogin(db, req("", form({ code: "xcd000001", password: PASSWORD, dataareacode: "2000" })), {
        captchaOn: false,
        clientIp: "10.3.0.1",
      });
      expect(r.kind).toBe("redirect");
      const res = (r as { response: Response }).response;
      expect(res.headers.get("Location")).toBe("/homePage");
      const cookies = res.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith("shop_session="))!;
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/Secure/i);
      expect(cookies.find((c) => c.startsWith("code="))).toMatch(/Max-Age=2592000/);
      expect(cookies.find((c) => c.startsWith("dataareacode="))).toMatch(/Max-Age=2592000/);
      expect(cookies.find((c) => c.startsWith("lng="))).toBeTruthy();
      const user = await sessionUserOf(db, session);
      expect(user).toMatchObject({ code: "XCD000001", tenantCode: "2000", language: "en" });
      await db.updateTable("app_user").set({ language: null }).where("id", "=", world.users.master).execute();
    });

    it("marks the session cookie Secure over HTTPS", async () => {
      const r = await handleLogin(db, new Request("https://shop.test/shop_login", { method: "POST", body: form({ code: "XCD000001", password: PASSWORD }) }), {
        captchaOn: false,
        clientIp: "10.3.0.1",
      });
      const session = (r as { response: Response }).response.headers.getSetCookie().find((c) => c.startsWith("__Host-shop_session="));
      expect(session).toMatch(/Secure/);
    });

    it("a new token at every login (rotation)", async () => {
      const one = await handleLogin(db, req("", form({ code: "XCD000001", password: PASSWORD })), { captchaOn: false, clientIp: "10.3.0.1" });
      const two = await handleLogin(db, req("", form({ code: "XCD000001", password: PASSWORD })), { captchaOn: false, clientIp: "10.3.0.1" });
      const s = (x: typeof one) => (x as { response: Response }).response.headers.getSetCookie().find((c) => c.startsWith("shop_session="))!;
      expect(s(one)).not.toBe(s(two));
    });

    it("goes to the checked redirect target", async () => {
      const r = await handleLogin(db, req("", form({ code: "XCD000001", password: PASSWORD, redirect: "/order/order?x=1" })), {
        captchaOn: false,
        clientIp: "10.3.0.1",
      });
      expect((r as { response: Response }).response.headers.get("Location")).toBe("/order/order?x=1");
      const evil = await handleLogin(db, req("", form({ code: "XCD000001", password: PASSWORD, redirect: "//evil.example" })), {
        captchaOn: false,
        clientIp: "10.3.0.1",
      });
      expect((evil as { response: Response }).response.headers.get("Location")).toBe("/homePage");
    });
  });

  describe("a session is only as good as its account's rights at each request (issue 26 point 6)", () => {
    const signedIn = async (userId: number) => hashToken(await startSession(db, { userId, tenantId: world.tenants.t1000, clientIp: null, userAgent: null }));
    const sessionRows = async (id: string) => (await db.selectFrom("session").select("id").where("id", "=", id).execute()).length;

    it("the roles are read at each request: a role added shows, all roles removed ends the session for good", async () => {
      const session = await signedIn(world.users.sub);
      const rSub = (await db.selectFrom("role").select("id").where("code", "=", "customer_sub").executeTakeFirstOrThrow()).id;
      const rMaster = (await db.selectFrom("role").select("id").where("code", "=", "customer_master").executeTakeFirstOrThrow()).id;
      await db.insertInto("user_role").values({ user_id: world.users.sub, role_id: rMaster }).execute();
      expect((await findSessionUser(db, session))?.roles.sort()).toEqual(["customer_master", "customer_sub"]);
      await db.deleteFrom("user_role").where("user_id", "=", world.users.sub).execute();
      expect(await findSessionUser(db, session)).toBeNull();
      expect(await sessionRows(session)).toBe(0);
      await db.insertInto("user_role").values({ user_id: world.users.sub, role_id: rSub }).execute();
      expect(await findSessionUser(db, session)).toBeNull(); // giving the roles back does not revive it
    });

    it.each(["locked", "deleted"])("an account %s: its sessions end at their next request", async (status) => {
      const session = await signedIn(world.users.other);
      expect(await findSessionUser(db, session)).toMatchObject({ code: "DPC000001" });
      await db.updateTable("app_user").set({ status }).where("id", "=", world.users.other).execute();
      expect(await findSessionUser(db, session)).toBeNull();
      expect(await sessionRows(session)).toBe(0);
      await db.updateTable("app_user").set({ status: "active" }).where("id", "=", world.users.other).execute();
    });
  });

  it("landing page: CRMCPXX → /selectionCategory; sys_parameter index; else /homePage", async () => {
    expect(await landingPage(db, { partiesId: "CRMCPXX" })).toBe("/selectionCategory");
    expect(await landingPage(db, { partiesId: null })).toBe("/homePage");
    await db.insertInto("sys_parameter").values({ code: "index", value: "/promotion", description: "" }).execute();
    await bumpVersion(db, "sys_parameter"); // written behind the screen's back: tell the cache
    expect(await landingPage(db, { partiesId: null })).toBe("/promotion");
    await db.updateTable("sys_parameter").set({ value: "https://evil.example" }).where("code", "=", "index").execute();
    await bumpVersion(db, "sys_parameter");
    expect(await landingPage(db, { partiesId: null })).toBe("/homePage");
    await db.deleteFrom("sys_parameter").where("code", "=", "index").execute();
    await bumpVersion(db, "sys_parameter");
  });
});

describe("redirect target after login", () => {
  it.each([
    ["/order/order", "/order/order"],
    ["/product/productThird?catalogueCode=A", "/product/productThird?catalogueCode=A"],
    ["//evil.example", null],
    ["https://evil.example/", null],
    ["javascript:alert(1)", null],
    ["/shop_login?redirect=/x", null],
    ["/login", null],
    ["/logout", null],
    ["", null],
    [undefined, null],
    [42, null],
  ])("%j → %j", (input, expected) => expect(loginRedirectTarget(input)).toBe(expected));
});
