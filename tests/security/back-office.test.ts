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
  // its own server: parameters and the maintenance window are shop-wide (dealers are sent to /errorPage)
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
  ["/system/user", "sys:user:view"],
  ["/system/user/new", "sys:user:edit"],
  ["/system/user/USER", "sys:user:view"],
  ["/system/audit", "sys:audit:view"],
  ["/system/errorLog", "sys:errorLog:view"],
  ["/system/dataArea", "sys:dataArea:view"],
  ["/system/dataArea/AREA", "sys:dataArea:view"],
  ["/system/dataArea/AREA/edit", "sys:dataArea:edit"],
  ["/system/dataArea/job/JOB", "sys:dataArea:view"],
];
const userId = () => shop.one<{ id: number }>("select id from app_user where code = 'XCD000001'").id; // a master account (sub-accounts are not listed)
const areaId = () => shop.one<{ id: number }>("select id from tenant where code = '2000'").id;
/** A finished initialisation job for the job page (the demo data has none). */
const jobId = () => {
  const existing = shop.one<{ id: number } | undefined>("select id from background_job where kind = 'tenant_init' order by id limit 1");
  if (existing) return existing.id;
  const now = new Date().toISOString();
  shop.run(
    "insert into background_job (kind, status, total, done, subject_id, message, created_by, created_at, updated_at) values ('tenant_init', 'done', 0, 0, ?, null, null, ?, ?)",
    areaId(),
    now,
    now,
  );
  return shop.one<{ id: number }>("select id from background_job where kind = 'tenant_init' order by id limit 1").id;
};
const path = (p: string) =>
  p
    .replace("MENU", String(menuId()))
    .replace("ROLE", String(roleId()))
    .replace("USER", String(userId()))
    .replace("AREA", String(areaId()))
    .replace("JOB", String(jobId()));

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
    const area = shop.one<{ name_en: string }>("select name_en from tenant where id = ?", areaId()).name_en;
    const areaFields = {
      nameZh: "x",
      nameEn: "x",
      showNameZh: "x",
      showNameEn: "x",
      currency: "CNY",
      taxRate: "13",
      freeShippingAmount: "1",
      shippingFee: "1",
    };
    expect((await shop.post(path("/system/dataArea/AREA/edit"), orderDesk, areaFields)).status).toBe(403);
    expect((await shop.post(path("/system/dataArea/AREA/edit"), dealer, areaFields)).status).toBe(404);
    expect((await shop.post("/system/dataArea/999999/edit", admin, areaFields)).status).toBe(404);
    expect((await shop.post(path("/system/user/USER"), orderDesk, { intent: "lock" })).status).toBe(403);
    expect(shop.one<{ name_en: string }>("select name_en from tenant where id = ?", areaId()).name_en).toBe(area);
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

  it("a company entity's edit escapes a script in its name, keeps its code and is audited with before and after", async () => {
    const fields = {
      nameZh: "<img src=x onerror=alert(1)>",
      nameEn: "Chengdu Tools",
      showNameZh: "成都",
      showNameEn: "Chengdu",
      currency: "cny",
      taxRate: "9",
      freeShippingAmount: "1500",
      shippingFee: "12.5",
    };
    expect((await shop.post(path("/system/dataArea/AREA/edit"), admin, { ...fields, code: "HACK" })).status).toBe(302);
    const row = shop.one<{ code: string; name_zh: string; currency: string; tax_rate_bp: number; shipping_fee: number }>(
      "select * from tenant where id = ?",
      areaId(),
    );
    expect(row).toMatchObject({ code: "2000", name_zh: fields.nameZh, currency: "CNY", tax_rate_bp: 900, shipping_fee: 1250 });
    const html = await (await shop.get(path("/system/dataArea/AREA"), admin)).text();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const audit = shop.one<{ before_json: string; after_json: string }>(
      "select before_json, after_json from audit_log where entity = 'tenant' and action = 'update' order by id desc limit 1",
    );
    expect(JSON.parse(audit.after_json)).toMatchObject({ tax_rate_bp: 900 });
    expect(JSON.parse(audit.before_json).tax_rate_bp).not.toBe(900);
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
