import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";
import { revokeFunctionCode } from "./permission-fixtures";

/**
 * Issue 26 point 1, the shop's half: every function code the demo roles use in the shop, taken
 * away from the account's roles while it is signed in. Then the operation's post answers 403 and
 * changes nothing, and the page no longer offers the control; given back, the same post works
 * (so each refusal is the code's doing, not a broken form). The back office's codes are in
 * back-office-permissions.test.ts. And what a sub-account may do to another account's orders.
 */
let shop: Shop;
beforeAll(async () => {
  // its own server: it takes function codes from the dealers' roles, shop-wide
  shop = await startShop();
});
afterAll(() => shop?.stop());

const PRODUCT = "CNMG120408-DM YBC252"; // a plain catalogue product with price and stock in company 1000

const userId = (code: string) => shop.one<{ id: number }>("select id from app_user where code = ?", code).id;
const productId = () => shop.one<{ id: number }>("select id from product where ordering_code = ?", PRODUCT).id;
const count = (sql: string, ...params: unknown[]) => shop.one<{ n: number }>(`select count(*) as n from (${sql})`, ...params).n;

const html = async (cookie: string, pathname: string) => {
  const answer = await shop.get(pathname, cookie);
  return { status: answer.status, text: await answer.text() };
};

async function addToCart(cookie: string, qty = 10) {
  const answer = await shop.post("/shopCart?index", cookie, { intent: "add", productId: String(productId()), qty: String(qty) });
  expect(await shop.toast(answer, cookie), "added to the cart").toMatchObject({ kind: "success", text: expect.stringContaining("已加入购物车") });
}

/** A submitted order of the account (through the cart and the fill-order form, as a browser does). */
async function placeOrder(cookie: string, account: string): Promise<string> {
  shop.run("delete from cart_item where user_id = ?", userId(account));
  await addToCart(cookie);
  const answer = await shop.post("/order/fillOrder", cookie, await shop.fillOrderForm(cookie));
  const orderNo = /[?&]orderNo=([^&]+)/.exec(answer.headers.get("location") ?? "")?.[1];
  expect(orderNo, "order placed").toBeTruthy();
  return decodeURIComponent(orderNo!);
}

const orderStatus = (orderNo: string) => shop.one<{ status: string }>("select status from sales_order where order_no = ?", orderNo).status;
const details = (orderNo: string) => `/order/orderDetails?orderNo=${encodeURIComponent(orderNo)}`;

/**
 * One row per shop function code: who holds it, how to prepare a real use, the post that uses it,
 * what must stay unchanged, and the page with the control it gives (a marker in the HTML).
 */
interface Row {
  account: string;
  prepare?: (cookie: string) => Promise<Record<string, string>>;
  /** the post (or, for what only shows, the page) that uses the code */
  use: (cookie: string, ctx: Record<string, string>) => Promise<Response>;
  /** a fact the refused use must leave as it was */
  state: (ctx: Record<string, string>) => unknown;
  page: (ctx: Record<string, string>) => string;
  control: string | RegExp;
}

const fav = (intent: "add" | "remove") => (cookie: string) =>
  shop.post("/order/myCollect", cookie, { intent, productId: String(productId()), redirectTo: "/order/myCollect" });

const createSubAccount = (cookie: string, code: string) =>
  shop.post("/order/subAccount", cookie, {
    intent: "create",
    code,
    name: "新子账号",
    mobile: "13800138077",
    email: `${code.toLowerCase()}@dealer-a.example`,
    password: "Abcd1234",
    confirmPassword: "Abcd1234",
    priceFactor: "0",
    canOrder: "on",
    canSeePrice: "on",
    canSeeStock: "on",
  });

