import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * Issue 13's scorecard: dealer B (another customer) tries every route that takes an object id
 * with dealer A's ids, over HTTP against the built server. Pages answer 404 (or B's own data),
 * posts answer 404 (or go back without doing anything), A's objects stay as they were, and no
 * answer carries A's data. A's objects are marked with "A-SECRET" so a leak is easy to spot.
 */
let shop: Shop;
beforeAll(async () => {
  // its own server: it writes a secret into the demo dealers' addresses, orders and notices
  shop = await startShop();
});
afterAll(() => shop?.stop());

// ---------------------------------------------------------------------------------------------
// helpers

const A = "XCD000001"; // customer C10001
const B = "DPC000001"; // customer C20001, same tenants
const SECRET = "A-SECRET";
const ANCHOR = "CNMG120408-DM YBC252";

const userId = (code: string) => shop.one<{ id: number }>("select id from app_user where code = ?", code).id;

/** Dealer A's objects that B aims at. */
interface Targets {
  submitted: string; // order numbers by status
  toBeSubmitted: string;
  toBeConfirmed: string;
  placedToken: string; // the one-time token of an order A placed
  addressId: number;
  subAccountId: number;
  noticeId: number;
  importJobId: number;
  cartLineId: number;
  favouriteProductId: number;
}
let a: Targets;
let bCookie: string;

/** A's rows a request could change, read before and after. */
const snapshot = {
  order: (orderNo: string) => () => shop.one("select status, cancel_reason, updated_at from sales_order where order_no = ?", orderNo) ?? "gone",
  address: () => shop.query("select * from address where customer_id = (select customer_id from app_user where code = ?) order by id", A),
  subAccount: () => shop.one("select * from app_user where id = ?", a.subAccountId),
  notice: () => shop.one("select is_read from notice where id = ?", a.noticeId),
  cartLine: () => shop.one("select * from cart_item where id = ?", a.cartLineId) ?? "gone",
  favourite: () => shop.query("select * from favourite where user_id = ?", userId(A)),
  bCart: () => shop.query("select product_id, qty from cart_item where user_id = ? order by product_id", userId(B)),
  ordersWithAsAddress: () => shop.one("select count(*) as n from sales_order where address_text like ?", `%${SECRET}%`),
};

beforeAll(async () => {
  const aCookie = await shop.signIn(A);
  bCookie = await shop.signIn(B);
  const aUser = userId(A);
  const orderOfA = (status: string) =>
    shop.one<{ order_no: string }>(
      `select o.order_no from sales_order o join tenant t on t.id = o.tenant_id
       where o.customer_id = (select customer_id from app_user where code = ?) and t.code = '1000' and o.status = ? order by o.id limit 1`,
      A,
      status,
    ).order_no;
  const anchor = shop.one<{ id: number; qty: number }>("select id, max(moq, mpq) as qty from product where ordering_code = ?", ANCHOR);

  // A places an order through the shop (so it has a one-time token), ...
  shop.run("delete from cart_item where user_id = ?", aUser);
  expect((await shop.post("/shopCart?index", aCookie, { intent: "add", productId: String(anchor.id), qty: String(anchor.qty) })).status).toBe(302);
  const form = await shop.fillOrderForm(aCookie);
  const placed = await shop.post("/order/fillOrder", aCookie, form);
  expect(placed.headers.get("location")).toContain("orderNo=");

  // ... keeps a line in the cart (not selected) and a favourite, ...
  const other = shop.one<{ id: number; qty: number }>(
    `select p.id, max(p.moq, p.mpq) as qty from product p join stock s on s.product_id = p.id
     where p.status = 'active' and p.list_price is not null and s.available > 100 and p.ordering_code != ? order by p.id limit 1`,
    ANCHOR,
  );
  expect((await shop.post("/shopCart?index", aCookie, { intent: "add", productId: String(other.id), qty: String(other.qty) })).status).toBe(302);
  expect((await shop.post("/shopCart?index", aCookie, { intent: "select" })).status).toBe(302);
  expect((await shop.post("/order/myCollect", aCookie, { intent: "add", productId: String(other.id) })).status).toBe(302);
  const cartLineId = shop.one<{ id: number }>("select id from cart_item where user_id = ?", aUser).id;

  // ... and has an import job; A's objects carry the marker.
  const job = shop.one<{ id: number }>(
    `insert into import_job (user_id, tenant_id, customer_id, status, file_name, total, done, ok_count, bad_count, report, created_at, updated_at)
     select u.id, ut.tenant_id, u.customer_id, 'done', ?, 1, 1, 1, 0, '[]', ?, ? from app_user u
     join user_tenant ut on ut.user_id = u.id and ut.is_default = 1 where u.code = ? returning id`,
    `${SECRET}-import.xlsx`,
    new Date().toISOString(),
    new Date().toISOString(),
    A,
  );
  const address = shop.one<{ id: number }>(
    "select id from address where customer_id = (select customer_id from app_user where code = ?) and is_default = 0 order by id limit 1",
    A,
  );
  shop.run("update address set line = line || ' " + SECRET + "-LINE' where customer_id = (select customer_id from app_user where code = ?)", A);
  shop.run(`update sales_order set po_no = '${SECRET}-PO' where customer_id = (select customer_id from app_user where code = ?)`, A);
  shop.run(`update app_user set name = '${SECRET}-SUB' where code = 'XCD000002'`);
  const notice = shop.one<{ id: number }>("select id from notice where user_id = ? and is_read = 0 and type = 'erp_delivery_feedback'", aUser);
  shop.run(`update notice set title_zh = '${SECRET}-NOTICE', title_en = '${SECRET}-NOTICE' where user_id = ?`, aUser);

  a = {
    submitted: orderOfA("submitted"),
    toBeSubmitted: orderOfA("to_be_submitted"),
    toBeConfirmed: orderOfA("to_be_confirmed"),
    placedToken: form.token,
    addressId: address.id,
    subAccountId: userId("XCD000002"),
    noticeId: notice.id,
    importJobId: job.id,
    cartLineId,
    favouriteProductId: other.id,
  };

  // B has a line of its own in the cart (so B can open the order form).
  shop.run("delete from cart_item where user_id = ?", userId(B));
  expect((await shop.post("/shopCart?index", bCookie, { intent: "add", productId: String(anchor.id), qty: String(anchor.qty) })).status).toBe(302);
});

