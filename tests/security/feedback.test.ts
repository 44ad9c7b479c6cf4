import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * After-sales feedback over HTTP (issue 18 item 3, decision 049): who may open each page and post
 * each form, another customer's feedback 404 (page, message, photo), cross-site posts refused,
 * scripts shown as text on both sides, photos judged by their content and size, double posts with
 * one effect, and the staff's answer reaching the dealer as a notice that opens the details.
 */
let shop: Shop;
let dealerA: string; // XCD000001
let dealerB: string; // DPC000001
let orderDesk: string; // EMP000002: no feedback codes
let support: string; // EMP000003
let admin: string; // EMP000001
beforeAll(async () => {
  // its own server: it files feedback on the demo dealers' seeded orders and counts every feedback, message
  // and notice in the shop (other files' notices would change the count)
  shop = await startShop();
  [dealerA, dealerB, orderDesk, support, admin] = await Promise.all(
    ["XCD000001", "DPC000001", "EMP000002", "EMP000003", "EMP000001"].map((c) => shop.signIn(c)),
  );
});
afterAll(() => shop?.stop());

const customerOf = (code: string) => shop.one<{ customer_id: number }>("select customer_id from app_user where code = ?", code).customer_id;
const tenant1000 = () => shop.one<{ id: number }>("select id from tenant where code = '1000'").id;
const orderOf = (code: string) =>
  shop.one<{ order_no: string }>(
    "select order_no from sales_order where customer_id = ? and tenant_id = ? and status <> 'to_be_submitted' order by id limit 1",
    customerOf(code),
    tenant1000(),
  ).order_no;
/** the seeded feedback of dealer A (the answered one) */
const feedbackOfA = () => shop.one<{ id: number }>("select id from feedback where customer_id = ? order by id limit 1", customerOf("XCD000001")).id;
const tokenOf = async (page: string, cookie: string) => {
  const html = await (await shop.get(page, cookie)).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no token on ${page}`);
  return token;
};
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

function multipart(
  pathname: string,
  cookie: string,
  fields: Record<string, string>,
  files: { name: string; type: string; data: Uint8Array }[] = [],
  origin?: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("photos", new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return fetch(`${shop.base}${pathname}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: origin ?? shop.base }, body: form });
}
const fileForm = async (cookie: string, orderNo: string, description: string) => ({
  token: await tokenOf(`/afterSalesService/askAfterSales?orderNo=${orderNo}`, cookie),
  orderNo,
  type: "quality",
  description,
});

describe("who may open the feedback pages", () => {
  const SHOP_PAGES = ["/afterSalesService/askAfterSales", "/afterSalesService/askAfterSalesTable", "/afterSalesService/askAfterSalesDetails?id=OWN"];
  it.each(SHOP_PAGES)("%s: signed out → /shop_login, staff → 403, the dealer → 200, another customer → 404 for the details", async (page) => {
    const p = page.replace("OWN", String(feedbackOfA()));
    const out = await shop.get(p, "");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/^\/shop_login\?redirect=/);
    expect((await shop.get(p, support)).status).toBe(403);
    expect((await shop.get(p, dealerA)).status).toBe(200);
    expect((await shop.get(p, dealerB)).status).toBe(p.includes("Details") ? 404 : 200);
  });

  const ADMIN_PAGES = ["/system/feedback", "/system/feedback?status=open&type=quality&dealer=XCD", "/system/feedback/OWN"];
  it.each(ADMIN_PAGES)("%s: signed out → /login, dealer → 404, order desk → 403, customer support and admin → 200", async (page) => {
    const p = page.replace("OWN", String(feedbackOfA()));
    const out = await shop.get(p, "");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/^\/login\?redirect=/);
    expect((await shop.get(p, dealerA)).status).toBe(404);
    expect((await shop.get(p, orderDesk)).status).toBe(403);
    expect((await shop.get(p, support)).status).toBe(200);
    expect((await shop.get(p, admin)).status).toBe(200);
  });

  it("another customer's feedback, order or photo is 404; bad ids are 404", async () => {
    const id = feedbackOfA();
    expect((await shop.post(`/afterSalesService/askAfterSalesDetails?id=${id}`, dealerB, { token: "x".repeat(24), body: "看看" })).status).toBe(404);
    expect((await shop.get(`/afterSalesService/askAfterSales?orderNo=${orderOf("XCD000001")}`, dealerB)).status).toBe(404);
    const form = await fileForm(dealerB, orderOf("DPC000001"), "x");
    expect((await multipart("/afterSalesService/askAfterSales", dealerB, { ...form, orderNo: orderOf("XCD000001") })).status).toBe(404);
    expect((await shop.get("/afterSalesService/askAfterSalesDetails?id=abc", dealerA)).status).toBe(404);
    expect((await shop.get("/system/feedback/999999", support)).status).toBe(404);
    expect((await shop.get("/system/feedback/abc", support)).status).toBe(404);
  });
});

