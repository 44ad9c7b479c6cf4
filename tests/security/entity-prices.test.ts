import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * The actions of decision 054 over HTTP: an entity's list price (the product page's stock row),
 * a grade's cutting data, moving a catalogue node, the acceptance-bill terms of a dealer. Each
 * needs its edit code (a dealer 404, other staff 403), refuses cross-site posts, has one effect
 * for a double post, answers bad input with 400 and the message (scripts as text), and an id
 * that is not there is a 404.
 */
let shop: Shop;
let dealer: string;
let orderDesk: string; // customers and prices, not the catalogue
let editor: string; // the catalogue
let admin: string;
const ids = { product: 0, holder: 0, tenant: 0, customer: 0 };
const probe = "<script>alert(1)</script>";

beforeAll(async () => {
  // its own server: an entity's list prices are what every dealer of the entity sees
  shop = await startShop();
  [dealer, orderDesk, editor, admin] = await Promise.all(["XCD000001", "EMP000002", "EMP000004", "EMP000001"].map((c) => shop.signIn(c)));
  ids.product = shop.one<{ id: number }>("select id from product where ordering_code = 'CNMG120408-DM YBC252'").id;
  ids.holder = shop.one<{ id: number }>("select id from product where ordering_code = 'PCLNR2525M12'").id;
  ids.tenant = shop.one<{ id: number }>("select id from tenant where code = '2000'").id;
  ids.customer = shop.one<{ id: number }>("select id from customer where code = 'C10001'").id;
});
afterAll(() => shop?.stop());

const product = (id = ids.product) => `/system/product/${id}`;
const entityPrice = (price: string) => ({ intent: "stock", tenantId: String(ids.tenant), available: "10", leadTimeDays: "9", entityListPrice: price });
const stockRow = () =>
  shop.query<{ list_price: number | null }>("select list_price from stock where tenant_id = ? and product_id = ?", ids.tenant, ids.product);
const cutting = { intent: "cutting", group: "S", vcMin: "40", vcMax: "70", fMin: "0.1", fMax: "0.25", apMin: "0.5", apMax: "2" };
const cuttingRows = () =>
  shop.one<{ n: number }>("select count(*) n from cutting_data where grade = 'YBC252' and operation = 'turning' and material_group = 'S'").n;

describe("an entity's list price", () => {
  it("needs cat:product:edit; cross-site refused; a double post one row; bad input 400", async () => {
    const before = stockRow();
    expect((await shop.post(product(), dealer, entityPrice("55.00"))).status).toBe(404);
    expect((await shop.post(product(), orderDesk, entityPrice("55.00"))).status).toBe(403);
    expect((await shop.post(product(), admin, entityPrice("55.00"), { Origin: "https://evil.example" })).status).toBe(403);
    expect(stockRow()).toEqual(before);
    const twice = await Promise.all([shop.post(product(), editor, entityPrice("55.00")), shop.post(product(), editor, entityPrice("55.00"))]);
    expect(twice.map((a) => a.status)).toEqual([302, 302]);
    expect(stockRow()).toEqual([{ list_price: 5500 }]);
    const bad = await shop.post(product(), editor, entityPrice(probe));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).not.toContain(probe);
    expect(html).toMatch(/1234\.50/);
    expect(stockRow()).toEqual([{ list_price: 5500 }]);
    expect((await shop.post(product(999_999), editor, entityPrice("1.00"))).status).toBe(404);
    expect((await shop.post(product(), editor, { ...entityPrice("1.00"), tenantId: "999999" })).status).toBe(404);
    // empty: the product master's price again
    expect((await shop.post(product(), editor, entityPrice(""))).status).toBe(302);
    expect(stockRow()).toEqual([{ list_price: null }]);
    expect(shop.one<{ n: number }>("select count(*) n from audit_log where entity = 'stock' and user_code = 'EMP000004'").n).toBe(3);
  });
});