/** B's own cart line, selected again (B's "select" and "checkout" posts above unselect B's lines). */
const bOrderForm = async () => {
  expect((await shop.post("/shopCart?index", bCookie, { intent: "selectAll" })).status).toBe(302);
  return shop.fillOrderForm(bCookie);
};

/** Where B's answer must not point: A's order numbers. */
const aOrderNos = () => [
  a.submitted,
  a.toBeSubmitted,
  a.toBeConfirmed,
  shop.one<{ order_no: string }>("select order_no from sales_order where submit_token = ?", a.placedToken).order_no,
];

async function expectNoLeak(answer: Response) {
  const body = await answer.text();
  expect(body).not.toContain(SECRET);
  expect(answer.headers.get("location") ?? "").not.toContain(SECRET);
  return body;
}

// ---------------------------------------------------------------------------------------------

describe("dealer B opens dealer A's objects", () => {
  it.each<[string, number, () => string]>([
    ["order details", 404, () => `/order/orderDetails?orderNo=${a.submitted}`],
    ["order details export", 404, () => `/order/export?kind=details&orderNo=${a.submitted}`],
    ["address edit form", 404, () => `/order/addressManage?edit=${a.addressId}`],
    ["sub-account edit form", 404, () => `/order/subAccount?edit=${a.subAccountId}`],
    ["import job status", 404, () => `/order/import/status?id=${a.importJobId}`],
    // pages that take an id as a filter or a highlight: B's own page, nothing of A's
    ["orders list filtered by A's order number", 200, () => `/order/order?orderNo=${a.submitted}`],
    ["delivery records filtered by A's order number", 200, () => `/order/myRecord?orderNo=${a.submitted}`],
    ["messages with A's message highlighted", 200, () => `/order/myMessage?id=${a.noticeId}`],
    ["fill order with A's address chosen", 200, () => `/order/fillOrder?addressId=${a.addressId}`],
  ])("GET %s → %i, nothing of A's", async (_name, status, path) => {
    const answer = await shop.get(path(), bCookie);
    expect(answer.status).toBe(status);
    const body = await expectNoLeak(answer);
    if (status === 200) for (const orderNo of aOrderNos()) expect(body).not.toContain(`>${orderNo}<`);
  });
});

