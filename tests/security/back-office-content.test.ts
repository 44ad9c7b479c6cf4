import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * Promotions and content in the back office over HTTP (issue 17, items 5 and 6; decision 046):
 * who may open each screen and post each form, scripts shown as text in the shop and in the back
 * office, uploads judged by their content and refused when too big (never a 500), a double post
 * with one effect, another entity's promotion 404, drafts never served to dealers.
 */
let shop: Shop;
let dealer: string;
let orderDesk: string;
let editor: string;
beforeAll(async () => {
  // its own server: it counts every promotion, content item and category in the shop (another file's
  // rows would change the count), and its published promotions and announcements reach every dealer
  shop = await startShop();
  dealer = await shop.signIn("XCD000001");
  orderDesk = await shop.signIn("EMP000002");
  editor = await shop.signIn("EMP000004");
});
afterAll(() => shop?.stop());

const tenant = (code: string) => shop.one<{ id: number }>("select id from tenant where code = ?", code).id;
const promotionOf = (code: string) => shop.one<{ id: number }>("select id from promotion where tenant_id = ? order by id limit 1", tenant(code)).id;
const contentId = () => shop.one<{ id: number }>("select id from content where kind = 'announcement' order by id limit 1").id;
const hours = (h: number) => new Date(Date.now() + h * 3600_000 + 8 * 3600_000).toISOString().slice(0, 16);
/** a product of entity 1000 in no promotion */
const freeProduct = () =>
  shop.one<{ ordering_code: string }>(
    `select p.ordering_code from product p join stock s on s.product_id = p.id and s.tenant_id = ?
     where p.list_price > 1000 and p.status = 'active' and p.id not in (select product_id from promotion_item) order by p.id limit 1`,
    tenant("1000"),
  ).ordering_code;

const PAGES: [string, string][] = [
  ["/system/promotion", "pro:promotion:view"],
  ["/system/promotion/new", "pro:promotion:edit"],
  ["/system/promotion/PROMO", "pro:promotion:edit"],
  ["/system/newProduct", "pro:newProduct:edit"],
  ["/system/content", "cms:content:view"],
  ["/system/content?kind=download", "cms:content:view"],
  ["/system/content/new?kind=download", "cms:content:edit"],
  ["/system/content/CONTENT", "cms:content:edit"],
  ["/system/content/preview/CONTENT", "cms:content:view"],
  ["/system/contentCategory", "cms:category:edit"],
];
const path = (p: string) => p.replace("PROMO", String(promotionOf("1000"))).replace("CONTENT", String(contentId()));

