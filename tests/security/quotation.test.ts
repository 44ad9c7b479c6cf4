import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * Customized tool quotations over HTTP (issue 18 item 1, decision 051): who may open the dealer
 * and staff pages; cross-site posts refused; another customer's quotation and drawing are 404;
 * what a dealer types is escaped; double posts have one effect; only the order desk and customer
 * support quote; a drawing is checked by its content.
 */
let shop: Shop;
let dealerA: string; // XCD000001: master, has quotations
let sub: string; // XCD000002: sub-account of dealer A's customer
let centre: string; // XCD000009: customer support (shop) and master of another customer
let dealerB: string; // DPC000001: another customer
let orderDesk: string; // EMP000002
let support: string; // EMP000003
let content: string; // EMP000004? a staff member without the quotation codes
let admin: string;
beforeAll(async () => {
  // its own server: it quotes the demo dealers' seeded quotations and counts every quotation in the shop
  shop = await startShop();
  [dealerA, sub, centre, dealerB, orderDesk, support, admin] = await Promise.all(
    ["XCD000001", "XCD000002", "XCD000009", "DPC000001", "EMP000002", "EMP000003", "EMP000001"].map((c) => shop.signIn(c)),
  );
  const editor = shop.query<{ code: string }>(
    "select u.code from app_user u join user_role ur on ur.user_id = u.id join role r on r.id = ur.role_id where r.code = 'content_editor' and u.code like 'EMP%' order by u.id limit 1",
  )[0];
  content = editor ? await shop.signIn(editor.code) : "";
});
afterAll(() => shop?.stop());

const quoteOf = (code: string, status?: string) =>
  shop.one<{ id: number }>(
    `select q.id from quotation q join app_user u on u.id = q.user_id where u.code = ? ${status ? "and q.status = ?" : ""} order by q.id limit 1`,
    ...(status ? [code, status] : [code]),
  ).id;
const tokenOf = async (page: string, cookie: string) =>
  /name="token" value="([A-Za-z0-9_-]{16,64})"/.exec(await (await shop.get(page, cookie)).text())?.[1] ?? "";
const drillTypeId = () => shop.one<{ id: number }>("select id from quote_tool_type where code = 'drill'").id;
const PDF = "%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n";

/** The request form as the browser posts it (multipart, with the drawings). */
async function fileRequest(cookie: string, fields: Record<string, string>, files: { name: string; type: string; body: string }[], origin?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("files", new Blob([f.body], { type: f.type }), f.name);
  return fetch(`${shop.base}/technologyService/cutterOffer?type=drill`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Cookie: cookie, Origin: origin ?? shop.base },
  });
}
const drillFields = (token: string, extra: Record<string, string> = {}) => ({
  token,
  typeId: String(drillTypeId()),
  "attrs.diameter": "8.5",
  "attrs.length": "120",
  "attrs.point_angle": "140",
  "attrs.shank": "圆柄 h6",
  "attrs.coolant": "有",
  qty: "20",
  material: "42CrMo",
  note: "",
  ...extra,
});

describe("who may open the quotation pages", () => {
  it("the shop pages: signed out → shop login; staff → 403; dealers → 200; the customer-support copy only for its roles", async () => {
    for (const page of ["/technologyService/cutterOffer", "/technologyService/cutterOffer?type=drill", "/customerSupport/cutterOffer"]) {
      const out = await shop.get(page, "");
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toMatch(/^\/shop_login\?redirect=/);
      expect((await shop.get(page, support)).status).toBe(403);
      expect((await shop.get(page, centre)).status).toBe(200);
    }
    expect((await shop.get("/technologyService/cutterOffer", sub)).status).toBe(200);
    expect((await shop.get("/customerSupport/cutterOffer", sub)).status).toBe(403);
    expect((await shop.get("/customerSupport/cutterOffer", dealerA)).status).toBe(200);
  });

  it("the staff pages: signed out → /login, dealer → 404, order desk, customer support and administrator → 200, others 403", async () => {
    const id = quoteOf("XCD000001");
    for (const page of ["/system/quotation", `/system/quotation/${id}`]) {
      const out = await shop.get(page, "");
      expect(out.headers.get("location")).toMatch(/^\/login\?redirect=/);
      expect((await shop.get(page, dealerA)).status).toBe(404);
      for (const staff of [orderDesk, support, admin]) expect((await shop.get(page, staff)).status).toBe(200);
      if (content) expect((await shop.get(page, content)).status).toBe(403);
    }
  });

  it("another customer's quotation is 404, and a nonsense id", async () => {
    const id = quoteOf("XCD000001");
    expect((await shop.get(`/technologyService/cutterOfferDetails?id=${id}`, dealerA)).status).toBe(200);
    expect((await shop.get(`/technologyService/cutterOfferDetails?id=${id}`, sub)).status).toBe(200); // the same customer
    expect((await shop.get(`/technologyService/cutterOfferDetails?id=${id}`, dealerB)).status).toBe(404);
    expect((await shop.get(`/technologyService/cutterOfferDetails?id=${id}`, centre)).status).toBe(404);
    expect((await shop.get("/technologyService/cutterOfferDetails?id=99999999", dealerA)).status).toBe(404);
    expect((await shop.get("/technologyService/cutterOfferDetails?id=1e3", dealerA)).status).toBe(404);
    expect((await shop.get("/technologyService/cutterOfferDetails", dealerA)).headers.get("location")).toBe("/technologyService/cutterOffer");
    const list = await (await shop.get("/technologyService/cutterOffer", dealerB)).text();
    const no = shop.one<{ n: string }>("select quote_no n from quotation where id = ?", id).n;
    expect(list).not.toContain(no);
    // another customer's steps: 404, nothing changes
    const token = await tokenOf(`/technologyService/cutterOfferDetails?id=${id}`, dealerA);
    expect((await shop.post(`/technologyService/cutterOfferDetails?id=${id}`, dealerB, { intent: "cancel", token, body: "" })).status).toBe(404);
    expect(shop.one<{ s: string }>("select status s from quotation where id = ?", id).s).not.toBe("cancelled");
  });
});

