import fs from "node:fs";
import ExcelJS from "exceljs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiShop, apiToken, ApiClient, type ApiShop } from "./api-harness";
import type { Shop } from "./harness";

/**
 * The integration API's contract (issue 30, decision 072) over HTTP against the built server, on
 * SQLite and on PostgreSQL (TEST_DATABASE_URL): every call of the document with a good and a bad
 * request, each answer checked against the OpenAPI document; X-Token sessions; another dealer's
 * ids are not found; bad input gets the contract's codes, never a page or a 500.
 */
let own: ApiShop;
let shop: Shop;
let api: ApiClient;
let a: string; // dealer A's master (XCD000001)
let b: string; // dealer B's master (DPC000001)
beforeAll(async () => {
  // its own server: it runs on PostgreSQL as well (apiShop), and it changes dealer A's cart, addresses and orders
  own = await apiShop();
  shop = own.shop;
  api = await ApiClient.open(shop);
  a = await apiToken(api, "XCD000001");
  b = await apiToken(api, "DPC000001");
});
afterAll(() => own?.stop());

describe("the document", () => {
  it("is OpenAPI 3.1; /prod-api has no route file but the one answering from the call table (and its reference page), which lists every path", async () => {
    const doc = (await (await fetch(`${shop.base}/prod-api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(15);
    const routes = fs.readdirSync(path.resolve("app/routes")).filter((f) => f.startsWith("prod-api"));
    expect(routes.sort()).toEqual(["prod-api.$.tsx", "prod-api.docs.tsx"]);
    const page = await fetch(`${shop.base}/prod-api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const p of Object.keys(doc.paths)) expect(html).toContain(`/prod-api${p}`);
  });
});

describe("tokens", () => {
  it("no token: 50014; a token that cannot be one: 50012; the shop's cookie is not a token", async () => {
    expect((await api.call("GET", "/baseuser/findByToken")).body.code).toBe(50014);
    const bad = await api.call("GET", "/baseuser/findByToken", { token: "not a token!" });
    expect([bad.status, bad.body.code]).toEqual([401, 50012]);
    const cookie = await shop.signIn("XCD000001");
    const withCookie = await api.call("GET", "/shopCart/shopCartCount", { headers: { Cookie: cookie } });
    expect(withCookie.body.code).toBe(50014);
  });

  it("a staff member's token is refused on the dealer calls (40300)", async () => {
    const staff = await apiToken(api, "EMP000002");
    const answer = await api.call("GET", "/shopCart/shopCartCount", { token: staff });
    expect([answer.status, answer.body.code]).toEqual([403, 40300]);
  });

  it("sign-in: the account's token, or the shop's message (42200) for a wrong password, 40000 for a malformed body", async () => {
    const ok = await api.call<{ token: string; exportSales: boolean }>("POST", "/login/login", { body: { code: "XCD000002", password: "Demo2026" } });
    expect(ok.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const wrong = await api.call("POST", "/login/login", { body: { code: "XCD000002", password: "wrong-one" } });
    expect([wrong.status, wrong.body.code]).toEqual([422, 42200]);
    expect(wrong.body.message).toBeTruthy();
    expect((await api.call("POST", "/login/login", { body: { code: 5 } })).body.code).toBe(40000);
    expect((await api.call("POST", "/login/login", { rawBody: "{not json" })).body.code).toBe(40000);
    expect((await api.call("POST", "/login/login", { rawBody: "code=XCD000002", contentType: "application/x-www-form-urlencoded" })).body.code).toBe(40000);
  });

  it("who am I; the company list; the switch gives a new token and ends the old one; another's company is not found", async () => {
    const token = await apiToken(api, "XCD000001");
    const me = await api.call<{ code: string; tenantCode: string; functionCodes: string[] }>("GET", "/baseuser/findByToken", { token });
    expect(me.body.data).toMatchObject({ code: "XCD000001", tenantCode: "1000" });
    expect(me.body.data.functionCodes).toContain("order:submit");
    const list = await api.call<{ id: number; code: string; current: boolean }[]>("GET", "/login/getTenantList", { token });
    expect(list.body.data.map((t) => t.code)).toEqual(["1000", "2000"]);
    const other = list.body.data.find((t) => !t.current)!;
    expect((await api.call("GET", "/login/getTenantList")).body.code).toBe(50014);

    const switched = await api.call<{ token: string; success: true }>("POST", "/login/switchTenantId", { token, body: { dataareaid: other.id } });
    expect(switched.body.data.success).toBe(true);
    expect((await api.call<{ tenantCode: string }>("GET", "/baseuser/findByToken", { token: switched.body.data.token })).body.data.tenantCode).toBe("2000");
    expect((await api.call("GET", "/baseuser/findByToken", { token })).body.code).toBe(50014);

    const notB = await api.call("POST", "/login/switchTenantId", { token: b, body: { dataareaid: 999_999 } });
    expect([notB.status, notB.body.code]).toEqual([404, 40400]);
    expect((await api.call("POST", "/login/switchTenantId", { token: b, body: { dataareaid: "x" } })).body.code).toBe(40000);
  });
});

describe("reading", () => {
  it("the catalogue by level; a level out of range is 40000", async () => {
    const tree = await api.call<{ code: string; level: number; children: { level: number; children: unknown[] }[] }[]>("POST", "/catalogue/getDataByLevel", {
      token: a,
      body: { level: 1, filterLevel: 2, language: "en" },
    });
    expect(tree.body.data.length).toBeGreaterThan(0);
    expect(tree.body.data.every((n) => n.level === 1 && n.children.every((c) => c.level === 2 && c.children.length === 0))).toBe(true);
    expect((await api.call("POST", "/catalogue/getDataByLevel", { token: a, body: { level: 9 } })).body.code).toBe(40000);
  });

  it("notices: a page of unread ones, marking one read lowers the count; another dealer's notice is not found", async () => {
    const unread = await api.call<{ total: number; records: { id: number; izRead: string }[] }>("GET", "/notice?pageNo=1&pageSize=3&izRead=0", { token: a });
    expect(unread.body.data.records.length).toBeGreaterThan(0);
    expect(unread.body.data.records.length).toBeLessThanOrEqual(3);
    const first = unread.body.data.records[0];
    const read = await api.call<number>("PUT", "/notice", { token: a, body: { id: first.id, izRead: "1" } });
    expect(read.body.data).toBe(unread.body.data.total - 1);
    const notHers = await api.call("PUT", "/notice", { token: b, body: { id: first.id, izRead: "1" } });
    expect([notHers.status, notHers.body.code]).toEqual([404, 40400]);
    expect((await api.call("GET", "/notice?pageSize=500", { token: a })).body.code).toBe(40000);
  });

  it("favourites: the list; removing needs a product id", async () => {
    expect((await api.call("GET", "/favorites", { token: a })).body.code).toBe(20000);
    expect((await api.call("GET", "/favorites")).body.code).toBe(50014);
    expect((await api.call("DELETE", "/favorites?productId=1", { token: a })).body.code).toBe(20000);
    expect((await api.call("DELETE", "/favorites?productId=abc", { token: a })).body.code).toBe(40000);
  });

  it("the order states, the credit, the orders by state, one order; another dealer's order is not found", async () => {
    const states = await api.call<{ value: string; label: string }[]>("GET", "/order/getOrderStatusEnum", { token: a, headers: { "Accept-Language": "en" } });
    // the account has no saved language: the request's counts
    expect(states.body.data.find((s) => s.value === "shipped")?.label).toBe("Shipped");
    expect((await api.call("POST", "/order/getOrderStatusEnum", { token: a })).body.code).toBe(40500);
    expect((await api.call("GET", "/order/getOrderStatusEnum")).body.code).toBe(50014);
    const credit = await api.call<{ creditLimit: number; available: number }>("GET", "/order/getCustCredit", { token: a });
    expect(credit.body.data.creditLimit).toBeGreaterThan(0);
    expect((await api.call("GET", "/order/getCustCredit")).body.code).toBe(50014);
    const orders = await api.call<{ total: number; records: { orderNo: string; status: string }[] }>("GET", "/order/orderByState?state=submitted&pageSize=5", {
      token: a,
    });
    expect(orders.body.data.records.length).toBeGreaterThan(0);
    expect(orders.body.data.records.every((o) => o.status === "submitted")).toBe(true);
    expect((await api.call("GET", "/order/orderByState?state=nonsense", { token: a })).body.code).toBe(40000);
    const no = orders.body.data.records[0].orderNo;
    const one = await api.call<{ orderNo: string; lines: unknown[] }>("GET", `/order/${encodeURIComponent(no)}`, { token: a });
    expect(one.body.data.orderNo).toBe(no);
    expect(one.body.data.lines.length).toBeGreaterThan(0);
    const notB = await api.call("GET", `/order/${encodeURIComponent(no)}`, { token: b });
    expect([notB.status, notB.body.code]).toEqual([404, 40400]);
  });

  it("the maintenance window needs no token; another key is 40000", async () => {
    const window = await api.call<{ now: number; jsonDataPage: { records: unknown[] } }>("GET", "/public/jsonData?key=errorPage");
    expect(Math.abs(window.body.data.now - Date.now())).toBeLessThan(60_000);
    expect((await api.call("GET", "/public/jsonData?key=index")).body.code).toBe(40000);
  });

  it("column choices: read, saved by POST and by PUT; an unknown table is 40000", async () => {
    const all = await api.call<{ fields: Record<string, string[]> }>("GET", "/userModuleField", { token: a });
    expect(Object.keys(all.body.data.fields)).toContain("order_list");
    const saved = await api.call<{ fields: string[] }>("POST", "/userModuleField", { token: a, body: { module: "order_list", fields: ["status", "bogus"] } });
    expect(saved.body.data.fields).toEqual(["orderNo", "status"]);
    const put = await api.call<{ fields: string[] }>("PUT", "/userModuleField", { token: a, body: { module: "order_list", fields: ["poNo"] } });
    expect(put.body.data.fields).toEqual(["orderNo", "poNo"]);
    expect((await api.call<{ fields: string[] }>("GET", "/userModuleField?module=order_list", { token: a })).body.data.fields).toEqual(["orderNo", "poNo"]);
    expect((await api.call("GET", "/userModuleField?module=nope", { token: a })).body.code).toBe(40000);
    expect((await api.call("POST", "/userModuleField", { token: a, body: { module: "nope", fields: [] } })).body.code).toBe(40000);
    expect((await api.call("PUT", "/userModuleField", { token: a, body: {} })).body.code).toBe(40000);
    expect((await api.call("GET", "/shopCart/shopCartCount", { token: "x".repeat(43) })).body.code).toBe(50014);
  });
});

describe("writing", () => {
  it("addresses: add (a script payload comes back as JSON text), read, change, delete; another dealer's id is not found", async () => {
    const payload = `<script>alert("x")</script>`;
    const address = {
      consignee: payload,
      phone: "13800000099",
      province: "湖南省",
      city: "长沙市",
      district: "雨花区",
      line: "测试路 1 号",
      postcode: "410000",
    };
    const created = await api.call<{ id: number }>("POST", "/shippingAddress", { token: a, body: address });
    expect(created.body.code).toBe(20000);
    const id = created.body.data.id;
    const one = await fetch(`${shop.base}/prod-api/shippingAddress?id=${id}`, { headers: { "X-Token": a } });
    expect(one.headers.get("content-type")).toMatch(/^application\/json/);
    expect(one.headers.get("x-content-type-options")).toBe("nosniff");
    expect(((await one.json()) as { data: { consignee: string } }).data.consignee).toBe(payload);
    const list = await api.call<{ id: number }[]>("GET", "/shippingAddress", { token: a });
    expect(list.body.data.map((x) => x.id)).toContain(id);

    const changed = await api.call("PUT", "/shippingAddress", { token: a, body: { ...address, id, consignee: "王五" } });
    expect(changed.body.code).toBe(20000);
    expect((await api.call<{ consignee: string }>("GET", `/shippingAddress?id=${id}`, { token: a })).body.data.consignee).toBe("王五");

    for (const [method, p, body] of [
      ["GET", `/shippingAddress?id=${id}`, undefined],
      ["PUT", "/shippingAddress", { ...address, id }],
      ["DELETE", `/shippingAddress?id=${id}`, undefined],
    ] as const) {
      const answer = await api.call(method, p, { token: b, body });
      expect([answer.status, answer.body.code], `${method} by another dealer`).toEqual([404, 40400]);
    }
    expect((await api.call("POST", "/shippingAddress", { token: a, body: { consignee: "" } })).body.code).toBe(40000);
    expect((await api.call("DELETE", "/shippingAddress", { token: a })).body.code).toBe(40000);
    expect((await api.call("DELETE", `/shippingAddress?id=${id}`, { token: a })).body.code).toBe(20000);
    expect((await api.call("GET", `/shippingAddress?id=${id}`, { token: a })).body.code).toBe(40400);
  });

  it("an order of the cart: placed once for a repeated token; without ordering permission 40300; a bad body 40000", async () => {
    const cookie = await shop.signIn("XCD000001");
    const quick = await shop.post("/shopCart?index", cookie, { intent: "quick", text: "CNMG120408-DM YBC252 10" });
    expect(quick.status).toBeLessThan(400);
    const count = await api.call<number>("GET", "/shopCart/shopCartCount", { token: a });
    expect(count.body.data).toBeGreaterThan(0);
    expect((await api.call("GET", "/shopCart/shopCartCount")).body.code).toBe(50014);

    const addresses = await api.call<{ id: number; isDefault: boolean }[]>("GET", "/shippingAddress", { token: a });
    const addressId = addresses.body.data.find((x) => x.isDefault)!.id;
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const order = { token: `api-${Date.now()}-abcdefghij`, addressId, paymentMethod: "prepayment", expectedDeliveryDate: inAWeek, poNo: "API-1" };
    const first = await api.call<{ orderNo: string; duplicate: boolean }>("POST", "/order", { token: a, body: order });
    expect(first.body.code, first.body.message).toBe(20000);
    expect(first.body.data.duplicate).toBe(false);
    const again = await api.call<{ orderNo: string; duplicate: boolean }>("POST", "/order", { token: a, body: order });
    expect(again.body.data).toMatchObject({ orderNo: first.body.data.orderNo, duplicate: true });
    const placed = await api.call<{ total: number; records: { orderNo: string; poNo: string }[] }>("GET", "/order/orderByState?pageSize=100", { token: a });
    expect(placed.body.data.records.filter((o) => o.poNo === "API-1")).toHaveLength(1);

    // nothing selected any more: the shop's message, refused
    const empty = await api.call("POST", "/order", { token: a, body: { ...order, token: `api-${Date.now()}-zyxwvutsrq` } });
    expect([empty.status, empty.body.code]).toEqual([422, 42200]);
    const noPermission = await apiToken(api, "XCD000003");
    expect((await api.call("POST", "/order", { token: noPermission, body: order })).body.code).toBe(40300);
    expect((await api.call("POST", "/order", { token: a, body: { ...order, paymentMethod: "cash" } })).body.code).toBe(40000);
  });
});

describe("importing an order from Excel", () => {
  const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const workbook = async (rows: (string | number)[][]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("order");
    sheet.addRow(["订货号", "数量"]);
    for (const row of rows) sheet.addRow(row);
    return new Blob([await book.xlsx.writeBuffer()]);
  };

  it("the shop's batch import: a job that is done and that only its dealer reads; another type or an empty file 40000, a broken one 42200; no permission 40300", async () => {
    const file = await workbook([["CNMG120408-DM YBC252", 20]]);
    const started = await api.call<{ jobId: number; statusUrl: string }>("POST", "/order/excelInsert", { token: a, rawBody: file, contentType: XLSX });
    expect(started.body.code, started.body.message).toBe(20000);
    expect(started.body.data.statusUrl).toBe(`/order/import/status?id=${started.body.data.jobId}`);
    // the shop's page of the job says it is done, to its dealer only
    const mine = await shop.signIn("XCD000001");
    const statusPage = async (cookie: string) => fetch(`${shop.base}${started.body.data.statusUrl}`, { headers: { Cookie: cookie }, redirect: "manual" });
    let page = "";
    for (let i = 0; i < 50 && !page.includes('data-testid="import-done"'); i++) {
      page = await (await statusPage(mine)).text();
      if (!page.includes('data-testid="import-done"')) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(page).toContain('data-testid="import-done"');
    expect((await statusPage(await shop.signIn("DPC000001"))).status).toBe(404);

    const asJson = await api.call("POST", "/order/excelInsert", { token: a, body: { file: "x" } });
    expect(asJson.body.code).toBe(40000);
    const empty = await api.call("POST", "/order/excelInsert", { token: a, rawBody: new Blob([]), contentType: XLSX });
    expect(empty.body.code).toBe(40000);
    const broken = await api.call("POST", "/order/excelInsert", { token: a, rawBody: new Blob(["not a workbook"]), contentType: XLSX });
    expect(broken.body.code).toBe(42200);
    const noPermission = await apiToken(api, "XCD000003");
    expect((await api.call("POST", "/order/excelInsert", { token: noPermission, rawBody: file, contentType: XLSX })).body.code).toBe(40300);
    expect((await api.call("POST", "/order/excelInsert", { rawBody: file, contentType: XLSX })).body.code).toBe(50014);
  });
});

describe("bad requests never get a page", () => {
  it("an unknown call 40400, a wrong method 40500 (also before Remix), a body from another site is not refused as a form would be", async () => {
    expect((await api.call("GET", "/no/such/call")).body.code).toBe(40400);
    expect((await api.call("DELETE", "/order/getCustCredit", { token: a })).body.code).toBe(40500);
    const patch = await api.call("PATCH", "/notice", { token: a });
    expect([patch.status, patch.body.code]).toEqual([405, 40500]);
    // no cookie authenticates here, so the cross-site check does not apply (docs/security.md): the token does
    const foreign = await api.call<number>("GET", "/shopCart/shopCartCount", { token: a, headers: { Origin: "https://evil.example" } });
    expect(foreign.body.code).toBe(20000);
    const foreignPost = await api.call("POST", "/userModuleField", {
      token: a,
      body: { module: "order_list", fields: [] },
      headers: { Origin: shop.base, "Sec-Fetch-Site": "cross-site" },
    });
    expect(foreignPost.body.code).toBe(20000);
  });

  it("covers every operation of the document with a good and a bad request", () => {
    const mine = api.coverage().filter((c) => c.tag === "dealer" || c.tag === "none");
    expect(mine.length).toBeGreaterThan(20);
    const missing = mine.filter((c) => !c.good || !c.bad);
    expect(missing).toEqual([]);
  });
});
