import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * An order that shipped cannot be cancelled (issue 26 item 2, decision 030), over HTTP against the
 * built server and its demo data. Before the fix a dealer cancelled an order whose 10 of 10 pieces
 * had shipped (已取消 with 10 shipped) and the desk kept offering cancel. Now: the dealer's cancel
 * and disagree posts are refused (409, zh/en message, nothing changes) once anything shipped, the
 * pages offer no cancel button; the desk cancels only what is open, with a reason.
 */
let shop: Shop;
let dealer: string;
let desk: string;
beforeAll(async () => {
  // its own server: it checks a product's stock to the piece, which other files' orders would move
  shop = await startShop();
  dealer = await shop.signIn("XCD000001");
  desk = await shop.signIn("EMP000002");
});
afterAll(() => shop?.stop());

/** Dealer A's orders of entity 1000 in `status`, oldest first. */
const ordersIn = (status: string) =>
  shop
    .query<{ order_no: string }>(
      "select o.order_no from sales_order o join tenant t on t.id = o.tenant_id join customer c on c.id = o.customer_id where t.code = '1000' and c.code = 'C10001' and o.status = ? order by o.id",
      status,
    )
    .map((r) => r.order_no);

/** Everything a refused post must leave alone: the order row, its lines, their stock, shipments and notices. */
const state = (orderNo: string) => ({
  order: shop.one("select status, cancel_reason, updated_at from sales_order where order_no = ?", orderNo),
  lines: shop.query(
    "select l.qty, l.shipped_qty, s.available, s.reserved from order_line l join sales_order o on o.id = l.order_id left join stock s on s.product_id = l.product_id and s.tenant_id = o.tenant_id where o.order_no = ? order by l.id",
    orderNo,
  ),
  shipments: shop.one("select count(*) n from shipment s join sales_order o on o.id = s.order_id where o.order_no = ?", orderNo),
  notices: shop.one("select count(*) n from notice where order_no = ?", orderNo),
});
const statusOf = (orderNo: string) => shop.one<{ status: string }>("select status from sales_order where order_no = ?", orderNo).status;
const details = (orderNo: string) => `/order/orderDetails?orderNo=${encodeURIComponent(orderNo)}`;
const deskPage = (orderNo: string) => `/system/orders/${encodeURIComponent(orderNo)}`;

/** The page a form's redirect leads to, with the toast cookie it set: what the person sees next. */
async function toastAfter(answer: Response, cookie: string): Promise<string> {
  expect(answer.status).toBe(302);
  const toast = (answer.headers.get("set-cookie") ?? "").split(";")[0];
  const html = await (await shop.get(answer.headers.get("location")!, `${cookie}; ${toast}`)).text();
  return html.match(/data-testid="flash"[^>]*>([^<]*)</)?.[1] ?? "";
}

describe("the dealer, once anything shipped", () => {
  it.each([
    ["partly_shipped", "部分发货"],
    ["shipped", "已发货"],
  ])("%s: the page says %s with no cancel button; cancel and disagree posts are refused and change nothing", async (status, text) => {
    const [no] = ordersIn(status);
    expect(no, `a demo order in ${status}`).toBeTruthy();
    const page = await (await shop.get(details(no), dealer)).text();
    expect(page).toContain(`status-${status}`);
    expect(page).toContain(text);
    expect(page).not.toMatch(/name="intent"[^>]*value="cancel"/);
    expect(page).not.toMatch(/name="intent"[^>]*value="disagree"/);

    const before = state(no);
    const cancel = await shop.post(details(no), dealer, { intent: "cancel", reason: "不要了" });
    expect(cancel.status).toBe(409);
    expect(await cancel.text()).toContain("订单已有发货，不能再取消");
    const disagree = await shop.post(details(no), dealer, { intent: "disagree" });
    expect(disagree.status).toBe(409);
    // the same refusal in English (the account has no saved language: the browser's counts)
    const english = await shop.post(details(no), dealer, { intent: "cancel", reason: "no" }, { Origin: shop.base, "Accept-Language": "en" });
    expect(english.status).toBe(409);
    expect(await english.text()).toContain("Part of this order has shipped: it can no longer be cancelled");
    expect(state(no)).toEqual(before);
  });

  it("the issue's case: the desk ships 10 of 10 over HTTP, then the dealer's cancel is refused and the desk offers none", async () => {
    const no = ordersIn("confirmed").find(
      (n) =>
        shop.one<{ n: number }>("select count(*) n from order_line l join sales_order o on o.id = l.order_id where o.order_no = ? and l.shipped_qty > 0", n)
          .n === 0,
    )!;
    const html = await (await shop.get(deskPage(no), desk)).text();
    expect(html).toContain('data-testid="desk-cancel"'); // nothing shipped yet: the desk may cancel
    const token = /name="token" value="([^"]+)"/.exec(html)![1];
    const open = shop.query<{ id: number; open: number }>(
      "select l.id, l.qty - l.shipped_qty open from order_line l join sales_order o on o.id = l.order_id where o.order_no = ?",
      no,
    );
    const fields: Record<string, string> = {
      intent: "ship",
      token,
      shipDate: "2026-11-26",
      carrier: "顺丰速运",
      trackingNo: "SF-ISSUE26",
      packingSlipNo: "PS26",
      batchNo: "B26",
    };
    for (const l of open) fields[`qty.${l.id}`] = String(l.open);
    expect((await shop.post(deskPage(no), desk, fields)).status).toBe(302);
    expect(statusOf(no)).toBe("shipped");

    const before = state(no);
    const cancel = await shop.post(details(no), dealer, { intent: "cancel", reason: "不要了" });
    expect(cancel.status).toBe(409);
    expect(state(no)).toEqual(before);
    const deskHtml = await (await shop.get(deskPage(no), desk)).text();
    expect(deskHtml).not.toContain('data-testid="desk-cancel"');
    expect(deskHtml).not.toContain('data-testid="ship-form"');
    // a cancel posted to the desk anyway: nothing left to cancel
    const deskCancel = await shop.post(deskPage(no), desk, { intent: "cancel", reason: "客户要求" });
    expect(deskCancel.status).toBe(409);
    expect(await deskCancel.text()).toContain("已全部发货，没有可取消的数量");
    expect(state(no)).toEqual(before);
  });
});