describe("the quotation forms", () => {
  it("refuse cross-site posts", async () => {
    const before = shop.one<{ n: number }>("select count(*) n from quotation").n;
    const token = await tokenOf("/technologyService/cutterOffer?type=drill", dealerA);
    expect((await fileRequest(dealerA, drillFields(token), [], "https://evil.example")).status).toBe(403);
    expect(shop.one<{ n: number }>("select count(*) n from quotation").n).toBe(before);
    const id = quoteOf("XCD000001", "submitted");
    expect((await shop.post(`/system/quotation/${id}`, orderDesk, { intent: "ask", token, body: "x" }, { Origin: "https://evil.example" })).status).toBe(403);
    expect(shop.one<{ s: string }>("select status s from quotation where id = ?", id).s).toBe("submitted");
  });

  it("file a request with a drawing once, escape what the dealer typed, serve the drawing to its owner and staff only", async () => {
    const token = await tokenOf("/technologyService/cutterOffer?type=drill", dealerA);
    const fields = drillFields(token, { material: "<script>alert('x')</script>钢", note: "<img src=x onerror=alert(1)>" });
    const files = [{ name: "part <1>.pdf", type: "application/pdf", body: PDF }];
    const [a, b] = await Promise.all([fileRequest(dealerA, fields, files), fileRequest(dealerA, fields, files)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    expect(shop.one<{ n: number }>("select count(*) n from quotation where post_token = ?", token).n).toBe(1);
    const page = await (await shop.get(a.headers.get("location")!, dealerA)).text();
    expect(page).not.toContain("<script>alert('x')</script>");
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&lt;script&gt;");
    const id = Number(new URL(a.headers.get("location")!, shop.base).searchParams.get("id"));
    const staffPage = await (await shop.get(`/system/quotation/${id}`, orderDesk)).text();
    expect(staffPage).not.toContain("<script>alert('x')</script>");
    const fileId = shop.one<{ id: number }>("select id from quotation_file where quotation_id = ?", id).id;
    const own = await shop.get(`/technologyService/cutterOfferFile?id=${fileId}`, dealerA);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await own.text()).toBe(PDF);
    expect((await shop.get(`/technologyService/cutterOfferFile?id=${fileId}`, sub)).status).toBe(200);
    expect((await shop.get(`/technologyService/cutterOfferFile?id=${fileId}`, dealerB)).status).toBe(404);
    expect((await shop.get(`/technologyService/cutterOfferFile?id=${fileId}`, "")).status).toBe(302);
    expect((await shop.get(`/system/quotationFile/${fileId}`, support)).status).toBe(200);
    expect((await shop.get(`/system/quotationFile/${fileId}`, dealerA)).status).toBe(404);
  });

  it("refuse a drawing that is not PDF, DXF, PNG or JPEG, and attributes outside the table, with a message and nothing filed", async () => {
    const before = shop.one<{ n: number }>("select count(*) n from quotation").n;
    const token = await tokenOf("/technologyService/cutterOffer?type=drill", dealerA);
    const html = await fileRequest(dealerA, drillFields(token), [
      { name: "drawing.pdf", type: "application/pdf", body: "<html><script>alert(1)</script></html>" },
    ]);
    expect(html.status).toBe(400);
    expect(await html.text()).toContain("只接受 PDF、DXF、PNG 或 JPEG 图纸");
    const range = await fileRequest(dealerA, drillFields(token, { "attrs.diameter": "400" }), []);
    expect(range.status).toBe(400);
    expect(await range.text()).toContain("应在 0.5 至 40 mm 之间");
    expect(shop.one<{ n: number }>("select count(*) n from quotation").n).toBe(before);
  });

  it("only the order desk and customer support quote; a double quote and a double accept have one effect; the cart shows the quoted price", async () => {
    const token = await tokenOf("/technologyService/cutterOffer?type=drill", dealerA);
    const filed = await fileRequest(dealerA, drillFields(token), []);
    const id = Number(new URL(filed.headers.get("location")!, shop.base).searchParams.get("id"));
    const quote = (t: string) => ({
      intent: "quote",
      token: t,
      unitPrice: "86.50",
      moq: "25",
      leadTimeDays: "20",
      validUntil: "2099-12-31",
      body: "<b>ok</b>",
    });
    expect((await shop.post(`/system/quotation/${id}`, dealerA, quote("x".repeat(20)))).status).toBe(404);
    if (content) expect((await shop.post(`/system/quotation/${id}`, content, quote("x".repeat(20)))).status).toBe(403);
    const staffToken = await tokenOf(`/system/quotation/${id}`, orderDesk);
    const [x, y] = await Promise.all([
      shop.post(`/system/quotation/${id}`, orderDesk, quote(staffToken)),
      shop.post(`/system/quotation/${id}`, orderDesk, quote(staffToken)),
    ]);
    expect([x.status, y.status]).toEqual([302, 302]);
    expect(shop.one<{ n: number }>("select count(*) n from notice where type = 'quotation' and detail_id = ?", id).n).toBe(1);
    expect(shop.one<{ n: number }>("select count(*) n from quotation_message where quotation_id = ? and event = 'quote'", id).n).toBe(1);
    expect(shop.one<{ p: number }>("select unit_price p from quotation where id = ?", id).p).toBe(8650);
    // bad input: a message, nothing changed
    const bad = await shop.post(`/system/quotation/${id}`, orderDesk, { ...quote(await tokenOf(`/system/quotation/${id}`, orderDesk)), unitPrice: "12,5" });
    expect(bad.status).toBe(400);

    const dealerToken = await tokenOf(`/technologyService/cutterOfferDetails?id=${id}`, dealerA);
    const below = await shop.post(`/technologyService/cutterOfferDetails?id=${id}`, dealerA, { intent: "accept", token: dealerToken, qty: "10" });
    expect(below.status).toBe(400);
    const accept = { intent: "accept", token: dealerToken, qty: "30" };
    const [p, r] = await Promise.all([
      shop.post(`/technologyService/cutterOfferDetails?id=${id}`, dealerA, accept),
      shop.post(`/technologyService/cutterOfferDetails?id=${id}`, dealerA, accept),
    ]);
    expect([p.status, r.status]).toEqual([302, 302]);
    expect(p.headers.get("location")).toBe("/shopCart");
    const productId = shop.one<{ p: number }>("select product_id p from quotation where id = ?", id).p;
    expect(shop.one<{ n: number }>("select count(*) n from cart_item where product_id = ?", productId).n).toBe(1);
    const again = await shop.post(`/technologyService/cutterOfferDetails?id=${id}`, dealerA, { ...accept, token: "a-fresh-form-token-0123" });
    expect(again.status).toBe(409);
    const cart = await (await shop.get("/shopCart", dealerA)).text();
    const code = shop.one<{ c: string }>("select quote_no c from quotation where id = ?", id).c;
    expect(cart).toContain(code);
    expect(cart).toContain("86.50");
    // the private item is found by nobody: not its page, not search
    expect((await shop.get(`/item?code=${code}`, dealerB)).status).toBe(404);
    expect(await (await shop.get(`/searchProduct?keyWord=${code}`, dealerB)).text()).not.toContain(`data-code="${code}"`);
    // another customer cannot put it into his cart
    const add = await shop.post("/shopCart", dealerB, { intent: "add", productId: String(productId), qty: "30" });
    expect([200, 302, 400, 404]).toContain(add.status);
    expect(
      shop.one<{ n: number }>(
        "select count(*) n from cart_item c join app_user u on u.id = c.user_id where u.code = 'DPC000001' and c.product_id = ?",
        productId,
      ).n,
    ).toBe(0);
  });
});