describe("cutting data", () => {
  it("needs cat:product:edit; cross-site refused; a double post one row; ranges and scripts refused with a message", async () => {
    expect((await shop.post(product(), dealer, cutting)).status).toBe(404);
    expect((await shop.post(product(), orderDesk, cutting)).status).toBe(403);
    expect((await shop.post(product(), admin, cutting, { Origin: "https://evil.example" })).status).toBe(403);
    expect(cuttingRows()).toBe(0);
    const twice = await Promise.all([shop.post(product(), editor, cutting), shop.post(product(), editor, cutting)]);
    expect(twice.map((a) => a.status)).toEqual([302, 302]);
    expect(cuttingRows()).toBe(1);
    const reversed = await shop.post(product(), editor, { ...cutting, vcMin: "90" });
    expect(reversed.status).toBe(400);
    expect(await reversed.text()).toMatch(/下限不能大于上限|lower value cannot be above/);
    const script = await shop.post(product(), editor, { ...cutting, fMax: probe });
    expect(script.status).toBe(400);
    expect(await script.text()).not.toContain(probe);
    const holder = await shop.post(product(ids.holder), editor, cutting);
    expect(holder.status).toBe(400);
    expect((await shop.post(product(999_999), editor, cutting)).status).toBe(404);
    expect(
      shop.one<{ vc_min: number }>("select vc_min from cutting_data where grade = 'YBC252' and operation = 'turning' and material_group = 'S'").vc_min,
    ).toBe(40);
    expect((await shop.post(product(), editor, { intent: "cuttingDelete", group: "S" })).status).toBe(302);
    expect(cuttingRows()).toBe(0);
  });
});

describe("moving a catalogue node", () => {
  it("needs cat:node:edit; cross-site refused; into its own subtree 400; a double post moves once", async () => {
    const node = shop.one<{ code: string; parent_code: string }>("select code, parent_code from catalogue_node where level = 3 order by code limit 1");
    const leaf = shop.one<{ code: string }>("select code from catalogue_node where parent_code = ? order by code limit 1", node.code).code;
    const target = shop.one<{ code: string }>(
      "select code from catalogue_node where level = 2 and code <> ? order by code desc limit 1",
      node.parent_code,
    ).code;
    const url = `/system/catalogueNode/${encodeURIComponent(node.code)}`;
    const parentOf = () => shop.one<{ p: string }>("select parent_code p from catalogue_node where code = ?", node.code).p;
    expect((await shop.post(url, dealer, { intent: "move", parent: target })).status).toBe(404);
    expect((await shop.post(url, orderDesk, { intent: "move", parent: target })).status).toBe(403);
    expect((await shop.post(url, admin, { intent: "move", parent: target }, { Origin: "https://evil.example" })).status).toBe(403);
    const cycle = await shop.post(url, editor, { intent: "move", parent: leaf });
    expect(cycle.status).toBe(400);
    expect(await cycle.text()).toMatch(/不能移动到该节点自身或其下级节点之下|cannot move under itself/);
    const script = await shop.post(url, editor, { intent: "move", parent: probe });
    expect(script.status).toBe(400);
    expect(await script.text()).not.toContain(probe);
    expect(parentOf()).toBe(node.parent_code);
    expect((await shop.post("/system/catalogueNode/NOPE-NODE", editor, { intent: "move", parent: target })).status).toBe(404);
    const audits = () => shop.one<{ n: number }>("select count(*) n from audit_log where entity = 'catalogue_node' and entity_id = ?", node.code).n;
    const before = audits();
    const twice = await Promise.all([shop.post(url, editor, { intent: "move", parent: target }), shop.post(url, editor, { intent: "move", parent: target })]);
    expect(twice.map((a) => a.status)).toEqual([302, 302]);
    expect(parentOf()).toBe(target);
    expect(audits()).toBe(before + 1);
    // and back, so the other tests see the seeded tree
    expect((await shop.post(url, editor, { intent: "move", parent: node.parent_code })).status).toBe(302);
  });
});

describe("payment terms per method", () => {
  it("the bill terms are checked and saved; a script is refused as text", async () => {
    const fields = {
      intent: "terms",
      nameZh: "湖南精工刀具贸易有限公司",
      nameEn: "Hunan Precision Tools Trading Co.",
      creditLimit: "500000.00",
      paymentTermsDays: "30",
      billTermsDays: "75",
      discount: "5.00",
    };
    const url = `/system/customer/${ids.customer}`;
    expect((await shop.post(url, editor, fields)).status).toBe(403);
    expect((await shop.post(url, orderDesk, { ...fields, billTermsDays: "366" })).status).toBe(400);
    const script = await shop.post(url, orderDesk, { ...fields, billTermsDays: probe });
    expect(script.status).toBe(400);
    expect(await script.text()).not.toContain(probe);
    expect((await shop.post(url, orderDesk, fields)).status).toBe(302);
    expect(shop.one<{ a: number; b: number }>("select payment_terms_days a, bill_terms_days b from customer where id = ?", ids.customer)).toEqual({
      a: 30,
      b: 75,
    });
  });
});
