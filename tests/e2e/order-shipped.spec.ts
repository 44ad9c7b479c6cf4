import type { Page, TestInfo } from "@playwright/test";
import { cloneUser, uniqueCode } from "./auth-helpers";
import { expect, jsOn, openE2eDb, test } from "./fixtures";

/**
 * An order that shipped cannot be cancelled (issue 26 item 2, decision 030), with JavaScript on and
 * off: dealer A orders (a fresh copy of XCD000001 per project, so the two projects and the other
 * journeys never share a cart or an order), the desk (EMP000002) confirms and ships it in full,
 * XCD000001 sees it shipped with no cancel button, and a cancel posted straight to the page is
 * refused with the shop's message while the order stays as it was.
 */

/** One statement on the e2e database. */
function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = openE2eDb();
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** A priced product of entity 1000 with stock, ordered piece by piece, in no promotion: its own per project. */
const productFor = (testInfo: TestInfo) =>
  query<{ code: string }>(
    `select p.ordering_code code from product p join stock s on s.product_id = p.id join tenant t on t.id = s.tenant_id and t.code = '1000'
     where p.status = 'active' and p.list_price is not null and p.moq = 1 and p.mpq = 1 and s.available >= 50
       and p.id not in (select product_id from promotion_item) and p.id not in (select gift_product_id from promotion where gift_product_id is not null)
     order by p.id limit 2`,
  )[jsOn(testInfo) ? 0 : 1].code;

/** The order row and its lines as stored, to show that a refused post changed nothing. */
function stored(orderNo: string) {
  const [order] = query<{ id: number }>("select id, status, cancel_reason, updated_at from sales_order where order_no = ?", orderNo);
  return { order, lines: query("select qty, shipped_qty from order_line where order_id = ? order by id", order.id) };
}

async function signInAs(page: Page, loginAs: (code: string) => Promise<void>, code: string) {
  await page.context().clearCookies();
  await loginAs(code);
}

test("the desk ships an order in full; the dealer sees it shipped and cannot cancel it", async ({ page, loginAs, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const buyer = uniqueCode(testInfo);
  cloneUser("XCD000001", buyer);
  const code = productFor(testInfo);

  // the dealer orders 3 pieces (dates met: submitted to the desk)
  await signInAs(page, loginAs, buyer);
  await page.goto("/shopCart/shopCard");
  await page.locator("#quick-text").fill(`${code} 3`);
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.locator(`[data-testid=cart-line][data-code='${code}']`)).toBeVisible();
  await page.getByRole("button", { name: "去结算" }).click();
  // the checkout answers with fill order, or first asks about promotions left unchosen
  await page.waitForURL(/\/order\/fillOrder|confirm=promotions/);
  if (page.url().includes("confirm=promotions")) await page.getByRole("button", { name: "放弃促销，继续结算" }).click();
  await page.getByLabel("预付款（银行转账）").check();
  await page.locator("input[name=expectedDeliveryDate]").fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/orderNo=SO\d{8}W\d+/);
  const orderNo = new URL(page.url()).searchParams.get("orderNo")!;

  // the desk confirms and ships everything open
  await signInAs(page, loginAs, "EMP000002");
  await page.goto(`/system/orders/${orderNo}`);
  await page.getByRole("button", { name: "确认订单" }).click();
  await expect(page.getByTestId("desk-status")).toHaveText("已确认");
  await page.locator("input[name=carrier]").fill("顺丰速运");
  await page.locator("input[name=trackingNo]").fill(`SF-SHIPPED-${testInfo.project.name}`);
  await page.locator("input[name=packingSlipNo]").fill("PS-SHIPPED");
  await page.locator("input[name=batchNo]").fill("B-SHIPPED");
  await page.getByTestId("ship-form").locator("input[type=number]").fill("3");
  await page.getByRole("button", { name: "登记发货" }).click();
  await expect(page.getByTestId("flash")).toContainText(`订单 ${orderNo} 的发货已登记`);
  await expect(page.getByTestId("desk-status")).toHaveText("已发货");
  // nothing open: neither a shipment form nor a cancel form
  await expect(page.getByTestId("ship-form")).toHaveCount(0);
  await expect(page.getByTestId("desk-cancel")).toHaveCount(0);

  // XCD000001 (dealer A's master) sees the order shipped, with no cancel button
  await signInAs(page, loginAs, "XCD000001");
  await page.goto(`/order/order?tab=all&orderNo=${orderNo}`);
  const row = page.locator(`[data-testid=order-row][data-order-no='${orderNo}']`);
  await expect(row).toHaveAttribute("data-status", "shipped");
  await expect(row.locator(".status")).toHaveText("已发货");
  await page.goto(`/order/orderDetails?orderNo=${orderNo}`);
  await expect(page.locator("h1 .status")).toHaveText("已发货");
  await expect(page.getByTestId("order-lines").locator("tbody tr").first().locator("td").last()).toHaveText("3");
  await expect(page.locator("summary", { hasText: "取消订单" })).toHaveCount(0);
  await expect(page.locator("button[name=intent][value=cancel]")).toHaveCount(0);

  // a cancel posted straight to the page, as its form would (same origin, the dealer's session)
  const before = stored(orderNo);
  const res = await page.request.post(`/order/orderDetails?orderNo=${orderNo}`, {
    form: { intent: "cancel", reason: "不要了" },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(409);
  expect(await res.text()).toContain("订单已有发货，不能再取消");
  expect(stored(orderNo)).toEqual(before);
  await page.reload();
  await expect(page.locator("h1 .status")).toHaveText("已发货");
});
