import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * The back office over HTTP (issue 16): a dealer gets 404 on every back-office URL, a staff
 * member without a page's function code 403 on the page and its action, the administrator 200;
 * staff never see dealer pages; cross-site posts are refused; the landing page and the
 * maintenance window set on the screens take effect at once on every worker.
 */
let shop: Shop;
let dealer: string;
let orderDesk: string;
let admin: string;
beforeAll(async () => {
  shop = await startShop();
  dealer = await shop.signIn("XCD000001");
  orderDesk = await shop.signIn("EMP000002");
  admin = await shop.signIn("EMP000001");
});
afterAll(() => shop?.stop());

const menuId = () => shop.one<{ id: number }>("select id from menu where name = 'downloadService'").id;
const roleId = () => shop.one<{ id: number }>("select id from role where code = 'customer_sub'").id;

/** Back-office pages and the function code each needs (null: any staff member). */
const PAGES: [string, string | null][] = [
  ["/system", null],
  ["/system/profile", null],
  ["/system/menu", "sys:menu:view"],
  ["/system/menu/new", "sys:menu:edit"],
  ["/system/menu/MENU", "sys:menu:edit"],
  ["/system/role", "sys:role:view"],
  ["/system/role/new", "sys:role:edit"],
  ["/system/role/ROLE", "sys:role:edit"],
  ["/system/parameter", "sys:param:view"],
  ["/system/parameter/errorPage", "sys:param:edit"],
];
const path = (p: string) => p.replace("MENU", String(menuId())).replace("ROLE", String(roleId()));

describe("who may open the back office", () => {
  it.each(PAGES)("%s: signed out → /login, dealer → 404, order desk → 200 or 403, administrator → 200", async (page, funcCode) => {
    const out = await shop.get(path(page), "");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/^\/login\?redirect=/);
    expect((await shop.get(path(page), dealer)).status).toBe(404);
    expect((await shop.get(path(page), orderDesk)).status).toBe(funcCode ? 403 : 200);
    expect((await shop.get(path(page), admin)).status).toBe(200);
  });

  it("actions need the edit code: order desk 403, dealer 404, and nothing changes", async () => {
    const before = shop.one<{ title_en: string }>("select title_en from menu where id = ?", menuId()).title_en;
    const fields = { area: "shop", type: "menu", name: "downloadService", titleZh: "X", titleEn: "X", sort: "10" };
    expect((await shop.post(path("/system/menu/MENU"), orderDesk, fields)).status).toBe(403);
    expect((await shop.post(path("/system/menu/MENU"), dealer, fields)).status).toBe(404);
    expect((await shop.post("/system/parameter", orderDesk, { code: "x1", value: "" })).status).toBe(403);
    expect((await shop.post(path("/system/role/ROLE"), orderDesk, { code: "customer_sub", nameZh: "x", nameEn: "x" })).status).toBe(403);
    expect(shop.one<{ title_en: string }>("select title_en from menu where id = ?", menuId()).title_en).toBe(before);
    expect(shop.one<{ n: number }>("select count(*) n from sys_parameter where code = 'x1'").n).toBe(0);
  });

  it("a cross-site post is refused", async () => {
    const answer = await shop.post("/system/parameter", admin, { code: "evil", value: "" }, { Origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(shop.one<{ n: number }>("select count(*) n from sys_parameter where code = 'evil'").n).toBe(0);
  });

  it("staff see no dealer's cart or orders through the shop", async () => {
    for (const page of ["/shopCart/shopCard", "/order/order", "/order/fillOrder"]) expect((await shop.get(page, admin)).status).toBe(403);
  });
});

describe("changes made on the screens", () => {
  it("a script in a role name is shown as text, and the change is audited", async () => {
    const answer = await shop.post("/system/role/new", admin, { code: "xss_probe", nameZh: "<script>alert(1)</script>", nameEn: "probe" });
    expect(answer.status).toBe(302);
    const html = await (await shop.get("/system/role", admin)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(shop.one<{ n: number }>("select count(*) n from audit_log where entity = 'role' and user_code = 'EMP000001'").n).toBeGreaterThan(0);
  });

  it("the same new parameter posted twice is added once", async () => {
    const fields = { code: "index", value: "/promotion", description: "landing" };
    const [a, b] = await Promise.all([shop.post("/system/parameter", admin, fields), shop.post("/system/parameter", admin, fields)]);
    expect([a.status, b.status].sort()).toEqual([302, 400]);
    expect(shop.one<{ n: number }>("select count(*) n from sys_parameter where code = 'index'").n).toBe(1);
  });

  it("the landing page takes effect at once: the root goes there", async () => {
    const root = await shop.get("/", "");
    expect(root.headers.get("location")).toBe("/promotion");
    expect((await shop.get("/", admin)).headers.get("location")).toBe("/system");
    await shop.post("/system/parameter/index", admin, { kind: "value", value: "", description: "landing" });
    expect((await shop.get("/", "")).headers.get("location")).toBe("/homePage");
  });

  it("a maintenance window that includes now sends dealers to /errorPage; the administrator still reaches the back office and ends it", async () => {
    const local = (ms: number) => new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16);
    const set = (start: number, end: number) =>
      shop.post("/system/parameter/errorPage", admin, { kind: "window", startTime: local(start), endTime: local(end), description: "maintenance" });
    expect((await set(-3600_000, 3600_000)).status).toBe(302);
    for (let i = 0; i < 4; i++) {
      // both workers of the server see the change at once
      const page = await shop.get("/homePage", dealer);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/errorPage");
    }
    expect((await shop.get("/system/parameter/errorPage", admin)).status).toBe(200);
    expect((await shop.get("/system", orderDesk)).headers.get("location")).toBe("/errorPage");
    expect((await set(-7200_000, -3600_000)).status).toBe(302);
    expect((await shop.get("/homePage", dealer)).status).toBe(200);
  });
});