/** A fresh order of XCD000001: `qty` pieces of a priced, stocked product of entity 1000, confirmed by the desk. */
async function confirmedOrder(qty: number): Promise<{ orderNo: string; productId: number }> {
  shop.run("delete from cart_item where user_id = (select id from app_user where code = 'XCD000001')");
  const { id: productId } = shop.one<{ id: number }>(
    `select p.id from product p join stock s on s.product_id = p.id join tenant t on t.id = s.tenant_id and t.code = '1000'
     where p.status = 'active' and p.list_price is not null and p.moq = 1 and p.mpq = 1 and s.available >= 50
       and p.id not in (select product_id from promotion_item) order by p.id desc limit 1`,
  );
  const added = await shop.post("/shopCart?index", dealer, { intent: "add", productId: String(productId), qty: String(qty) });
  expect(await shop.toast(added, dealer), "added to the cart").toMatchObject({ kind: "success", text: expect.stringContaining("已加入购物车") });
  const submitted = await shop.post("/order/fillOrder", dealer, await shop.fillOrderForm(dealer));
  const orderNo = new URL(submitted.headers.get("location")!, shop.base).searchParams.get("orderNo")!;
  expect(orderNo).toMatch(/^SO\d{8}W\d+$/);
  expect((await shop.post(deskPage(orderNo), desk, { intent: "confirm" })).status).toBe(302);
  expect(statusOf(orderNo)).toBe("confirmed");
  return { orderNo, productId };
}

const stockOf = (productId: number) =>
  shop.one<{ available: number; reserved: number }>(
    "select s.available, s.reserved from stock s join tenant t on t.id = s.tenant_id and t.code = '1000' where s.product_id = ?",
    productId,
  );

describe("the desk, on a partly shipped order", () => {
  it("offers to cancel what has not shipped; a reason is required; the open rest goes back to stock and the order is closed short", async () => {
    const { orderNo: no, productId } = await confirmedOrder(5);
    const html = await (await shop.get(deskPage(no), desk)).text();
    const token = /name="token" value="([^"]+)"/.exec(html)![1];
    const line = shop.one<{ id: number }>("select l.id from order_line l join sales_order o on o.id = l.order_id where o.order_no = ?", no);
    const ship = {
      intent: "ship",
      token,
      shipDate: "2026-11-26",
      carrier: "EMS",
      trackingNo: "E26",
      packingSlipNo: "PS26",
      batchNo: "B26",
      [`qty.${line.id}`]: "2",
    };
    expect((await shop.post(deskPage(no), desk, ship)).status).toBe(302);
    expect(statusOf(no)).toBe("partly_shipped");
    // the dealer: no cancel any more
    expect((await shop.post(details(no), dealer, { intent: "cancel", reason: "不要了" })).status).toBe(409);

    expect(await (await shop.get(deskPage(no), desk)).text()).toContain("取消未发货部分");
    const before = state(no);
    const stockBefore = stockOf(productId);
    const noReason = await shop.post(deskPage(no), desk, { intent: "cancel", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(state(no)).toEqual(before);

    const done = await shop.post(deskPage(no), desk, { intent: "cancel", reason: "缺货，剩余取消" });
    expect(done.status).toBe(302);
    expect(await toastAfter(done, desk)).toContain(`订单 ${no} 未发货的部分已取消，订单已完结`);
    expect(state(no).order).toMatchObject({ status: "shipped", cancel_reason: "缺货，剩余取消" });
    expect(state(no).lines).toMatchObject([{ qty: 5, shipped_qty: 2 }]); // what shipped stays shipped
    expect(stockOf(productId)).toEqual({ available: stockBefore.available + 3, reserved: stockBefore.reserved - 3 });
    const page = await (await shop.get(details(no), dealer)).text();
    expect(page).toContain("已发货");
    expect(page).toContain("缺货，剩余取消");
    expect(page).not.toMatch(/name="intent"[^>]*value="cancel"/);
    // a second cancel is "already done"; the desk's page has nothing left to offer
    expect(await toastAfter(await shop.post(deskPage(no), desk, { intent: "cancel", reason: "缺货，剩余取消" }), desk)).toContain("（已处理过，未重复执行）");
    expect(await (await shop.get(deskPage(no), desk)).text()).not.toContain('data-testid="desk-cancel"');
  });
});