function multipart(pathname: string, cookie: string, fields: Record<string, string>, file?: { name: string; type: string; data: Uint8Array }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("file", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return fetch(`${shop.base}${pathname}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: shop.base }, body: form });
}
const contentFields = (title: string, status = "published") => ({
  intent: "save",
  titleZh: title,
  titleEn: `${title} (en)`,
  bodyZh: "正文",
  bodyEn: "Text",
  status,
  publishedAt: hours(-1),
});
const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("who may open the promotion and content screens", () => {
  it.each(PAGES)("%s (%s): signed out → /login, dealer → 404, order desk → 403, content editor → 200", async (page) => {
    const out = await shop.get(path(page), "");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/^\/login\?redirect=/);
    expect((await shop.get(path(page), dealer)).status).toBe(404);
    expect((await shop.get(path(page), orderDesk)).status).toBe(403);
    expect((await shop.get(path(page), editor)).status).toBe(200);
  });

  it("every action: order desk 403, dealer 404, cross-site 403, and nothing changes", async () => {
    const count = () =>
      shop.one<{ n: number }>("select (select count(*) from promotion) + (select count(*) from content) + (select count(*) from content_category) n").n;
    const before = count();
    const promo = { intent: "save", kind: "sale", titleZh: "x", titleEn: "x", startsAt: hours(1), endsAt: hours(5), items: `${freeProduct()}, 1` };
    const posts: [string, Record<string, string>][] = [
      ["/system/promotion/new", promo],
      [`/system/promotion/${promotionOf("1000")}`, { intent: "end" }],
      ["/system/newProduct", { which: "new", on: "1", code: freeProduct() }],
      ["/system/content/new?kind=announcement", contentFields("x")],
      [`/system/content/${contentId()}`, { intent: "delete" }],
      ["/system/contentCategory", { intent: "save", nameZh: "x", nameEn: "x", sort: "1" }],
    ];
    for (const [page, fields] of posts) {
      expect((await shop.post(page, orderDesk, fields)).status, page).toBe(403);
      expect((await shop.post(page, dealer, fields)).status, page).toBe(404);
      expect((await shop.post(page, editor, fields, { Origin: "https://evil.example" })).status, page).toBe(403);
    }
    expect(count()).toBe(before);
  });

  it("another entity's promotion is 404 to open and to post", async () => {
    const theirs = promotionOf("2000");
    expect((await shop.get(`/system/promotion/${theirs}`, editor)).status).toBe(404);
    expect((await shop.post(`/system/promotion/${theirs}`, editor, { intent: "end" })).status).toBe(404);
    expect((await shop.get("/system/promotion/abc", editor)).status).toBe(404);
    expect((await shop.get("/system/content/999999", editor)).status).toBe(404);
  });
});

describe("changes made on the screens", () => {
  it("a script in a promotion title is text in the back office and in the shop; posted twice it is added once", async () => {
    const title = "<script>alert(1)</script>促销";
    const fields = {
      intent: "save",
      kind: "sale",
      titleZh: title,
      titleEn: title,
      startsAt: hours(-1),
      endsAt: hours(48),
      discountPct: "10",
      items: freeProduct(),
    };
    const [a, b] = await Promise.all([shop.post("/system/promotion/new", editor, fields), shop.post("/system/promotion/new", editor, fields)]);
    expect([a.status, b.status].sort()).toEqual([302, 400]);
    expect(shop.one<{ n: number }>("select count(*) n from promotion where title_zh = ?", title).n).toBe(1);
    for (const [page, cookie] of [
      ["/system/promotion", editor],
      ["/promotion", dealer],
    ] as const) {
      const html = await (await shop.get(page, cookie)).text();
      expect(html, page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;促销");
      expect(html, page).not.toContain("<script>alert(1)</script>");
    }
  });

  it("a script in an announcement title is text in the back office and in the shop", async () => {
    const answer = await shop.post("/system/content/new?kind=announcement", editor, contentFields("<script>alert(2)</script>公告"));
    expect(answer.status).toBe(302);
    for (const [page, cookie] of [
      ["/system/content?kind=announcement", editor],
      ["/announcement", dealer],
      ["/homePage", dealer],
    ] as const) {
      const html = await (await shop.get(page, cookie)).text();
      expect(html, page).toContain("&lt;script&gt;alert(2)&lt;/script&gt;公告");
      expect(html, page).not.toContain("<script>alert(2)</script>");
    }
    expect(shop.one<{ n: number }>("select count(*) n from audit_log where entity = 'content' and user_code = 'EMP000004'").n).toBeGreaterThan(0);
  });

  it("an upload is judged by its content: a renamed program is refused, a PDF is served with its headers", async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, ...new Array(120).fill(0)]);
    const refused = await multipart("/system/content/new?kind=download", editor, contentFields("假PDF"), {
      name: "catalogue.pdf",
      type: "application/pdf",
      data: exe,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("不支持此文件类型（按文件内容判断）");
    expect(shop.one<{ n: number }>("select count(*) n from content where title_zh = '假PDF'").n).toBe(0);

    const ok = await multipart("/system/content/new?kind=download", editor, contentFields("刀具样本"), {
      name: "刀具样本 2026.pdf",
      type: "application/pdf",
      data: pdf,
    });
    expect(ok.status).toBe(302);
    const id = shop.one<{ id: number }>("select id from content where title_zh = '刀具样本'").id;
    const file = await shop.get(`/downloadService/file?id=${id}`, dealer);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toContain("filename*=UTF-8''%E5%88%80%E5%85%B7%E6%A0%B7%E6%9C%AC%202026.pdf");
    expect(file.headers.get("cache-control")).toContain("no-cache");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    const again = await fetch(`${shop.base}/downloadService/file?id=${id}`, { headers: { Cookie: dealer, "If-None-Match": file.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("an oversized upload is refused with 413, not a 500, and nothing is saved", async () => {
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set(pdf);
    const answer = await multipart("/system/content/new?kind=download", editor, contentFields("太大的文件"), {
      name: "big.pdf",
      type: "application/pdf",
      data: big,
    });
    expect(answer.status).toBe(413);
    expect(shop.one<{ n: number }>("select count(*) n from content where title_zh = '太大的文件'").n).toBe(0);
  });

  it("a draft is not served to dealers, neither its page nor its file; staff preview it", async () => {
    const answer = await multipart("/system/content/new?kind=download", editor, contentFields("草稿样本", "draft"), {
      name: "draft.pdf",
      type: "application/pdf",
      data: pdf,
    });
    expect(answer.status).toBe(302);
    const id = shop.one<{ id: number }>("select id from content where title_zh = '草稿样本'").id;
    expect((await shop.get(`/downloadService/file?id=${id}`, dealer)).status).toBe(404);
    expect((await shop.get(`/downloadService/downloadService?id=${id}`, dealer)).status).toBe(404);
    expect(await (await shop.get("/downloadService/downloadService", dealer)).text()).not.toContain("草稿样本");
    const preview = await shop.get(`/system/content/preview/${id}`, editor);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("草稿样本");
  });
});
