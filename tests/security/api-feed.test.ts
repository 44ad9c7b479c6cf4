import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiShop, ApiClient, type ApiShop } from "./api-harness";
import type { Shop } from "./harness";

/**
 * The dealer's stock and price feed (issue 30 item 3, decision 073) over HTTP against the built
 * server, on SQLite and on PostgreSQL (TEST_DATABASE_URL): API keys made in the personal centre
 * (master accounts only, shown once, stored hashed, one per form, revoked), the feed as JSON and
 * CSV, paged, with ETag/304 and changedSince, the hourly export file, the per-key rate limit, and
 * another dealer's key sees its own prices only. Each JSON answer is checked against the OpenAPI document.
 */
const LIMIT = 30;
let own: ApiShop;
let shop: Shop;
let api: ApiClient;
let master: string; // XCD000001's shop session (dealer A's master)
let other: string; // DPC000001's shop session (dealer B's master)
let keyA: string;
let keyB: string;
beforeAll(async () => {
  own = await apiShop({ FEED_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  shop = own.shop;
  api = await ApiClient.open(shop);
  master = await shop.signIn("XCD000001");
  other = await shop.signIn("DPC000001");
});
afterAll(() => own?.stop());

const formToken = async (cookie: string) => {
  const page = await shop.get("/profile/apiKeys", cookie);
  expect(page.status).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(token).toBeTruthy();
  return token!;
};

/** Makes a key on the personal centre's page: the key the answer shows. */
async function createKey(cookie: string, name: string): Promise<string> {
  const answer = await shop.post("/profile/apiKeys", cookie, { intent: "create", name, token: await formToken(cookie) });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toContain("no-store");
  const key = /value="(fk_[A-Za-z0-9_-]{43})"/.exec(await answer.text())?.[1];
  expect(key).toBeTruthy();
  return key!;
}

const count = async (where: string) => Number((await own.query<{ n: number | string }>(`select count(*) as n from feed_key where ${where}`))[0].n);

interface Item {
  orderingCode: string;
  price: number | null;
  stock: "green" | "yellow" | "red";
  quantity?: number;
  moq: number;
  updatedAt: string;
}
interface Page {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
}

const feed = (path: string, key: string, headers: Record<string, string> = {}) =>
  api.call<Page>("GET", `/feed/products${path}`, { headers: { "X-Api-Key": key, ...headers } });
const raw = (path: string, headers: Record<string, string>) => fetch(`${shop.base}/prod-api${path}`, { headers });

describe("the key page", () => {
  it("a master account makes a key: shown once, only its sha256 and its first characters are stored", async () => {
    keyA = await createKey(master, "web shop");
    expect(keyA).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
    const rows = await own.query<{ key_hash: string; prefix: string; name: string }>("select key_hash, prefix, name from feed_key");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({ key_hash: crypto.createHash("sha256").update(keyA).digest("hex"), prefix: keyA.slice(0, 11), name: "web shop" });
    const all = JSON.stringify(await own.query("select * from feed_key"));
    expect(all).not.toContain(keyA);
    // the page shows it no more: only its first characters
    const page = await (await shop.get("/profile/apiKeys", master)).text();
    expect(page).not.toContain(keyA);
    expect(page).toContain(keyA.slice(0, 11));
    // the personal centre links to the page
    expect(await (await shop.get("/profile/index", master)).text()).toContain('href="/profile/apiKeys"');
    keyB = await createKey(other, "erp");
  });

  it("a sub-account may not see the page nor make a key (403)", async () => {
    const sub = await shop.signIn("XCD000002");
    expect((await shop.get("/profile/apiKeys", sub)).status).toBe(403);
    const before = await count("1 = 1");
    const answer = await shop.post("/profile/apiKeys", sub, { intent: "create", name: "mine", token: crypto.randomBytes(18).toString("base64url") });
    expect(answer.status).toBe(403);
    expect(await count("1 = 1")).toBe(before);
    expect(await (await shop.get("/profile/index", sub)).text()).not.toContain('href="/profile/apiKeys"');
  });

  it("the same form posted twice makes one key; a cross-site post is refused; a script in the name is text", async () => {
    const token = await formToken(master);
    const fields = { intent: "create", name: "<script>alert(1)</script>", token };
    const [a, b] = await Promise.all([shop.post("/profile/apiKeys", master, fields), shop.post("/profile/apiKeys", master, fields)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(await count(`form_token = '${token}'`)).toBe(1);
    const page = await (await shop.get("/profile/apiKeys", master)).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

    const before = await count("1 = 1");
    const evil = await shop.post(
      "/profile/apiKeys",
      master,
      { intent: "create", name: "evil", token: await formToken(master) },
      { Origin: "https://evil.example" },
    );
    expect(evil.status).toBe(403);
    expect(await count("1 = 1")).toBe(before);
  });

  it("another dealer's key cannot be revoked (404)", async () => {
    const [{ id }] = await own.query<{ id: number }>(`select id from feed_key where name = 'erp'`);
    expect((await shop.post("/profile/apiKeys", master, { intent: "revoke", id: String(id) })).status).toBe(404);
    expect(await count(`id = ${id} and revoked_at is null`)).toBe(1);
  });
});

describe("the feed", () => {
  it("JSON: the key's dealer's prices and stock lights, paged; X-Api-Key or Bearer; at most 1000 a page", async () => {
    const first = await feed("?pageSize=5", keyA);
    expect(first.body.code).toBe(20000);
    expect(first.body.data.items).toHaveLength(5);
    expect(first.body.data.total).toBeGreaterThan(10);
    expect(first.body.data.items[0]).not.toHaveProperty("quantity");
    const second = await feed("?pageSize=5&page=2", keyA);
    expect(second.body.data.page).toBe(2);
    const codes = new Set(first.body.data.items.map((i) => i.orderingCode));
    for (const i of second.body.data.items) expect(codes.has(i.orderingCode)).toBe(false);

    const bearer = await api.call<Page>("GET", "/feed/products?pageSize=5&withQuantity=1", { headers: { Authorization: `Bearer ${keyA}` } });
    expect(bearer.body.code).toBe(20000);
    for (const i of bearer.body.data.items) {
      expect(i.quantity).toBeGreaterThanOrEqual(0);
      expect(i.stock).toBe(i.quantity! >= Math.max(1, i.moq) ? "green" : i.quantity! > 0 ? "yellow" : "red");
    }
    const tooMany = await feed("?pageSize=1001", keyA);
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 40000]);
  });

  it("CSV with ?format=csv or Accept: text/csv: a header row, then the same rows as JSON", async () => {
    const json = await feed("?pageSize=3", keyA);
    const ways: Record<string, string>[] = [{ "X-Api-Key": keyA }, { "X-Api-Key": keyA, Accept: "text/csv" }];
    for (const headers of ways) {
      const path = "Accept" in headers ? "/feed/products?pageSize=3" : "/feed/products?pageSize=3&format=csv";
      const answer = await raw(path, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
      const lines = (await answer.text()).split("\r\n");
      expect(lines[0]).toBe("orderingCode,nameZh,nameEn,unit,price,currency,stock,leadTimeDays,moq,mpq,status,updatedAt");
      expect(lines).toHaveLength(5); // header, 3 rows, and the last line's end
      expect(lines[1].split(",")[0]).toBe(json.body.data.items[0].orderingCode);
    }
  });

  it("ETag: a matching If-None-Match answers 304; JSON and CSV have their own", async () => {
    const first = await raw("/feed/products?pageSize=4", { "X-Api-Key": keyA });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await raw("/feed/products?pageSize=4", { "X-Api-Key": keyA, "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    const csv = await raw("/feed/products?pageSize=4&format=csv", { "X-Api-Key": keyA, "If-None-Match": etag });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("etag")).not.toBe(etag);
  });

  it("changedSince: nothing since now; a price changed for dealer A, and stock taken by an order, show up", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    expect((await feed(`?changedSince=${encodeURIComponent(since)}`, keyA)).body.data.total).toBe(0);
    expect((await feed("?changedSince=yesterday", keyA)).body.code).toBe(40000);
    // dealer A's own price of one product changes, as the back office's price form writes it
    const [p] = await own.query<{ id: number; ordering_code: string }>(
      "select p.id, p.ordering_code from product p join stock s on s.product_id = p.id where p.list_price is not null order by p.id limit 1 offset 7",
    );
    const [{ customer_id, tenant_id }] = await own.query<{ customer_id: number; tenant_id: number }>(
      "select u.customer_id, ut.tenant_id from app_user u join user_tenant ut on ut.user_id = u.id where u.code = 'XCD000001' order by ut.is_default desc limit 1",
    );
    await own.query(`delete from customer_price where customer_id = ${customer_id} and tenant_id = ${tenant_id} and product_id = ${p.id}`);
    await own.query(
      `insert into customer_price (customer_id, tenant_id, product_id, price, updated_at) values (${customer_id}, ${tenant_id}, ${p.id}, 12345, '${new Date().toISOString()}')`,
    );
    const changed = await feed(`?changedSince=${encodeURIComponent(since)}`, keyA);
    expect(changed.body.data.items.map((i) => [i.orderingCode, i.price])).toEqual([[p.ordering_code, 123.45]]);
    // dealer B's feed: not changed, and not A's price
    expect((await feed(`?changedSince=${encodeURIComponent(since)}`, keyB)).body.data.total).toBe(0);
    const full = await (await raw("/feed/products/full", { "X-Api-Key": keyB })).text();
    const line = full.split("\r\n").find((l) => l.startsWith(`${p.ordering_code},`))!;
    expect(line).toBeTruthy();
    expect(line).not.toContain(",123.45,");

    // an order placed in the shop takes stock: the product is in the changes
    const quick = await shop.post("/shopCart?index", master, { intent: "quick", text: "CNMG120408-DM YBC252 10" });
    expect(quick.status).toBeLessThan(400);
    const placed = await shop.post("/order/fillOrder", master, await shop.fillOrderForm(master));
    expect(placed.status).toBe(302);
    const after = await feed(`?changedSince=${encodeURIComponent(since)}`, keyA);
    expect(after.body.data.items.map((i) => i.orderingCode)).toContain("CNMG120408-DM YBC252");
  });

  it("the full export: the whole feed as CSV with the quantity, with its ETag and 304", async () => {
    const total = (await feed("?pageSize=1", keyA)).body.data.total;
    const answer = await raw("/feed/products/full", { "X-Api-Key": keyA });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await answer.text()).replace(/^\ufeff/, "").split("\r\n");
    expect(lines[0]).toBe("orderingCode,nameZh,nameEn,unit,price,currency,stock,quantity,leadTimeDays,moq,mpq,status,updatedAt");
    expect(lines.length - 2).toBe(total);
    const etag = answer.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await raw("/feed/products/full", { "X-Api-Key": keyA, "If-None-Match": etag })).status).toBe(304);
    const rows = await own.query<{ file_key: string; built_at: string }>(`select file_key, built_at from feed_export`);
    expect(rows.length).toBe(2);
  });
});

describe("refusals", () => {
  it("no key or an unknown one: 50014; one that cannot be a key: 50012; a revoked key: 50014", async () => {
    expect((await api.call("GET", "/feed/products")).body.code).toBe(50014);
    const unknown = await feed("", `fk_${crypto.randomBytes(32).toString("base64url")}`);
    expect([unknown.status, unknown.body.code]).toEqual([401, 50014]);
    expect((await feed("", "not a key")).body.code).toBe(50012);
    expect((await api.call("GET", "/feed/products/full", { headers: { "X-Api-Key": "fk_short" } })).body.code).toBe(50012);
    // a session token is not a key
    expect((await api.call("GET", "/feed/products", { headers: { "X-Token": "x".repeat(40) } })).body.code).toBe(50014);

    const key = await createKey(master, "to revoke");
    expect((await feed("?pageSize=1", key)).body.code).toBe(20000);
    const [{ id }] = await own.query<{ id: number }>(`select id from feed_key where name = 'to revoke'`);
    const revoke = await shop.post("/profile/apiKeys", master, { intent: "revoke", id: String(id) });
    expect(revoke.status).toBe(302);
    expect((await shop.toast(revoke, master))?.kind).toBe("success");
    const refused = await feed("?pageSize=1", key);
    expect([refused.status, refused.body.code]).toEqual([401, 50014]);
  });

  it(`a key makes at most ${LIMIT} requests a minute (42900, Retry-After), counted in the database`, async () => {
    const key = await createKey(master, "busy");
    // at a minute's turn the count starts again: begin early in a minute
    const second = new Date().getSeconds();
    if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await feed("?pageSize=1", key)).body.code);
    expect(codes.slice(0, LIMIT).every((c) => c === 20000)).toBe(true);
    const last = await feed("?pageSize=1", key);
    expect([last.status, last.body.code]).toEqual([429, 42900]);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    const [{ id }] = await own.query<{ id: number }>(`select id from feed_key where name = 'busy'`);
    const [{ hits }] = await own.query<{ hits: number }>(`select max(hits) as hits from request_count where bucket = 'feed:${id}'`);
    expect(Number(hits)).toBeGreaterThan(LIMIT);
    // another key is not limited by it
    expect((await feed("?pageSize=1", keyB)).body.code).toBe(20000);
  });

  it("covers the feed's operations of the document with a good and a bad request", () => {
    const mine = api.coverage().filter((c) => c.tag === "feed");
    expect(mine.map((c) => c.operation).sort()).toEqual(["GET /feed/products", "GET /feed/products/full"]);
    expect(mine.find((c) => c.operation === "GET /feed/products")).toMatchObject({ good: true, bad: true });
    // the export's good answer is the file (text/csv), fetched above
    expect(mine.find((c) => c.operation === "GET /feed/products/full")).toMatchObject({ bad: true });
  });
});
