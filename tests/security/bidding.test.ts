import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./auth-users";
import { sharedShop, type Shop } from "./harness";

/**
 * Rare-earth bidding, downloads by category and column choices over HTTP (issue 18 items 5–7,
 * decision 053): the public pages escape scripts and never show a draft; the staff screens refuse
 * dealers (404), the order desk (403) and other sites (403); a double post has one effect;
 * uploads are judged by their content; /userModuleField keeps each user's own choice.
 */
let shop: Shop;
let dealer: string;
let dealerCode: string;
let orderDesk: string;
let editor: string;
beforeAll(async () => {
  shop = await sharedShop();
  // a dealer of its own: its column choices are counted
  dealerCode = newAccount(shop, "XCD000001");
  dealer = await shop.signIn(dealerCode);
  orderDesk = await shop.signIn("EMP000002");
  editor = await shop.signIn("EMP000004");
});
afterAll(() => shop?.stop());

const china = (h: number) => new Date(Date.now() + h * 3600_000 + 8 * 3600_000).toISOString().slice(0, 16);
const tender = (no: string, title = "氧化钬采购招标") => ({
  intent: "save",
  biddingNo: no,
  titleZh: title,
  titleEn: `${title} (en)`,
  bodyZh: "正文",
  bodyEn: "Text",
  contact: "采购中心",
  publishedAt: china(-2),
  opensAt: china(-1),
  closesAt: china(24),
});
const idOf = (no: string) => shop.one<{ id: number }>("select id from bidding where bidding_no = ?", no).id;
const draftId = () => shop.one<{ id: number }>("select id from bidding where status = 'draft' order by id limit 1").id;
const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
function upload(pathname: string, cookie: string, data: Uint8Array, name: string) {
  const form = new FormData();
  form.append("intent", "addDocument");
  form.append("document", new Blob([new Uint8Array(data)], { type: "application/pdf" }), name);
  return fetch(`${shop.base}${pathname}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: shop.base }, body: form });
}

describe("the staff screens", () => {
  it.each(["/system/gdre", "/system/gdre/new", "/system/gdre/DRAFT"])(
    "%s: signed out → /login, dealer → 404, order desk → 403, content editor → 200",
    async (page) => {
      const url = page.replace("DRAFT", String(draftId()));
      expect((await shop.get(url, "")).headers.get("location")).toMatch(/^\/login\?redirect=/);
      expect((await shop.get(url, dealer)).status).toBe(404);
      expect((await shop.get(url, orderDesk)).status).toBe(403);
      expect((await shop.get(url, editor)).status).toBe(200);
    },
  );

  it("every action: order desk 403, dealer 404, another site 403, nothing changes", async () => {
    const count = () =>
      shop.one<{ n: number }>(
        "select (select count(*) from bidding) + (select count(*) from bidding_document) + (select count(*) from bidding where status = 'published') n",
      ).n;
    const before = count();
    const id = draftId();
    for (const [page, fields] of [
      ["/system/gdre/new", tender("GDRE-SEC-0")],
      [`/system/gdre/${id}`, { intent: "publish" }],
      [`/system/gdre/${id}`, tender("GDRE-SEC-00")],
    ] as [string, Record<string, string>][]) {
      expect((await shop.post(page, orderDesk, fields)).status, page).toBe(403);
      expect((await shop.post(page, dealer, fields)).status, page).toBe(404);
      expect((await shop.post(page, editor, fields, { Origin: "https://evil.example" })).status, page).toBe(403);
    }
    expect((await upload(`/system/gdre/${id}`, dealer, pdf, "a.pdf")).status).toBe(404);
    expect(count()).toBe(before);
    expect((await shop.get("/system/gdre/999999", editor)).status).toBe(404);
    expect((await shop.post("/system/gdre/999999", editor, { intent: "publish" })).status).toBe(404);
    expect((await shop.get("/system/gdre/abc", editor)).status).toBe(404);
  });

  it("bad input: a message, status 400, nothing saved, never a 500", async () => {
    for (const fields of [
      { ...tender("GDRE-SEC-1"), closesAt: china(-1.5) },
      { ...tender("GDRE-SEC-1"), biddingNo: "<script>" },
      { ...tender("GDRE-SEC-1"), opensAt: "tomorrow" },
      { ...tender("GDRE-SEC-1"), titleZh: "" },
      { intent: "nonsense" },
    ]) {
      const answer = await shop.post("/system/gdre/new", editor, fields as Record<string, string>);
      expect(answer.status).toBe(400);
    }
    expect(shop.one<{ n: number }>("select count(*) n from bidding where bidding_no = 'GDRE-SEC-1'").n).toBe(0);
  });
});

describe("changes and the public pages", () => {
  it("a new tender posted twice is added once; publishing twice is one change; the public pages show a script as text", async () => {
    const title = "<script>alert(1)</script>招标";
    const [a, b] = await Promise.all([
      shop.post("/system/gdre/new", editor, tender("GDRE-SEC-2", title)),
      shop.post("/system/gdre/new", editor, tender("GDRE-SEC-2", title)),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 400]);
    const id = idOf("GDRE-SEC-2");
    expect((await shop.get(`/gdre/${id}`, "")).status).toBe(404); // a draft
    for (let i = 0; i < 2; i++) expect((await shop.post(`/system/gdre/${id}`, editor, { intent: "publish" })).status).toBe(302);
    expect(shop.one<{ n: number }>("select count(*) n from audit_log where entity = 'bidding' and entity_id = ?", String(id)).n).toBe(2); // create + publish
    for (const [page, cookie] of [
      ["/gdre", ""],
      [`/gdre/${id}`, ""],
      [`/gdre/${id}`, dealer],
      ["/system/gdre", editor],
    ] as const) {
      const html = await (await shop.get(page, cookie)).text();
      expect(html, page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;招标");
      expect(html, page).not.toContain("<script>alert(1)</script>");
    }
    expect((await shop.get("/gdre?state=<script>", "")).status).toBe(200);
    expect((await shop.get("/gdre?page=-1", "")).status).toBe(200);
    expect((await shop.get("/gdre/abc", "")).status).toBe(404);
  });

  it("documents: a renamed program is refused; a PDF is served to anybody with its headers; gone when unpublished", async () => {
    const s = await shop.post("/system/gdre/new", editor, tender("GDRE-SEC-3"));
    expect(s.status).toBe(302);
    const id = idOf("GDRE-SEC-3");
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, ...new Array(120).fill(0)]);
    const refused = await upload(`/system/gdre/${id}`, editor, exe, "tender.pdf");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("只能上传 PDF、PNG、JPEG、ZIP 或 Office");
    const tooBig = await upload(`/system/gdre/${id}`, editor, new Uint8Array(21 * 1024 * 1024).fill(0x25), "big.pdf");
    expect(tooBig.status).toBe(413);
    expect((await upload(`/system/gdre/${id}`, editor, pdf, "招标文件 <b>.pdf")).status).toBe(302);
    const doc = shop.one<{ id: number }>("select id from bidding_document where bidding_id = ?", id).id;
    expect(shop.one<{ n: number }>("select count(*) n from bidding_document where bidding_id = ?", id).n).toBe(1);
    expect((await shop.get(`/gdre/document/${doc}`, "")).status).toBe(404); // the tender is a draft
    await shop.post(`/system/gdre/${id}`, editor, { intent: "publish" });
    const file = await shop.get(`/gdre/document/${doc}`, "");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    await shop.post(`/system/gdre/${id}`, editor, { intent: "unpublish" });
    expect((await shop.get(`/gdre/document/${doc}`, "")).status).toBe(404);
    expect((await shop.get("/gdre/document/999999", "")).status).toBe(404);
  });
});

describe("downloads by category and column choices", () => {
  it("the downloads page filters by category; a bad category is an empty list, never a 500", async () => {
    const cat = shop.one<{ id: number }>("select id from content_category where kind = 'download' order by sort limit 1").id;
    const page = await (await shop.get(`/downloadService?category=${cat}`, "")).text();
    expect(page).toContain("产品样本");
    expect(page).not.toContain("切削参数推荐手册");
    for (const q of ["abc", "-1", "99999999", "<script>"]) expect((await shop.get(`/downloadService?category=${encodeURIComponent(q)}`, "")).status).toBe(200);
  });

  it("/userModuleField: signed out → sign in; another site 403; a bad module 400; each user's own choice; twice is one row", async () => {
    const fields = { module: "delivery_records", col: "trackingNo", redirectTo: "/order/myRecord" };
    expect((await shop.post("/userModuleField", "", fields)).headers.get("location")).toMatch(/login\?redirect=/);
    expect((await shop.post("/userModuleField", dealer, fields, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await shop.post("/userModuleField", dealer, { ...fields, module: "<script>" })).status).toBe(400);
    expect((await shop.post("/userModuleField", editor, fields)).status).toBe(403); // staff have no shop tables
    for (let i = 0; i < 2; i++) {
      const answer = await shop.post("/userModuleField", dealer, { ...fields, redirectTo: "//evil.example" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/order/order");
    }
    expect(
      shop.one<{ n: number }>(
        "select count(*) n from user_module_field where module = 'delivery_records' and user_id = (select id from app_user where code = ?)",
        dealerCode,
      ).n,
    ).toBe(1);
    const mine = await (await shop.get("/userModuleField?module=delivery_records", dealer)).json();
    expect(mine).toEqual({ module: "delivery_records", fields: ["orderNo", "trackingNo"] });
    const other = await shop.signIn(newAccount(shop, "XCD000002"));
    expect(((await (await shop.get("/userModuleField?module=delivery_records", other)).json()) as { fields: string[] }).fields).toHaveLength(9);
    expect((await shop.get("/userModuleField?module=nope", dealer)).status).toBe(404);
    const put = await fetch(`${shop.base}/userModuleField`, {
      method: "PUT",
      redirect: "manual",
      headers: { Cookie: dealer, Origin: shop.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ module: "order_list", col: "status" }),
    });
    expect(await put.json()).toEqual({ module: "order_list", fields: ["orderNo", "status"] });
  });
});