describe("dealer B posts to dealer A's objects", () => {
  const cart = (fields: () => Record<string, string>) => ({ path: () => "/shopCart?index", fields });
  const details = (orderNo: () => string, intent: string) => ({
    path: () => `/order/orderDetails?orderNo=${orderNo()}`,
    fields: () => ({ intent, reason: "B was here" }),
  });
  const subAccountFields = { name: "B was here", mobile: "13900000099", email: "b@example.com", priceFactor: "0", canOrder: "on", canSeePrice: "on" };

  it.each<[string, number, { path: () => string; fields: () => Record<string, string> }, () => unknown]>([
    ["cancel A's order", 404, details(() => a.submitted, "cancel"), () => snapshot.order(a.submitted)()],
    ["delete A's to-be-submitted order", 404, details(() => a.toBeSubmitted, "delete"), () => snapshot.order(a.toBeSubmitted)()],
    ["agree to A's delivery date", 404, details(() => a.toBeConfirmed, "agree"), () => snapshot.order(a.toBeConfirmed)()],
    ["disagree with A's delivery date", 404, details(() => a.toBeConfirmed, "disagree"), () => snapshot.order(a.toBeConfirmed)()],
    ["re-add A's order to B's cart", 404, details(() => a.submitted, "reAdd"), snapshot.bCart],
    [
      "edit A's address",
      404,
      {
        path: () => "/order/addressManage",
        fields: () => ({
          intent: "update",
          id: String(a.addressId),
          consignee: "B",
          phone: "13900000099",
          province: "x",
          city: "x",
          district: "x",
          line: "x",
          isDefault: "on",
        }),
      },
      snapshot.address,
    ],
    ["delete A's address", 404, { path: () => "/order/addressManage", fields: () => ({ intent: "delete", id: String(a.addressId) }) }, snapshot.address],
    [
      "make A's address the default",
      404,
      { path: () => "/order/addressManage", fields: () => ({ intent: "setDefault", id: String(a.addressId) }) },
      snapshot.address,
    ],
    [
      "edit A's sub-account",
      404,
      { path: () => "/order/subAccount", fields: () => ({ intent: "update", id: String(a.subAccountId), ...subAccountFields }) },
      snapshot.subAccount,
    ],
    ["delete A's sub-account", 404, { path: () => "/order/subAccount", fields: () => ({ intent: "delete", id: String(a.subAccountId) }) }, snapshot.subAccount],
    ["open (mark read) A's message", 404, { path: () => "/order/myMessage", fields: () => ({ intent: "open", id: String(a.noticeId) }) }, snapshot.notice],
    ["change the quantity of A's cart line", 302, cart(() => ({ intent: "qty", lineId: String(a.cartLineId), qty: "1000" })), snapshot.cartLine],
    [
      "choose a promotion on A's cart line",
      302,
      cart(() => ({ intent: "promotion", lineId: String(a.cartLineId), promotionItemId: "none" })),
      snapshot.cartLine,
    ],
    ["choose the free-gift quantity of A's cart line", 302, cart(() => ({ intent: "gift", lineId: String(a.cartLineId), giftQty: "0" })), snapshot.cartLine],
    ["delete A's cart line", 302, cart(() => ({ intent: "delete", lineId: String(a.cartLineId) })), snapshot.cartLine],
    ["move A's cart line to favourites", 302, cart(() => ({ intent: "move", lineId: String(a.cartLineId) })), snapshot.cartLine],
    ["delete A's line as selected", 302, cart(() => ({ intent: "deleteSelected", lineId: String(a.cartLineId) })), snapshot.cartLine],
    ["move A's line as selected", 302, cart(() => ({ intent: "moveSelected", lineId: String(a.cartLineId) })), snapshot.cartLine],
    ["select A's cart line", 302, cart(() => ({ intent: "select", lineId: String(a.cartLineId) })), snapshot.cartLine],
    ["check out A's cart line", 302, cart(() => ({ intent: "checkout", lineId: String(a.cartLineId) })), snapshot.cartLine],
    [
      "remove A's favourite",
      302,
      { path: () => "/order/myCollect", fields: () => ({ intent: "remove", productId: String(a.favouriteProductId) }) },
      snapshot.favourite,
    ],
  ])("POST %s → %i, A's object unchanged", async (_name, status, request, state) => {
    const before = state();
    const answer = await shop.post(request.path(), bCookie, request.fields());
    expect(answer.status).toBe(status);
    await expectNoLeak(answer);
    expect(state()).toEqual(before);
  });

  it("submitting B's order to A's address is refused and no order ships to A", async () => {
    const form = await bOrderForm();
    const before = { orders: snapshot.ordersWithAsAddress(), cart: snapshot.bCart() };
    const answer = await shop.post("/order/fillOrder", bCookie, { ...form, addressId: String(a.addressId) });
    expect(answer.status).toBe(400);
    await expectNoLeak(answer);
    expect({ orders: snapshot.ordersWithAsAddress(), cart: snapshot.bCart() }).toEqual(before);
  });

  /** B posts the order form with the one-time token of an order A placed (a token seen in a shared screenshot, a log...). */
  async function postWithAsToken() {
    const form = await bOrderForm();
    return shop.post("/order/fillOrder", bCookie, { ...form, token: a.placedToken });
  }

  it("B posting A's order token gets no view of A's order", async () => {
    const answer = await postWithAsToken();
    await expectNoLeak(answer);
    for (const orderNo of aOrderNos()) expect(answer.headers.get("location") ?? "").not.toContain(orderNo);
    expect(shop.one<{ n: number }>("select count(*) as n from sales_order where submit_token = ? and user_id = ?", a.placedToken, userId(A)).n).toBe(1);
    expect(shop.one<{ n: number }>("select count(*) as n from sales_order where submit_token = ?", a.placedToken).n).toBe(1);
  });

  // submit_token is unique over all orders; a token of another user's order is a form that cannot
  // be sent (it answered 500 before: the duplicate check looked only at the poster's own orders).
  it("B posting A's order token is answered 400 'the form has expired', not a 500", async () => {
    const answer = await postWithAsToken();
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("表单已失效");
  });
});
