import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * Issue 13's points 1, 2, 3, 7, 8 and 9, tried against the built server as an attacker would.
 * (Point 4 is in zip-bomb.test.ts, points 5 and 6 in login-throttle.test.ts.)
 */
let shop: Shop;
beforeAll(async () => {
  // its own server: it reads the server's error log
  shop = await startShop();
});
afterAll(() => shop?.stop());

const EVIL = "http://evil.example";

const count = (sql: string, ...params: unknown[]) => shop.one<{ n: number }>(sql, ...params).n;

/** A product dealer A can order, put in the cart once (its MOQ/MPQ as quantity). */
async function fillCart(cookie: string) {
  const db = shop.sql();
  const product = db
    .prepare(
      `select p.id, max(p.moq, p.mpq) as qty from product p join stock s on s.product_id = p.id
       join tenant t on t.id = s.tenant_id where p.ordering_code = 'CNMG120408-DM YBC252' and t.code = (
         select t2.code from user_tenant ut join tenant t2 on t2.id = ut.tenant_id join app_user u on u.id = ut.user_id
         where u.code = 'XCD000001' order by ut.is_default desc limit 1)`,
    )
    .get() as { id: number; qty: number };
  db.close();
  const added = await shop.post("/shopCart?index", cookie, { intent: "add", productId: String(product.id), qty: String(product.qty) });
  expect(added.status).toBe(302);
  return product;
}

describe("1. cross-site posts are refused for every path, before Remix", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await shop.signIn("XCD000001");
  });

  it("a foreign Origin cannot create an order through ?_data= (403, no order)", async () => {
    await fillCart(cookie);
    const form = await shop.fillOrderForm(cookie);
    const before = count("select count(*) as n from sales_order");
    const answer = await shop.post("/order/fillOrder?_data=routes%2F_shop.order.fillOrder", cookie, form, { Origin: EVIL });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("Request refused");
    expect(count("select count(*) as n from sales_order")).toBe(before);
  });

  it.each([
    ["/switchTenant", { dataareaid: "2" }],
    ["/logout", {}],
    ["/language", { lng: "en" }],
    ["/order/addressManage", { intent: "save", consignee: "x", phone: "13800000000" }],
    ["/shopCart?index", { intent: "add", productId: "1", qty: "10" }],
  ])("%s with a foreign Origin: 403 with the bilingual page", async (pathname, fields) => {
    const answer = await shop.post(pathname, cookie, fields, { Origin: EVIL });
    expect(answer.status).toBe(403);
    const text = await answer.text();
    expect(text).toContain("请求被拒绝");
    expect(text).toContain("Request refused");
  });

  it("a foreign Referer without Origin cannot create an address", async () => {
    const before = count("select count(*) as n from address");
    const answer = await shop.post(
      "/order/addressManage",
      cookie,
      { intent: "save", consignee: "攻击者", phone: "13800000000", province: "广东省", city: "深圳市", district: "南山区", line: "x 路 1 号" },
      { Referer: `${EVIL}/page.html` },
    );
    expect(answer.status).toBe(403);
    expect(count("select count(*) as n from address")).toBe(before);
  });

  it("Sec-Fetch-Site: cross-site is refused even with the shop's Origin; Origin: null too", async () => {
    expect((await shop.post("/language", cookie, { lng: "en" }, { Origin: shop.base, "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await shop.post("/language", cookie, { lng: "en" }, { Origin: "null" })).status).toBe(403);
  });

  it("the shop's own posts still work (same Origin, same-origin Referer)", async () => {
    expect((await shop.post("/language", cookie, { lng: "en", redirectTo: "/homePage" })).status).toBe(302);
    const byReferer = await shop.post("/language", cookie, { lng: "zh", redirectTo: "/homePage" }, { Referer: `${shop.base}/homePage` });
    expect(byReferer.status).toBe(302);
  });
});

describe("2. redirect targets from input never leave the shop", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await shop.signIn("XCD000001");
  });

  it.each(["/..//evil.example", "/.//evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "/\t/evil.example"])(
    "myCollect and shopCart with redirectTo=%j answer a Location on the shop",
    async (redirectTo) => {
      for (const [pathname, fields] of [
        ["/order/myCollect", { intent: "add", productId: "1", redirectTo }],
        ["/shopCart?index", { intent: "add", productId: "1", qty: "0", redirectTo }],
        ["/language", { lng: "zh", redirectTo }],
      ] as const) {
        const answer = await shop.post(pathname, cookie, fields);
        expect(answer.status, pathname).toBe(302);
        const location = answer.headers.get("location")!;
        expect(location, pathname).toMatch(/^\/[^/\\]/);
        expect(new URL(location, shop.base).origin, pathname).toBe(shop.base);
      }
    },
  );
});

