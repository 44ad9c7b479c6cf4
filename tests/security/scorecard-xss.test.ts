import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDealer } from "./auth-users";
import { sharedShop, type Shop } from "./harness";

/**
 * Issue 13's scorecard: a script payload in every text field a dealer can type, and in the query
 * parameters pages reflect, over HTTP against the built server. The pages that show the text
 * must carry it escaped (&lt;script&gt;…), never as markup: no <script>alert(1) and no <img …
 * onerror=…> anywhere in the HTML (the serialized loader data included).
 */
let shop: Shop;
beforeAll(async () => {
  // on the shared server: the payloads go into the data of a dealer of its own (`newDealer`: a
  // customer of its own with the demo master's prices and addresses), which no other file reads
  shop = await sharedShop();
  A = newDealer(shop).master;
});
afterAll(() => shop?.stop());

// ---------------------------------------------------------------------------------------------
// helpers

/** Breaks out of text, of a double- or single-quoted attribute, and tries two ways to run script. */
const PAYLOAD = `<script>alert(1)</script>"'><img src=x onerror=alert(1)>`;
/** The same in 49 characters, for fields of at most 50. */
const SHORT_PAYLOAD = `"'><script>alert(1)</script><img src=x onerror=1>`;
/**
 * For an uploaded file's name: the multipart parser refuses names with ";" or " x=" (a file named
 * "a b=c.xlsx" cannot be imported at all) and keeps only what follows the last "/".
 */
const FILE_NAME = `'"><script>alert(1)<script>.xlsx`;
/** the master of the file's own dealer (a copy of the demo master XCD000001) */
let A: string;
const SUB = "XCDX55001"; // a sub-account A creates with a payload for a name
const SUB_PASSWORD = "Xss12345a";
const ANCHOR = "CNMG120408-DM YBC252";

