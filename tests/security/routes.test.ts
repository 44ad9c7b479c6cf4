import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * Every route of spec §2 over HTTP, signed out and as the dealer XCD000001: each answers 200 or a
 * redirect (to sign-in, to the landing page, to its own index), never 404 or 500; 404 only for an
 * object that is not there, and for a path the shop does not have (the not-found page).
 */
let shop: Shop;
let dealer: string;
beforeAll(async () => {
  // its own server: the sign-in hand-over route needs RELAY_SECRET set
  shop = await startShop({ RELAY_SECRET: "routes-test-secret-0123456789abcdef" });
  dealer = await shop.signIn("XCD000001");
});
afterAll(() => shop?.stop());

const solution = () => {
  const third = shop.one<{ id: number; parent_id: number }>(
    "select id, parent_id from content where kind = 'solution' and parent_id in (select id from content where kind = 'solution' and parent_id is not null) order by id limit 1",
  );
  const second = shop.one<{ id: number; parent_id: number }>("select id, parent_id from content where id = ?", third.parent_id);
  return { industry: second.parent_id, second: second.id };
};
const node = (level: number) =>
  shop.one<{ code: string; parent_code: string | null }>(
    "select code, parent_code from catalogue_node where level = ? and show_flag = 1 order by sort, code limit 1",
    level,
  );
const q = encodeURIComponent;
const fill = (p: string) =>
  p
    .replace("{ITEM}", q(shop.one<{ ordering_code: string }>("select ordering_code from product where status = 'active' order by id limit 1").ordering_code))
    .replace("{L1}", q(node(1).code))
    .replace("{L2}", `${q(node(2).code)}&parentCode=${q(node(2).parent_code ?? "")}`)
    .replace("{L3}", `${q(node(3).code)}&parentCode=${q(node(3).parent_code ?? "")}`)
    .replace("{INDUSTRY}", String(solution().industry))
    .replace("{SECOND}", String(solution().second))
    .replace("{PROMO}", String(promotion("kind != 'flash'")))
    .replace("{FLASH}", String(promotion("kind = 'flash'")));
/** a running promotion of the dealer's company entity (flash sales show under /rushToPurchase) */
const promotion = (kind: string) => {
  const now = new Date().toISOString();
  return shop.one<{ id: number }>(
    `select id from promotion where ${kind} and tenant_id = (select id from tenant where code = '1000') and starts_at <= ? and ends_at > ? order by id limit 1`,
    now,
    now,
  ).id;
};

/** Spec §2, public routes then the other routes (children written out), with the objects they need. */
const ROUTES = [
  "/errorPage",
  "/login",
  "/loginRelay",
  "/shop_login",
  "/order/resetPwd/first",
  "/order/resetPwd/secondMobile",
  "/order/resetPwd/secondEmail",
  "/order/resetPwd/thirdReset",
  "/order/resetPwd/resetFinish",
  "/auth-redirect",
  "/homePage",
  "/industrySolution",
  "/technologyService",
  "/afterSalesService",
  "/downloadService",
  "/aboutUs",
  "/newOrHot",
  "/default",
  "/searchProduct?keyWord=CNMG",
  "/product",
  "/item?code={ITEM}",
  "/product/productFirst?catalogueCode={L1}",
  "/product/productSecond?catalogueCode={L2}",
  "/product/productThird?catalogueCode={L3}",
  "/product/productFourth?catalogueCode={L3}",
  "/solutionSecond/second?industry={INDUSTRY}",
  "/solutionSecond/third?industry={INDUSTRY}&parentCode={SECOND}&catalogueCode={L1}",
  "/",
  "/shopCart",
  "/shopCart/shopCard",
  "/promotion",
  "/promotion/promotionItem?id={PROMO}",
  "/rushToPurchase",
  "/rushToPurchase/promotionItem?id={FLASH}",
  "/selectionCategory",
  "/order",
  "/order/fillOrder",
  "/order/order",
  "/order/order?orderNo=SO000000",
  "/order/orderDetails?orderNo={ORDER}",
  "/order/resetPwd",
  "/order/myRecord",
  "/order/addressManage",
  "/order/subAccount",
  "/order/myCollect",
  "/order/myMessage",
  "/order/myMessage?id=1",
  "/customerSupport",
  "/customerSupport/samplesSupport",
  "/customerSupport/cutterSupport",
  "/customerSupport/cutterOffer",
  "/customerSupport/broadcastSupport",
  "/customerSupport/standbyLibrary",
  "/technologyService/onLineTraining",
  "/technologyService/cutterOffer",
  "/technologyService/cutterOfferDetails",
  "/technologyService/selectionCategory",
  "/afterSalesService/satisfication",
  "/afterSalesService/askAfterSales",
  "/afterSalesService/askAfterSales/askAfterSalesTable",
  "/afterSalesService/askAfterSales/askAfterSalesDetails?id=1&updateId=1",
  "/afterSalesService/askAfterSalesTable",
  "/downloadService/downloadService",
  "/announcement",
  "/research",
  "/redirect/order/order",
  "/profile/index",
  "/401",
  "/technologyService/cutterOfferDetails?id={QUOTE}",
  // decision 053: the public bidding page (spec §2 /gdre) and the column choices (spec §7 /userModuleField)
  "/gdre",
  "/gdre?state=closed",
  "/userModuleField",
];
const orderOfDealer = () =>
  shop.one<{ order_no: string }>(
    "select o.order_no from sales_order o join app_user u on u.id = o.user_id where u.code = 'XCD000001' and o.tenant_id = (select id from tenant where code = '1000') order by o.id limit 1",
  ).order_no;
