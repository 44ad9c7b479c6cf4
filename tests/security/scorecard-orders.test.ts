import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unitPrice } from "~/modules/pricing/pricing";
import { startShop, type Shop } from "./harness";

/**
 * Issue 13's scorecard for orders, kept as regression tests: what an attacker sees when many
 * buyers race for a flash sale, when one order form is posted again and again, and when the
 * price fields of the forms are tampered with. Everything goes over HTTP to the built server;
 * the database is read only to count what was really stored.
 */
let shop: Shop;
beforeAll(async () => {
  // its own server: it resets a flash sale's stock and a product's order quantities, shop-wide
  shop = await startShop();
});
afterAll(() => shop?.stop());

// ---------------------------------------------------------------------------------------------
// helpers

const ANCHOR = "CNMG120408-DM YBC252"; // a plain catalogue product with stock (no promotion)

const orderCount = () => shop.one<{ n: number }>("select count(*) as n from sales_order").n;

/** Empties the user's cart (each scenario starts from an empty cart). */
const emptyCart = (code: string) => shop.run("delete from cart_item where user_id = (select id from app_user where code = ?)", code);

async function addToCart(cookie: string, fields: Record<string, string>) {
  const answer = await shop.post("/shopCart?index", cookie, { intent: "add", ...fields });
  expect(answer.status).toBe(302);
  expect(await shop.toast(answer, cookie), "added to the cart").toMatchObject({ kind: "success", text: expect.stringContaining("已加入购物车") });
}

/** The order number a successful submission redirects to (null: refused or sent back to the cart). */
const orderNoOf = (answer: Response) => /[?&]orderNo=([^&]+)/.exec(answer.headers.get("location") ?? "")?.[1] ?? null;

// ---------------------------------------------------------------------------------------------

describe("flash sale: 200 buyers at once on 10 pieces", () => {
  const BUYERS = 200;
  let item: { id: number; product_id: number; tenant_id: number };

  beforeAll(async () => {
    // A running flash sale of tenant 1000 (demo data), cut down to 10 single pieces left, with
    // plenty of ordinary stock so that only the flash-sale limit can stop a buyer.
    const now = new Date().toISOString();
    item = shop.one(
      `select i.id, i.product_id, p.tenant_id from promotion_item i join promotion p on p.id = i.promotion_id
       join tenant t on t.id = p.tenant_id
       where p.kind = 'flash' and t.code = '1000' and p.starts_at <= ? and p.ends_at > ? order by i.id limit 1`,
      now,
      now,
    );
    expect(item, "a running flash sale in the demo data").toBeDefined();
    shop.run("update promotion_item set flash_stock = 10, flash_sold = 0 where id = ?", item.id);
    shop.run("update product set moq = 1, mpq = 1 where id = ?", item.product_id);
    shop.run("update stock set available = 1000 where product_id = ? and tenant_id = ?", item.product_id, item.tenant_id);

    // 200 buyers: ten accounts in each of the 20 further demo dealers, with the demo password.
    const db = shop.sql();
    try {
      const template = db.prepare("select password_hash from app_user where code = 'XCD000001'").get() as { password_hash: string };
      const customers = db.prepare("select id from customer where code like 'C3%' order by code").all() as { id: number }[];
      const role = db.prepare("select id from role where code = 'customer_master'").get() as { id: number };
      const stamp = new Date().toISOString();
      const addUser = db.prepare(
        `insert into app_user (code, customer_id, master_user_id, parties_id, name, email, mobile, language, password_hash,
           price_adjustment_bp, can_order, can_see_price, can_see_stock, erp_account, status, created_at, updated_at)
         values (?, ?, null, null, ?, ?, '13800138000', null, ?, 0, 1, 1, 1, null, 'active', ?, ?) returning id`,
      );
      db.transaction(() => {
        for (let i = 0; i < BUYERS; i++) {
          const code = `XCDF${String(i).padStart(5, "0")}`;
          const { id } = addUser.get(
            code,
            customers[i % customers.length].id,
            `Buyer ${i}`,
            `buyer${i}@flash.example`,
            template.password_hash,
            stamp,
            stamp,
          ) as {
            id: number;
          };
          db.prepare("insert into user_tenant (user_id, tenant_id, is_default) values (?, ?, 1)").run(id, item.tenant_id);
          db.prepare("insert into user_role (user_id, role_id) values (?, ?)").run(id, role.id);
        }
      })();
    } finally {
      db.close();
    }
  });

  it("sells exactly 10 pieces, never more, and stock never goes below zero", async () => {
    const codes = Array.from({ length: BUYERS }, (_, i) => `XCDF${String(i).padStart(5, "0")}`);
    // Each buyer signs in, puts one flash-sale piece into the cart and opens the order form
    // (sign-ins in groups: argon2 is slow on purpose) ...
    const forms: { cookie: string; form: Record<string, string> }[] = [];
    for (let i = 0; i < codes.length; i += 20) {
      forms.push(
        ...(await Promise.all(
          codes.slice(i, i + 20).map(async (code) => {
            const cookie = await shop.signIn(code);
            await addToCart(cookie, { productId: String(item.product_id), qty: "1", promotionItemId: String(item.id) });
            return { cookie, form: await shop.fillOrderForm(cookie) };
          }),
        )),
      );
    }
    const before = orderCount();
    // ... then all 200 submit at the same moment.
    const answers = await Promise.all(forms.map(({ cookie, form }) => shop.post("/order/fillOrder", cookie, form)));

    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s >= 500),
      "no server errors",
    ).toEqual([]);
    expect(answers.filter((a) => orderNoOf(a)).length, "successful buyers").toBe(10);

    const sold = shop.one<{ pieces: number; orders: number }>(
      "select coalesce(sum(l.qty), 0) as pieces, count(distinct l.order_id) as orders from order_line l where l.promotion_item_id = ?",
      item.id,
    );
    expect(sold).toEqual({ pieces: 10, orders: 10 });
    expect(orderCount()).toBe(before + 10);
    expect(shop.one<{ flash_sold: number }>("select flash_sold from promotion_item where id = ?", item.id).flash_sold).toBe(10);
    expect(shop.one<{ n: number }>("select min(available) as n from stock").n).toBeGreaterThanOrEqual(0);
    expect(shop.one<{ n: number }>("select count(*) as n from promotion_item where flash_sold > flash_stock").n).toBe(0);
  });
});

