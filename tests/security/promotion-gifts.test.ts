import { beforeAll, describe, expect, it } from "vitest";
import { sharedShop, type Shop } from "./harness";

/**
 * The free-gift quantity a dealer chooses in the cart (issue 29 item 6, decision 074), over HTTP
 * against the built server: never above the promotion's allowance whatever the post says, only on
 * his own cart line, not from another site, a script in the field stays text, the same post twice
 * is one change, and the order carries the cart's gift whatever the order form adds. The file
 * works on two accounts of its own (copies of XCD000001 and DPC000001) on the shared server.
 */
let shop: Shop;
let g: string; // a copy of dealer A (customer C10001)
let h: string; // a copy of dealer B (another customer)
let lineId: number;
let gift: { code: string; allowance: number };

const G = "XCDG74001";
const H = "DPCG74001";

/** A copy of a demo account under another code (same customer, roles, companies; password Demo2026). */
function copyAccount(from: string, code: string) {
  const db = shop.sql();
  try {
    db.prepare("delete from cart_item where user_id in (select id from app_user where code = ?)").run(code);
    db.prepare("delete from user_role where user_id in (select id from app_user where code = ?)").run(code);
    db.prepare("delete from user_tenant where user_id in (select id from app_user where code = ?)").run(code);
    db.prepare("delete from app_user where code = ?").run(code);
    const { id, ...row } = db.prepare("select * from app_user where code = ?").get(from) as Record<string, unknown>;
    Object.assign(row, { code, email: `${code.toLowerCase()}@security.test` });
    const cols = Object.keys(row);
    const newId = Number(
      db.prepare(`insert into app_user (${cols.join(",")}) values (${cols.map(() => "?").join(",")})`).run(...cols.map((c) => row[c])).lastInsertRowid,
    );
    db.prepare("insert into user_role (user_id, role_id) select ?, role_id from user_role where user_id = ?").run(newId, id);
    db.prepare("insert into user_tenant (user_id, tenant_id, is_default) select ?, tenant_id, is_default from user_tenant where user_id = ?").run(newId, id);
  } finally {
    db.close();
  }
}

const storedGiftQty = () => shop.one<{ gift_qty: number | null }>("select gift_qty from cart_item where id = ?", lineId).gift_qty;
const postGift = (cookie: string, giftQty: string, headers?: Record<string, string>) =>
  shop.post("/shopCart?index", cookie, { intent: "gift", lineId: String(lineId), giftQty }, headers);

beforeAll(async () => {
  shop = await sharedShop();
  copyAccount("XCD000001", G);
  copyAccount("DPC000001", H);
  [g, h] = await Promise.all([shop.signIn(G), shop.signIn(H)]);
  // a product of "spend 1,000 CNY, get 10 inserts" (company 1000) in no other running promotion,
  // in a quantity worth well above 1,000 CNY, with stock for the order
  const now = new Date().toISOString();
  const product = shop.one<{ id: number; qty: number; gift_code: string; gift_qty: number }>(
    `select p.id, ((200000 / coalesce(s.list_price, p.list_price)) / max(p.mpq, 1) + 1) * max(p.mpq, 1) + max(p.moq, p.mpq) as qty,
            gp.ordering_code as gift_code, pr.gift_qty
     from promotion pr join promotion_item pi on pi.promotion_id = pr.id join product p on p.id = pi.product_id
     join stock s on s.product_id = p.id and s.tenant_id = pr.tenant_id join product gp on gp.id = pr.gift_product_id
     where pr.title_zh = '满1000元赠刀片10片' and pr.tenant_id = (select id from tenant where code = '1000') and p.status = 'active'
       and p.id <> pr.gift_product_id and s.available * coalesce(s.list_price, p.list_price) >= 600000
       and not exists (select 1 from promotion_item o join promotion op on op.id = o.promotion_id
                       where o.product_id = p.id and op.id <> pr.id and op.starts_at <= ? and op.ends_at > ?)
     order by pi.id desc limit 1`,
    now,
    now,
  );
  expect(product, "a product of the gift promotion").toBeDefined();
  gift = { code: product.gift_code, allowance: product.gift_qty };
  const added = await shop.post("/shopCart?index", g, { intent: "add", productId: String(product.id), qty: String(product.qty) });
  expect(await shop.toast(added, g)).toMatchObject({ kind: "success" });
  lineId = shop.one<{ id: number }>("select id from cart_item where user_id = (select id from app_user where code = ?)", G).id;
  const cart = await (await shop.get("/shopCart", g)).text();
  expect(cart).toContain(`data-testid="gift-line" data-code="${gift.code}"`);
});

describe("the free-gift quantity of a cart line", () => {
  it("is refused from another site", async () => {
    expect((await postGift(g, "3", { Origin: "https://evil.example" })).status).toBe(403);
    expect(storedGiftQty()).toBeNull();
  });

  it.each([
    ["above the allowance", "11", "赠品数量不能超过允许数量 10"],
    ["far above it", "1000000", "赠品数量不能超过允许数量 10"],
    ["negative", "-1", "请输入有效的数量"],
    ["not a number", "ten", "请输入有效的数量"],
    ["a fraction", "2.5", "请输入有效的数量"],
  ])("%s (%s) is refused and changes nothing", async (_name, giftQty, message) => {
    const answer = await postGift(g, giftQty);
    expect(answer.status).toBe(302);
    expect(await shop.toast(answer, g)).toEqual({ kind: "error", text: message });
    expect(storedGiftQty()).toBeNull();
  });

  it("with a script for a quantity is refused, and the script never reaches a page as markup", async () => {
    const payload = `<img src=x onerror=alert(1)>`;
    const answer = await postGift(g, payload);
    expect(answer.status).toBe(302);
    const location = answer.headers.get("location")!;
    const flash = answer.headers
      .getSetCookie()
      .find((c) => c.startsWith("shop_flash="))!
      .split(";")[0];
    const html = await (await fetch(new URL(location, shop.base), { headers: { Cookie: `${g}; ${flash}` } })).text();
    expect(html).not.toContain(payload);
    expect(storedGiftQty()).toBeNull();
  });

  it("cannot be set on another customer's cart line", async () => {
    const answer = await postGift(h, "0");
    expect(answer.status).toBe(302);
    expect(await shop.toast(answer, h)).toEqual({ kind: "error", text: "请刷新页面，该商品已不可用" });
    expect(storedGiftQty()).toBeNull();
  });

  it("posted twice is one change; the order carries it, whatever the order form adds", async () => {
    const [first, second] = await Promise.all([postGift(g, "4"), postGift(g, "4")]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(storedGiftQty()).toBe(4);
    const fill = await (await shop.get("/order/fillOrder", g)).text();
    expect(fill).toContain(`<span data-testid="gift-qty">4</span>`);
    // a forged gift in the order form: the order takes the cart's
    const form = await shop.fillOrderForm(g);
    const placed = await shop.post("/order/fillOrder", g, { ...form, giftQty: "10", [`gift.${lineId}`]: "10", intent: "submit" });
    const orderNo = /orderNo=([^&]+)/.exec(placed.headers.get("location") ?? "")?.[1];
    expect(orderNo, "the order is placed").toBeTruthy();
    const lines = shop.query<{ ordering_code: string; qty: number; amount: number }>(
      "select l.ordering_code, l.qty, l.amount from order_line l join sales_order o on o.id = l.order_id where o.order_no = ? order by l.line_no",
      orderNo,
    );
    expect(lines.filter((l) => l.ordering_code === gift.code && l.amount === 0)).toEqual([{ ordering_code: gift.code, qty: 4, amount: 0 }]);
  });
});