describe("posts", () => {
  it("refused: cross-site, order desk 403, dealer 404 on the back office; nothing changes", async () => {
    const id = feedbackOfA();
    const count = () =>
      shop.one<{ n: number }>("select (select count(*) from feedback) + (select count(*) from feedback_message) + (select count(*) from notice) n").n;
    const before = count();
    const reply = { token: "t".repeat(24), intent: "reply", body: "x" };
    expect((await shop.post(`/system/feedback/${id}`, orderDesk, reply)).status).toBe(403);
    expect((await shop.post(`/system/feedback/${id}`, dealerA, reply)).status).toBe(404);
    expect((await shop.post(`/system/feedback/${id}`, support, reply, { Origin: "https://evil.example" })).status).toBe(403);
    expect(
      (await shop.post(`/afterSalesService/askAfterSalesDetails?id=${id}`, dealerA, { token: "t".repeat(24), body: "x" }, { Origin: "https://evil.example" }))
        .status,
    ).toBe(403);
    const form = await fileForm(dealerA, orderOf("XCD000001"), "跨站");
    expect((await multipart("/afterSalesService/askAfterSales", dealerA, form, [], "https://evil.example")).status).toBe(403);
    expect(count()).toBe(before);
  });

  it("a double post files once, answers once and stores one notice; scripts are text for the dealer and for staff", async () => {
    const script = "<script>alert(1)</script>断屑不良";
    const form = await fileForm(dealerA, orderOf("XCD000001"), script);
    const [a, b] = await Promise.all([
      multipart("/afterSalesService/askAfterSales", dealerA, form),
      multipart("/afterSalesService/askAfterSales", dealerA, form),
    ]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    expect(shop.one<{ n: number }>("select count(*) n from feedback where description = ?", script).n).toBe(1);
    const id = shop.one<{ id: number }>("select id from feedback where description = ?", script).id;
    expect(a.headers.get("location")).toBe(`/afterSalesService/askAfterSalesDetails?id=${id}`);

    const answer = "<img src=x onerror=alert(2)>请提高进给";
    const reply = { token: await tokenOf(`/system/feedback/${id}`, support), intent: "reply", body: answer };
    const [r1, r2] = await Promise.all([shop.post(`/system/feedback/${id}`, support, reply), shop.post(`/system/feedback/${id}`, support, reply)]);
    expect([r1.status, r2.status]).toEqual([302, 302]);
    expect(shop.one<{ n: number }>("select count(*) n from feedback_message where feedback_id = ?", id).n).toBe(1);
    expect(shop.one<{ status: string }>("select status from feedback where id = ?", id).status).toBe("answered");
    const notices = shop.query<{ id: number; user_id: number }>("select id, user_id from notice where type = 'customer_feedback' and detail_id = ?", id);
    expect(notices).toHaveLength(1);
    expect(
      shop.one<{ n: number }>("select count(*) n from audit_log where entity = 'feedback' and entity_id = ? and user_code = 'EMP000003'", String(id)).n,
    ).toBe(1);

    for (const [page, cookie] of [
      [`/afterSalesService/askAfterSalesDetails?id=${id}`, dealerA],
      [`/system/feedback/${id}`, support],
      ["/system/feedback", support],
    ] as const) {
      const html = await (await shop.get(page, cookie)).text();
      expect(html, page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;断屑不良");
      expect(html, page).not.toContain("<script>alert(1)</script>");
      if (!page.endsWith("feedback")) {
        expect(html, page).toContain("&lt;img src=x onerror=alert(2)&gt;请提高进给");
        expect(html, page).not.toContain("<img src=x");
      }
    }

    // the dealer opens the notice: it is read and leads to the details
    const open = await shop.post("/order/myMessage", dealerA, { intent: "open", id: String(notices[0].id) });
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe(`/afterSalesService/askAfterSalesDetails?id=${id}`);
    expect((await shop.get(open.headers.get("location")!, dealerA)).status).toBe(200);
  });

  it("photos: judged by content, at most 5 MB, served only to their customer and to staff", async () => {
    const html = new TextEncoder().encode("<html><script>alert(3)</script></html>");
    const refused = await multipart("/afterSalesService/askAfterSales", dealerA, await fileForm(dealerA, orderOf("XCD000001"), "假图片"), [
      { name: "photo.png", type: "image/png", data: html },
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("照片只能是 PNG 或 JPEG 图片。");
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(png);
    const tooBig = await multipart("/afterSalesService/askAfterSales", dealerA, await fileForm(dealerA, orderOf("XCD000001"), "太大"), [
      { name: "big.png", type: "image/png", data: big },
    ]);
    expect(tooBig.status).toBe(413);
    expect(shop.one<{ n: number }>("select count(*) n from feedback where description in ('假图片', '太大')").n).toBe(0);

    const ok = await multipart("/afterSalesService/askAfterSales", dealerA, await fileForm(dealerA, orderOf("XCD000001"), "有照片"), [
      { name: "崩刃.jpg", type: "image/jpeg", data: png },
    ]);
    expect(ok.status).toBe(302);
    const photo = shop.one<{ id: number; file_type: string }>(
      "select p.id, p.file_type from feedback_photo p join feedback f on f.id = p.feedback_id where f.description = '有照片'",
    );
    expect(photo.file_type).toBe("image/png");
    const mine = await shop.get(`/afterSalesService/feedbackPhoto?id=${photo.id}`, dealerA);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(png);
    expect((await shop.get(`/afterSalesService/feedbackPhoto?id=${photo.id}`, dealerB)).status).toBe(404);
    expect((await shop.get(`/system/feedbackPhoto/${photo.id}`, support)).status).toBe(200);
    expect((await shop.get(`/system/feedbackPhoto/${photo.id}`, orderDesk)).status).toBe(403);
  });

  it("a closed feedback takes no more messages (409), and the close is one effect", async () => {
    const form = await fileForm(dealerA, orderOf("XCD000001"), "要关闭的");
    const filed = await multipart("/afterSalesService/askAfterSales", dealerA, form);
    const id = Number(new URL(filed.headers.get("location")!, shop.base).searchParams.get("id"));
    const close = { token: await tokenOf(`/system/feedback/${id}`, support), intent: "close", body: "" };
    expect((await shop.post(`/system/feedback/${id}`, support, close)).status).toBe(302);
    expect((await shop.post(`/system/feedback/${id}`, support, close)).status).toBe(302);
    expect(shop.one<{ n: number }>("select count(*) n from notice where type = 'customer_feedback' and detail_id = ?", id).n).toBe(1);
    const late = await shop.post(`/afterSalesService/askAfterSalesDetails?id=${id}`, dealerA, { token: "late-token-0000000000", body: "还有问题" });
    expect(late.status).toBe(409);
  });
});