const ROWS: Record<string, Row> = {
  "price:view": {
    account: "XCD000002",
    use: (cookie) => shop.get(`/item?code=${encodeURIComponent(PRODUCT)}`, cookie),
    state: () => null,
    page: () => `/item?code=${encodeURIComponent(PRODUCT)}`,
    control: /class="price"/,
  },
  "stock:view": {
    account: "XCD000002",
    use: (cookie) => shop.get(`/item?code=${encodeURIComponent(PRODUCT)}`, cookie),
    state: () => null,
    page: () => `/item?code=${encodeURIComponent(PRODUCT)}`,
    // the stock figure (hidden, the page says so instead)
    control: /data-testid="item-stock">\d+</,
  },
  "favourite:add": {
    account: "XCD000002",
    prepare: async () => {
      shop.run("delete from favourite where user_id = ?", userId("XCD000002"));
      return {};
    },
    use: fav("add"),
    state: () => count("select 1 from favourite where user_id = ?", userId("XCD000002")),
    page: () => `/item?code=${encodeURIComponent(PRODUCT)}`,
    control: 'action="/order/myCollect"',
  },
  "cart:add": {
    account: "XCD000002",
    prepare: async () => {
      shop.run("delete from cart_item where user_id = ?", userId("XCD000002"));
      return {};
    },
    use: (cookie) => shop.post("/shopCart?index", cookie, { intent: "add", productId: String(productId()), qty: "10" }),
    state: () => count("select 1 from cart_item where user_id = ?", userId("XCD000002")),
    page: () => `/item?code=${encodeURIComponent(PRODUCT)}`,
    control: 'action="/shopCart?index"',
  },
  "cart:delete": {
    account: "XCD000002",
    prepare: async (cookie) => {
      shop.run("delete from cart_item where user_id = ?", userId("XCD000002"));
      await addToCart(cookie);
      return { lineId: String(shop.one<{ id: number }>("select id from cart_item where user_id = ?", userId("XCD000002")).id) };
    },
    use: (cookie, ctx) => shop.post("/shopCart?index", cookie, { intent: "delete", lineId: ctx.lineId }),
    state: () => count("select 1 from cart_item where user_id = ?", userId("XCD000002")),
    page: () => "/shopCart",
    control: 'value="delete"',
  },
  "order:submit": {
    account: "XCD000002",
    prepare: async (cookie) => {
      shop.run("delete from cart_item where user_id = ?", userId("XCD000002"));
      await addToCart(cookie);
      return shop.fillOrderForm(cookie);
    },
    use: (cookie, form) => shop.post("/order/fillOrder", cookie, form),
    state: () => count("select 1 from sales_order where user_id = ?", userId("XCD000002")),
    page: () => "/shopCart",
    control: 'value="checkout"',
  },
  "order:cancel": {
    account: "XCD000002",
    prepare: async (cookie) => ({ orderNo: await placeOrder(cookie, "XCD000002") }),
    use: (cookie, ctx) => shop.post(details(ctx.orderNo), cookie, { intent: "cancel", reason: "wrong size" }),
    state: (ctx) => orderStatus(ctx.orderNo),
    page: (ctx) => details(ctx.orderNo),
    control: 'value="cancel"',
  },
  "order:delete": {
    account: "XCD000002",
    prepare: async (cookie) => {
      const orderNo = await placeOrder(cookie, "XCD000002");
      shop.run("update sales_order set status = 'to_be_submitted' where order_no = ?", orderNo);
      return { orderNo };
    },
    use: (cookie, ctx) => shop.post(details(ctx.orderNo), cookie, { intent: "delete" }),
    state: (ctx) => count("select 1 from sales_order where order_no = ?", ctx.orderNo),
    page: (ctx) => details(ctx.orderNo),
    control: 'value="delete"',
  },
  "order:confirm": {
    account: "XCD000002",
    prepare: async (cookie) => {
      const orderNo = await placeOrder(cookie, "XCD000002");
      shop.run("update sales_order set status = 'to_be_confirmed' where order_no = ?", orderNo);
      return { orderNo };
    },
    use: (cookie, ctx) => shop.post(details(ctx.orderNo), cookie, { intent: "agree" }),
    state: (ctx) => orderStatus(ctx.orderNo),
    page: (ctx) => details(ctx.orderNo),
    control: 'value="agree"',
  },
  "order:import": {
    account: "XCD000002",
    use: (cookie) => shop.get("/order/import", cookie),
    state: () => count("select 1 from import_job"),
    page: () => "/order/order",
    control: 'href="/order/import"',
  },
  "order:export": {
    account: "XCD000002",
    use: (cookie) => shop.get("/order/export?kind=orders&tab=all", cookie),
    state: () => null,
    page: () => "/order/order",
    control: "/order/export",
  },
  "address:edit": {
    account: "XCD000002",
    prepare: async () => ({
      id: String(
        shop.one<{ id: number }>("select id from address where customer_id = (select customer_id from app_user where code = 'XCD000002') order by id desc").id,
      ),
    }),
    use: (cookie, ctx) => shop.post("/order/addressManage", cookie, { intent: "setDefault", id: ctx.id }),
    state: (ctx) => shop.one("select is_default from address where id = ?", Number(ctx.id)),
    page: () => "/order/addressManage",
    control: 'data-testid="new-address"',
  },
  "feed:key:edit": {
    account: "XCD000001",
    // the key page's one-time form token, read while the code is still held
    prepare: async (cookie) => ({ token: /name="token" value="([^"]+)"/.exec((await html(cookie, "/profile/apiKeys")).text)![1] }),
    use: (cookie, ctx) => shop.post("/profile/apiKeys", cookie, { intent: "create", name: "ERP feed", token: ctx.token }),
    state: () => count("select 1 from feed_key where customer_id = (select customer_id from app_user where code = 'XCD000001')"),
    page: () => "/profile/index",
    control: 'href="/profile/apiKeys"',
  },
  "subAccount:add": {
    account: "XCD000001",
    use: (cookie) => createSubAccount(cookie, "XCD000077"),
    state: () => count("select 1 from app_user where master_user_id = ?", userId("XCD000001")),
    page: () => "/order/subAccount",
    control: 'data-testid="new-sub-account"',
  },
  "subAccount:edit": {
    account: "XCD000001",
    prepare: async (cookie) => {
      expect((await createSubAccount(cookie, "XCD000078")).status).toBe(302);
      return { id: String(userId("XCD000078")) };
    },
    use: (cookie, ctx) => shop.post("/order/subAccount", cookie, { intent: "delete", id: ctx.id }),
    state: (ctx) => count("select 1 from app_user where id = ?", Number(ctx.id)),
    page: () => "/order/subAccount",
    control: 'value="delete"',
  },
};