const quoteOfDealer = () =>
  shop.one<{ id: number }>("select q.id from quotation q join app_user u on u.id = q.user_id where u.code = 'XCD000001' order by q.id limit 1").id;
const url = (p: string) => fill(p).replace("{ORDER}", q(orderOfDealer())).replace("{QUOTE}", String(quoteOfDealer()));

describe("every route of spec §2 answers", () => {
  it.each(ROUTES)("%s: signed out and as a dealer, 200 or a redirect", async (route) => {
    for (const cookie of ["", dealer]) {
      const answer = await shop.get(url(route), cookie);
      expect([200, 302, 303], `${route} ${cookie ? "dealer" : "signed out"}`).toContain(answer.status);
      if (answer.status !== 200) expect(answer.headers.get("location")).toMatch(/^\/|^http:\/\/localhost/);
    }
  });

  it("a signed-in dealer gets the page itself where a visitor is sent to sign in", async () => {
    for (const route of ["/order/order", "/profile/index", "/order/myMessage"]) {
      expect((await shop.get(route, "")).headers.get("location")).toMatch(/^\/(shop_)?login\?redirect=/);
      expect((await shop.get(route, dealer)).status).toBe(200);
    }
    expect((await shop.get("/order", dealer)).headers.get("location")).toBe("/order/order");
    expect((await shop.get("/order", "")).headers.get("location")).toMatch(/^\/(shop_)?login\?redirect=%2Forder/);
    expect((await shop.get("/default", "")).headers.get("location")).toBe((await shop.get("/", "")).headers.get("location"));
  });

  it.each([
    "/item?code=NO-SUCH-CODE-999",
    "/solutionSecond/second?industry=99999999",
    "/solutionSecond/third?industry={INDUSTRY}&parentCode=99999999",
    "/solutionSecond/third?industry={SECOND}&parentCode={SECOND}",
    "/solutionSecond/second?industry=abc",
  ])("%s: a missing object is 404", async (route) => {
    expect((await shop.get(url(route), dealer)).status).toBe(404);
  });

  it.each(["/no/such/page", "/order/noSuchPage", "/solutionSecond", "/solutionSecond/fourth", "/profile/nothing"])(
    "%s: the not-found page, 404",
    async (route) => {
      for (const cookie of ["", dealer]) {
        const answer = await shop.get(route, cookie);
        expect(answer.status).toBe(404);
        expect(await answer.text()).toContain("页面不存在");
      }
    },
  );
});