describe("one order token posted ten times at once", () => {
  it("makes exactly one order, and no answer points to another", async () => {
    const cookie = await shop.signIn("XCD000001");
    emptyCart("XCD000001");
    const product = shop.one<{ id: number; qty: number }>("select id, max(moq, mpq) as qty from product where ordering_code = ?", ANCHOR);
    await addToCart(cookie, { productId: String(product.id), qty: String(product.qty) });
    const form = await shop.fillOrderForm(cookie);
    const before = orderCount();

    const answers = await Promise.all(Array.from({ length: 10 }, () => shop.post("/order/fillOrder", cookie, form)));

    expect(orderCount()).toBe(before + 1);
    expect(shop.one<{ n: number }>("select count(*) as n from sales_order where submit_token = ?", form.token).n).toBe(1);
    const orderNo = shop.one<{ order_no: string }>("select order_no from sales_order where submit_token = ?", form.token).order_no;
    // Every answer goes to that one order (also a post that read the cart just after the first
    // emptied it): never to a second order, never "nothing selected", never an error.
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(302));
    expect(answers.map((a) => orderNoOf(a))).toEqual(Array(10).fill(orderNo));
  });
});

describe("tampered price fields are ignored", () => {
  /** What a dealer's browser never sends, but an attacker's can: prices, totals, other owners. */
  const TAMPERED_CART = {
    price: "0.01",
    unitPrice: "1",
    unit_price: "1",
    amount: "1",
    discount: "999999",
    discountBp: "10000",
    discount_bp: "10000",
    priceAdjustmentBp: "-5000",
    customerPrice: "1",
    promoPrice: "1",
  };
  const tamperedOrder = (lineId: number) => ({
    price: "0.01",
    [`price_${lineId}`]: "1",
    [`unitPrice_${lineId}`]: "1",
    [`amount_${lineId}`]: "1",
    [`qty_${lineId}`]: "1",
    unitPrice: "1",
    amount: "1",
    discount: "999999",
    goods_amount: "1",
    goodsAmount: "1",
    discount_amount: "999999",
    shipping_fee: "0",
    shippingFee: "0",
    payable_amount: "1",
    payable: "1",
    total: "1",
    currency: "USD",
    status: "confirmed",
    customer_id: "2",
    customerId: "2",
    user_id: "1",
    tenant_id: "2",
  });

  interface StoredOrder {
    id: number;
    customer_id: number;
    tenant_id: number;
    status: string;
    currency: string;
    goods_amount: number;
    discount_amount: number;
    shipping_fee: number;
    payable_amount: number;
  }
  interface StoredLine {
    product_id: number;
    qty: number;
    unit_price: number;
    discount_amount: number;
    amount: number;
  }

  /** One order of the anchor product by XCD000001, with the given extra fields in both posts. */
  async function orderAnchor(extraCart: Record<string, string>, extraOrder: (lineId: number) => Record<string, string>) {
    const cookie = await shop.signIn("XCD000001");
    emptyCart("XCD000001");
    const product = shop.one<{ id: number; qty: number }>("select id, max(moq, mpq) as qty from product where ordering_code = ?", ANCHOR);
    await addToCart(cookie, { productId: String(product.id), qty: String(product.qty), ...extraCart });
    const line = shop.one<{ id: number }>("select id from cart_item where user_id = (select id from app_user where code = 'XCD000001')");
    const form = await shop.fillOrderForm(cookie);
    const answer = await shop.post("/order/fillOrder", cookie, { ...extraOrder(line.id), ...form });
    expect(answer.status).toBe(302);
    expect(orderNoOf(answer), "the order was placed").not.toBeNull();
    const order = shop.one<StoredOrder>("select * from sales_order where submit_token = ?", form.token);
    const lines = shop.query<StoredLine>("select product_id, qty, unit_price, discount_amount, amount from order_line where order_id = ?", order.id);
    return { order, lines, product };
  }

  /** The catalogue price of the anchor for dealer A (customer price, else list price less the customer's discount). */
  function catalogueUnitPrice(productId: number): number {
    const row = shop.one<{ list_price: number; discount_bp: number; customer_price: number | null }>(
      `select p.list_price, c.discount_bp,
         (select cp.price from customer_price cp where cp.customer_id = u.customer_id and cp.tenant_id = ut.tenant_id and cp.product_id = p.id) as customer_price
       from app_user u join customer c on c.id = u.customer_id join user_tenant ut on ut.user_id = u.id and ut.is_default = 1
       join product p on p.id = ?
       where u.code = 'XCD000001'`,
      productId,
    );
    return unitPrice({ listPrice: row.list_price, customerPrice: row.customer_price, customerDiscountBp: row.discount_bp, priceAdjustmentBp: 0 })!;
  }

  it("an order placed with forged prices, totals and owners stores the catalogue's prices", async () => {
    const honest = await orderAnchor({}, () => ({}));
    const forged = await orderAnchor(TAMPERED_CART, tamperedOrder);

    const unit = catalogueUnitPrice(honest.product.id);
    expect(unit).toBeGreaterThan(100);
    expect(forged.lines).toEqual([
      { product_id: honest.product.id, qty: honest.product.qty, unit_price: unit, discount_amount: 0, amount: unit * honest.product.qty },
    ]);
    expect(forged.lines).toEqual(honest.lines);

    const totals = (o: StoredOrder) => ({
      customer_id: o.customer_id,
      tenant_id: o.tenant_id,
      currency: o.currency,
      status: o.status,
      goods_amount: o.goods_amount,
      discount_amount: o.discount_amount,
      shipping_fee: o.shipping_fee,
      payable_amount: o.payable_amount,
    });
    expect(totals(forged.order)).toEqual(totals(honest.order));
    expect(forged.order.goods_amount).toBe(unit * honest.product.qty);
    expect(forged.order.payable_amount).toBe(forged.order.goods_amount - forged.order.discount_amount + forged.order.shipping_fee);
    expect(forged.order.customer_id).toBe(shop.one<{ customer_id: number }>("select customer_id from app_user where code = 'XCD000001'").customer_id);
  });

  it("a flash-sale promotion item of another product does not lower the price", async () => {
    const now = new Date().toISOString();
    const flash = shop.one<{ id: number }>(
      `select i.id from promotion_item i join promotion p on p.id = i.promotion_id join tenant t on t.id = p.tenant_id
       where p.kind = 'flash' and t.code = '1000' and p.starts_at <= ? and p.ends_at > ? order by i.id desc limit 1`,
      now,
      now,
    );
    const cookie = await shop.signIn("XCD000001");
    emptyCart("XCD000001");
    const product = shop.one<{ id: number; qty: number }>("select id, max(moq, mpq) as qty from product where ordering_code = ?", ANCHOR);
    const answer = await shop.post("/shopCart?index", cookie, {
      intent: "add",
      productId: String(product.id),
      qty: String(product.qty),
      promotionItemId: String(flash.id),
    });
    expect(answer.status).toBe(302);
    // refused outright, or at most the line without the foreign promotion
    const lines = shop.query<{ promotion_item_id: number | null }>(
      "select promotion_item_id from cart_item where user_id = (select id from app_user where code = 'XCD000001')",
    );
    expect(lines.filter((l) => l.promotion_item_id === flash.id)).toEqual([]);
  });
});