describe("shop function codes (spec §6): taken from the role, the operation is refused and its control is gone", () => {
  it("the table covers every shop function code the demo roles are granted", () => {
    const granted = shop.query<{ func_code: string }>(
      `select distinct m.func_code from menu m join role_menu rm on rm.menu_id = m.id where m.area = 'shop' and m.type = 'func' order by m.func_code`,
    );
    expect(Object.keys(ROWS).sort()).toEqual(granted.map((g) => g.func_code).sort());
  });

  for (const [code, row] of Object.entries(ROWS)) {
    it(`${code} (${row.account})`, async () => {
      const cookie = await shop.signIn(row.account);
      const ctx = (await row.prepare?.(cookie)) ?? {};
      const marker = (text: string) => (typeof row.control === "string" ? text.includes(row.control) : row.control.test(text));
      const before = await html(cookie, row.page(ctx));
      expect(marker(before.text), `the page offers ${code} while it is granted`).toBe(true);

      const giveBack = revokeFunctionCode(shop, "shop", code, row.account);
      try {
        const stateBefore = row.state(ctx);
        const answer = await row.use(cookie, ctx);
        const viewOnly = code === "price:view" || code === "stock:view";
        if (viewOnly) expect(answer.status).toBe(200);
        else expect(answer.status, `${code} refused`).toBe(403);
        expect(row.state(ctx), "nothing changed").toEqual(stateBefore);
        const after = await html(cookie, row.page(ctx));
        expect(after.status).toBe(200);
        expect(marker(after.text), `the control of ${code} is gone`).toBe(false);
      } finally {
        giveBack();
      }
      // given back, the same use is no longer refused
      const again = await row.use(cookie, ctx);
      expect(again.status).not.toBe(403);
    });
  }
});

describe("a sub-account and the orders of other accounts (decision 056)", () => {
  it("XCD000003 (no ordering permission) and XCD000002 cannot cancel or agree to the master's order; the master can cancel theirs", async () => {
    const master = await shop.signIn("XCD000001");
    const orderNo = await placeOrder(master, "XCD000001");
    for (const account of ["XCD000003", "XCD000002"]) {
      const cookie = await shop.signIn(account);
      const page = await html(cookie, details(orderNo));
      expect(page.status, `${account} sees the customer's order`).toBe(200);
      expect(page.text).not.toContain('value="cancel"');
      const answer = await shop.post(details(orderNo), cookie, { intent: "cancel", reason: "not mine" });
      expect(answer.status).toBe(403);
      expect((await answer.text()).includes("只有主账号或下单的账号本人可以操作这个订单"), "the page says why").toBe(true);
      expect(orderStatus(orderNo)).toBe("submitted");
    }
    const sub = await shop.signIn("XCD000002");
    const subOrder = await placeOrder(sub, "XCD000002");
    expect((await html(master, details(subOrder))).text).toContain('value="cancel"');
    const answer = await shop.post(details(subOrder), master, { intent: "cancel", reason: "ordered twice" });
    expect(answer.status).toBe(302);
    expect(orderStatus(subOrder)).toBe("cancelled");
  });
});

describe("an intent that is no operation", () => {
  it("a cart post whose intent names an object property (toString, constructor) is a bad form: 302 back with a message, nothing changed, no 500", async () => {
    const cookie = await shop.signIn("XCD000002");
    const lines = () => count("select 1 from cart_item where user_id = ?", userId("XCD000002"));
    const before = lines();
    for (const intent of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const answer = await shop.post("/shopCart?index", cookie, { intent, productId: String(productId()), qty: "10" });
      expect(answer.status, intent).toBe(302);
    }
    expect(lines()).toBe(before);
  });
});