describe("the solution pages", () => {
  it("the second level lists the third-level pages; the third shows the details and catalogue links", async () => {
    const { industry, second } = solution();
    const page2 = await (await shop.get(`/solutionSecond/second?industry=${industry}`, "")).text();
    expect(page2).toContain(`/solutionSecond/third?industry=${industry}&amp;parentCode=${second}`);
    expect(page2).toContain("轮毂车削：轮辋精车");
    const page3 = await (await shop.get(`/solutionSecond/third?industry=${industry}&parentCode=${second}`, "")).text();
    expect(page3).toContain("轮辋精车：断屑问题处理");
    expect(page3).toMatch(/data-testid="solution-catalogue"[\s\S]*?href="\/product\/product(First|Second|Third)\?catalogueCode=/);
  });
});

describe("/redirect/{path} stays inside the shop", () => {
  it("control characters never reach a Location header", async () => {
    const answer = await fetch(`${shop.base}/redirect/%0d%0aSet-Cookie:x=1`, { redirect: "manual" });
    expect([302, 404]).toContain(answer.status);
    if (answer.status === 302) expect(answer.headers.get("location")).toBe("/homePage");
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  it.each([
    ["/redirect/order/order", "/order/order"],
    ["/redirect/order/order?orderNo=SO1", "/order/order?orderNo=SO1"],
    ["/redirect/homePage", "/homePage"],
    ["/redirect//evil.com", "/homePage"],
    ["/redirect/%2F%2Fevil.com", "/homePage"],
    ["/redirect/%2fevil.com", "/homePage"],
    ["/redirect/%5Cevil", "/homePage"],
    ["/redirect/\\evil", "/homePage"],
    ["/redirect/https:%2F%2Fevil.com", "/homePage"],
    ["/redirect/https://evil.com", "/homePage"],
    ["/redirect/javascript:alert(1)", "/homePage"],
    ["/redirect/%252F%252Fevil.com", "/homePage"],
    ["/redirect/..%2F..%2Fevil", "/homePage"],
    ["/redirect/", "/homePage"],
  ])("%s → %s", async (from, to) => {
    const answer = await fetch(`${shop.base}${from}`, { redirect: "manual" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(to);
    expect(answer.headers.get("set-cookie")).toBeNull();
  });
});

describe("the personal centre's forms", () => {
  it("contact details: another site's post is refused; a script is saved as text; a double post one effect", async () => {
    const me = await shop.signIn("XCD000002");
    const fields = { intent: "contact", name: "<script>alert(1)</script>", mobile: "13800000002", email: "lina@hunan-jinggong.example" };
    const foreign = await shop.post("/profile/index", me, fields, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(shop.one<{ name: string }>("select name from app_user where code = 'XCD000002'").name).not.toContain("script");
    for (let i = 0; i < 2; i++) expect((await shop.post("/profile/index", me, fields)).status).toBe(302);
    const page = await (await shop.get("/profile/index", me)).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(shop.one<{ n: number }>("select count(*) as n from app_user where name = ?", fields.name).n).toBe(1);
    const bad = await shop.post("/profile/index", me, { ...fields, email: "nope" });
    expect(bad.status).toBe(400);
  });

  it("avatars: each account gets only its own; signed out, the sign-in page; an HTML file is refused", async () => {
    const me = await shop.signIn("XCD000003");
    expect((await shop.get("/profile/avatar", "")).status).toBe(302);
    const form = new FormData();
    form.append("intent", "upload");
    form.append("avatar", new Blob(["<html><script>alert(1)</script></html>"], { type: "image/png" }), "x.png");
    const answer = await fetch(`${shop.base}/profile/avatar`, { method: "POST", redirect: "manual", headers: { Cookie: me, Origin: shop.base }, body: form });
    expect(answer.status).toBe(302);
    expect(shop.one<{ avatar_key: string | null }>("select avatar_key from app_user where code = 'XCD000003'").avatar_key).toBeNull();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const ok = new FormData();
    ok.append("intent", "upload");
    ok.append("avatar", new Blob([png], { type: "image/png" }), "me.png");
    await fetch(`${shop.base}/profile/avatar`, { method: "POST", redirect: "manual", headers: { Cookie: me, Origin: shop.base }, body: ok });
    const mine = await shop.get("/profile/avatar", me);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect((await shop.get("/profile/avatar", dealer)).status).toBe(404);
    const big = new FormData();
    big.append("intent", "upload");
    big.append("avatar", new Blob([new Uint8Array(1024 * 1024 + 10).fill(0x89)], { type: "image/png" }), "big.png");
    const tooBig = await fetch(`${shop.base}/profile/avatar`, { method: "POST", redirect: "manual", headers: { Cookie: me, Origin: shop.base }, body: big });
    expect(tooBig.status).toBe(302);
  });
});