const page = async (pathname: string, cookie: string) => {
  const answer = await fetch(`${shop.base}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  return { status: answer.status, html: await answer.text() };
};

/** The payload never as markup; when the page shows it, escaped. */
function expectEscaped(html: string, shown: "escaped" | "url-encoded" | "maybe") {
  expect(html).not.toMatch(/<script>alert\(1\)/i);
  expect(html).not.toMatch(/<img[^>]*\bonerror\s*=/i);
  expect(html).not.toMatch(/<img src=x/i);
  expect(html).not.toMatch(/["']\s*>\s*<(script>alert|img src=x)/i);
  if (shown === "escaped") expect(html).toMatch(/&lt;script&gt;alert\(1\)&lt;\/script&gt;/i);
  if (shown === "url-encoded") expect(html).toContain(encodeURIComponent("<script>alert(1)</script>"));
}

async function importFile(): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("order");
  sheet.addRow(["订货号", "数量"]);
  sheet.addRow([PAYLOAD, 10]);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

// ---------------------------------------------------------------------------------------------

/** What A typed, found again where the shop shows it. */
let cookie: string;
let subCookie: string;
const stored = { addressId: 0, subAccountId: 0, orderNo: "", noticeId: 0, importJobId: 0 };

beforeAll(async () => {
  cookie = await shop.signIn(A);

  // a shipping address: every free-text field
  const address = await shop.post("/order/addressManage", cookie, {
    intent: "create",
    consignee: PAYLOAD,
    phone: "13800000077",
    province: PAYLOAD,
    city: PAYLOAD,
    district: PAYLOAD,
    line: PAYLOAD,
    postcode: "410007",
    isDefault: "on",
  });
  expect(address.status).toBe(302);
  stored.addressId = shop.one<{ id: number }>("select id from address where consignee = ? and line = ? and city = ?", PAYLOAD, PAYLOAD, PAYLOAD).id;

  // a sub-account named with the payload
  const sub = await shop.post("/order/subAccount", cookie, {
    intent: "create",
    code: SUB,
    name: SHORT_PAYLOAD,
    mobile: "13800000078",
    email: "xss@hunan-jinggong.example",
    priceFactor: "0",
    canOrder: "on",
    canSeePrice: "on",
    canSeeStock: "on",
    password: SUB_PASSWORD,
    confirmPassword: SUB_PASSWORD,
  });
  expect(sub.status).toBe(302);
  stored.subAccountId = shop.one<{ id: number }>("select id from app_user where code = ? and name = ?", SUB, SHORT_PAYLOAD).id;
  subCookie = await shop.signIn(SUB, { password: SUB_PASSWORD });

  // an order to that address with a PO number and a remark, then cancelled with a reason
  const product = shop.one<{ id: number; qty: number }>("select id, max(moq, mpq) as qty from product where ordering_code = ?", ANCHOR);
  expect((await shop.post("/shopCart?index", cookie, { intent: "add", productId: String(product.id), qty: String(product.qty) })).status).toBe(302);
  const fill = await (await fetch(`${shop.base}/order/fillOrder`, { headers: { Cookie: cookie } })).text();
  const token = /name="token" value="([^"]+)"/.exec(fill)![1];
  const order = await shop.post("/order/fillOrder", cookie, {
    intent: "submit",
    token,
    addressId: String(stored.addressId),
    paymentMethod: "prepayment",
    expectedDeliveryDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    poNo: PAYLOAD,
    remark: PAYLOAD,
  });
  expect(order.status).toBe(302);
  stored.orderNo = shop.one<{ order_no: string }>("select order_no from sales_order where submit_token = ? and po_no = ?", token, PAYLOAD).order_no;
  const cancel = await shop.post(`/order/orderDetails?orderNo=${stored.orderNo}`, cookie, { intent: "cancel", reason: PAYLOAD });
  expect(cancel.status).toBe(302);
  expect(shop.one<{ cancel_reason: string }>("select cancel_reason from sales_order where order_no = ?", stored.orderNo).cancel_reason).toBe(PAYLOAD);
  stored.noticeId = shop.one<{ id: number }>("select id from notice where order_no = ? and type = 'cancel_order'", stored.orderNo).id;

  // a batch import: the payload as the file name and as an ordering code
  const form = new FormData();
  form.append("file", await importFile(), FILE_NAME);
  const upload = await fetch(`${shop.base}/order/import`, { method: "POST", redirect: "manual", headers: { Origin: shop.base, Cookie: cookie }, body: form });
  expect(upload.status).toBe(302);
  stored.importJobId = Number(/id=(\d+)/.exec(upload.headers.get("location")!)![1]);
  for (
    let i = 0;
    i < 50 && ["queued", "running"].includes(shop.one<{ status: string }>("select status from import_job where id = ?", stored.importJobId).status);
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // a line in the cart again, so that the order form (with the address choice) opens
  expect((await shop.post("/shopCart?index", cookie, { intent: "add", productId: String(product.id), qty: String(product.qty) })).status).toBe(302);
  expect(shop.one<{ file_name: string }>("select file_name from import_job where id = ?", stored.importJobId).file_name).toBe(FILE_NAME.replace('"', "%22"));
});

describe("stored: what a dealer typed is escaped where the shop shows it", () => {
  it.each<[string, () => string, "A" | "sub", "escaped" | "maybe"]>([
    ["address list", () => "/order/addressManage", "A", "escaped"],
    ["address edit form", () => `/order/addressManage?edit=${stored.addressId}`, "A", "escaped"],
    ["fill order: address choice", () => "/order/fillOrder", "A", "escaped"],
    ["sub-account list", () => "/order/subAccount", "A", "escaped"],
    ["sub-account edit form", () => `/order/subAccount?edit=${stored.subAccountId}`, "A", "escaped"],
    ["the sub-account's profile", () => "/profile/index", "sub", "escaped"],
    ["the sub-account's home page (its name in the page data)", () => "/homePage", "sub", "maybe"],
    ["orders list: PO number", () => "/order/order?tab=all", "A", "escaped"],
    ["order details: PO number, consignee, address, cancel reason", () => `/order/orderDetails?orderNo=${stored.orderNo}`, "A", "escaped"],
    ["messages: the cancellation notice with its reason", () => `/order/myMessage?id=${stored.noticeId}`, "A", "escaped"],
    ["import status: file name and ordering code", () => `/order/import/status?id=${stored.importJobId}`, "A", "escaped"],
  ])("%s", async (_name, path, who, shown) => {
    const { status, html } = await page(path(), who === "A" ? cookie : subCookie);
    expect(status).toBe(200);
    expectEscaped(html, shown);
  });
});

describe("reflected: query parameters a page shows back are escaped", () => {
  const p = encodeURIComponent(PAYLOAD);
  it.each<[string, string, boolean, "escaped" | "url-encoded" | "maybe"]>([
    ["search box", `/searchProduct?keyWord=${p}`, true, "escaped"],
    ["search box, signed out", `/searchProduct?keyWord=${p}`, false, "escaped"],
    ["search result rows: return path in the row forms", `/searchProduct?keyWord=CNMG&x=${p}`, true, "url-encoded"],
    ["orders filter", `/order/order?orderNo=${p}&poNo=${p}&code=${p}`, true, "escaped"],
    ["delivery records filter", `/order/myRecord?orderNo=${p}&trackingNo=${p}&code=${p}`, true, "escaped"],
    // messages travel in the signed toast cookie now (decision 060); the old parameters must not come back
    [
      "old cart message parameters",
      `/shopCart?cartOk=order%3Acart.added&cartV=${encodeURIComponent(JSON.stringify({ code: PAYLOAD, qty: 1 }))}`,
      true,
      "maybe",
    ],
    ["old cart error key", `/shopCart?cartErr=${p}`, true, "maybe"],
    ["old favourites message key", `/order/myCollect?catMsg=${p}`, true, "maybe"],
    ["login return path", `/shop_login?redirect=${encodeURIComponent(`/order/order?poNo=${PAYLOAD}`)}`, false, "maybe"],
    ["product page of an unknown code", `/item?code=${p}`, true, "maybe"],
    ["catalogue page of an unknown node", `/product/productSecond?catalogueCode=${p}&parentCode=${p}`, true, "maybe"],
    ["unknown page", `/order/${p}`, true, "maybe"],
  ])("%s", async (_name, path, signedIn, shown) => {
    const { status, html } = await page(path, signedIn ? cookie : "");
    expect(status).toBeLessThan(500);
    expectEscaped(html, shown);
  });

  it("a refused sign-in shows the typed account code escaped", async () => {
    const answer = await fetch(`${shop.base}/shop_login`, {
      method: "POST",
      headers: { Origin: shop.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code: PAYLOAD, password: "wrong-password" }),
    });
    expect(answer.status).toBe(400);
    expectEscaped(await answer.text(), "maybe");
  });
});