describe("3. reset links come only from PUBLIC_URL", () => {
  it("a poisoned Host or X-Forwarded-Host does not reach the e-mail", async () => {
    const mailFiles = () => (fs.existsSync(shop.outbox) ? fs.readdirSync(shop.outbox) : []);
    const earlier = new Set(mailFiles());
    const answer = await fetch(`${shop.base}/order/resetPwd/first`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: shop.base,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "https",
      },
      body: new URLSearchParams({ code: "XCD000001", channel: "email" }),
    });
    expect(answer.status).toBeLessThan(400);
    // the mail goes through the job queue: its worker writes it moments after the answer
    await expect.poll(() => mailFiles().filter((f) => !earlier.has(f)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const mails = mailFiles()
      .filter((f) => !earlier.has(f))
      .map((f) => quotedPrintable(fs.readFileSync(path.join(shop.outbox, f), "utf8")));
    expect(mails.length).toBe(1);
    expect(mails[0]).toContain(`${shop.base}/order/resetPwd/thirdReset?token=`);
    expect(mails[0]).not.toContain("evil.example");
  });

  it("a production deployment without PUBLIC_URL does not start, and says why", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DEPLOYMENT: "on", SESSION_SECRET: "x".repeat(40), PORT: "1" };
    delete env.PUBLIC_URL;
    const run = spawnSync(process.execPath, ["build/server.js"], { env, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("PUBLIC_URL: required in a production deployment");
  });
});

/** The mail's text as a reader sees it (the outbox keeps the message as sent: quoted-printable). */
const quotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe("7. one cart gives one order", () => {
  it("ten submissions of the same cart with ten different tokens make one order", async () => {
    const cookie = await shop.signIn("XCD000001");
    await fetch(`${shop.base}/shopCart`, { headers: { Cookie: cookie } });
    const db = shop.sql();
    db.prepare("delete from cart_item where user_id = (select id from app_user where code = 'XCD000001')").run();
    db.close();
    await fillCart(cookie);
    const forms = await Promise.all(Array.from({ length: 10 }, () => shop.fillOrderForm(cookie)));
    expect(new Set(forms.map((f) => f.token)).size).toBe(10);
    const before = count("select count(*) as n from sales_order");
    const answers = await Promise.all(forms.map((form) => shop.post("/order/fillOrder", cookie, form)));
    expect(count("select count(*) as n from sales_order")).toBe(before + 1);
    // the one order goes to the orders list; the nine others back to the (now empty) cart, saying why
    const places = answers.map((a) => `${a.status} ${a.headers.get("location")?.split("?")[0]}`).sort();
    expect(places).toEqual([...Array(1).fill("302 /order/order"), ...Array(9).fill("302 /shopCart")]);
    for (const answer of answers.filter((a) => a.headers.get("location")?.startsWith("/shopCart"))) {
      const toast = await shop.toast(answer, cookie);
      expect(toast?.kind).toBe("error");
      expect(toast?.text).toMatch(/购物车已有变化|购物车中没有选中的产品/);
    }
  });
});

describe("8. bodies an action cannot read: 400/405/415, never 500", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await shop.signIn("XCD000001");
  });
  const send = (pathname: string, contentType: string, body: string | FormData) =>
    fetch(`${shop.base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: shop.base, Cookie: cookie, ...(contentType ? { "Content-Type": contentType } : {}) },
      body,
    });

  it.each(["/language", "/shopCart?index", "/order/fillOrder", "/order/addressManage", "/shop_login", "/logout"])(
    "%s with JSON or text/plain: 415",
    async (pathname) => {
      expect((await send(pathname, "application/json", JSON.stringify({ lng: "en" }))).status).toBe(415);
      expect((await send(pathname, "text/plain", "lng=en")).status).toBe(415);
    },
  );

  it("a broken multipart body: 400", async () => {
    const answer = await send("/language", "multipart/form-data; boundary=x", "--x\r\nnot a part");
    expect(answer.status).toBe(400);
  });

  it("a post to a page without an action: 405, logged as a refusal, not a render error", async () => {
    const answer = await send("/aboutUs", "application/x-www-form-urlencoded", "a=1");
    expect(answer.status).toBe(405);
    expect(shop.stderr()).not.toContain("[object Object]");
  });
});

describe("9. signing in again ends the session the browser presented", () => {
  it("the old cookie no longer opens the shop", async () => {
    const first = await shop.signIn("XCD000001");
    expect((await fetch(`${shop.base}/order/order`, { redirect: "manual", headers: { Cookie: first } })).status).toBe(200);
    const second = await shop.signIn("XCD000001", { cookie: first });
    expect(second).not.toBe(first);
    const old = await fetch(`${shop.base}/order/order`, { redirect: "manual", headers: { Cookie: first } });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toContain("/shop_login");
    expect((await fetch(`${shop.base}/order/order`, { redirect: "manual", headers: { Cookie: second } })).status).toBe(200);
  });
});
