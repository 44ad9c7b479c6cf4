import type { Page, TestInfo } from "@playwright/test";
import { cloneUserIn, uniqueCode } from "./auth-helpers";
import { axeClean, expect, JS_OFF, jsOn, openE2eDb, test } from "./fixtures";

/**
 * After-sales feedback (issue 18 item 3, decision 049) with JavaScript on and off: a dealer files
 * feedback on an order line from the order's details page with a photo, customer support
 * (EMP000003) answers in the back office, and the dealer's "customer feedback" notice opens the
 * details showing the answer. js-on uses dealer A (XCD000001), js-off dealer B (DPC000001).
 */
const dealerOf = (testInfo: TestInfo) => (jsOn(testInfo) ? "XCD000001" : "DPC000001");

function orderOf(code: string): string {
  const db = openE2eDb();
  try {
    return (
      db
        .prepare(
          `select o.order_no from sales_order o join app_user u on u.customer_id = o.customer_id
           where u.code = ? and o.tenant_id = (select id from tenant where code = '1000') and o.status in ('confirmed', 'purchase_application_created', 'submitted')
             and exists (select 1 from order_line l where l.order_id = o.id)
           order by o.id desc limit 1`,
        )
        .get(code) as { order_no: string }
    ).order_no;
  } finally {
    db.close();
  }
}

const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function as(page: Page, loginAs: (code: string) => Promise<void>, code: string) {
  await page.context().clearCookies();
  await loginAs(code);
}

test("a dealer files feedback on an order, customer support answers, the notice opens the answer", async ({ page, loginAs }, testInfo) => {
  test.setTimeout(120_000);
  const dealer = dealerOf(testInfo);
  const orderNo = orderOf(dealer);
  const text = `刀片崩刃 ${testInfo.project.name} ${Date.now()}`;
  const answer = `建议降低切深，已安排补发 ${testInfo.project.name}`;

  // the dealer, from the order's details
  await as(page, loginAs, dealer);
  await page.goto(`/order/orderDetails?orderNo=${orderNo}`);
  await page.getByTestId("order-after-sales").click();
  await expect(page).toHaveURL(new RegExp(`/afterSalesService/askAfterSales\\?orderNo=${orderNo}`));
  await expect(page.getByRole("heading", { level: 1, name: "客户反馈" })).toBeVisible();
  await expect(page.getByTestId("feedback-form")).toContainText(orderNo);
  await axeClean(page, testInfo);
  await page.getByLabel("订单行").selectOption({ index: 1 });
  await page.getByLabel("质量问题").check();
  await page.getByLabel("问题描述").fill(text);
  await page.getByLabel("照片").setInputFiles({ name: "崩刃.png", mimeType: "image/png", buffer: png });
  await page.getByTestId("feedback-submit").click();
  await expect(page).toHaveURL(/\/afterSalesService\/askAfterSalesDetails\?id=\d+$/);
  const id = new URL(page.url()).searchParams.get("id")!;
  await expect(page.getByTestId("flash")).toHaveText("反馈已提交，客户服务会尽快答复。");
  await expect(page.getByTestId("feedback-status")).toHaveText("待处理");
  await expect(page.getByTestId("feedback-description-text")).toHaveText(text);
  await expect(page.getByRole("img", { name: "照片 1：崩刃.png" })).toBeVisible();
  await expect(page.getByTestId("feedback-no-messages")).toBeVisible();
  // in the dealer's list, with its status
  await page.getByRole("link", { name: "返回我的反馈" }).click();
  await expect(
    page
      .getByTestId("feedback-table")
      .getByRole("row")
      .filter({ hasText: `#${id}` }),
  ).toContainText("待处理");
  await axeClean(page, testInfo);

  // customer support finds it among the open ones of this dealer and answers
  await as(page, loginAs, "EMP000003");
  await page.goto("/system/feedback");
  await page.getByTestId("filter-status").selectOption("open");
  await page.getByTestId("filter-dealer").fill(dealer);
  await page.getByRole("button", { name: "查询" }).click();
  const row = page.locator(`[data-testid=feedback-admin-row][data-id='${id}']`);
  await expect(row).toContainText(orderNo);
  await expect(row).toContainText("待处理");
  await axeClean(page, testInfo);
  await row.getByRole("link", { name: `#${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/system/feedback/${id}$`));
  await expect(page.getByTestId("feedback-description-text")).toHaveText(text);
  await page.getByLabel("答复内容").fill(answer);
  await page.getByTestId("feedback-reply").click();
  await expect(page.getByTestId("flash")).toHaveText("答复已发送，客户会收到通知。");
  await expect(page.getByTestId("feedback-status")).toHaveText("已答复");
  await expect(page.getByTestId("feedback-message")).toContainText(answer);
  await axeClean(page, testInfo);

  // the dealer's notice leads to the details with the answer
  await as(page, loginAs, dealer);
  await page.goto("/order/myMessage");
  const notice = page
    .getByTestId("messages-table")
    .getByRole("row")
    .filter({ hasText: `您的客户反馈 #${id}（订单 ${orderNo}）已回复` });
  await expect(notice).toBeVisible();
  await notice.getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`/afterSalesService/askAfterSalesDetails\\?id=${id}$`));
  await expect(page.getByTestId("feedback-status")).toHaveText("已答复");
  const reply = page.getByTestId("feedback-message");
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText("客户服务");
  await expect(reply).toContainText(answer);

  // and writes back: the feedback is with customer support again
  await page.getByTestId("feedback-message-body").fill("已降低切深，效果良好。");
  await page.getByTestId("feedback-send").click();
  await expect(page.getByTestId("flash")).toHaveText("留言已发送。");
  await expect(page.getByTestId("feedback-status")).toHaveText("待处理");
  await expect(page.getByTestId("feedback-message")).toHaveCount(2);
  await axeClean(page, testInfo);
});

test("another customer's feedback is not found, and the pages are Chinese only", { tag: JS_OFF }, async ({ page, loginAs }, testInfo) => {
  const dealer = dealerOf(testInfo);
  const db = openE2eDb();
  let theirs: number;
  try {
    theirs = (
      db.prepare("select f.id from feedback f join app_user u on u.code = ? where f.customer_id <> u.customer_id order by f.id limit 1").get(dealer) as {
        id: number;
      }
    ).id;
  } finally {
    db.close();
  }
  await as(page, loginAs, dealer);
  const answer = await page.goto(`/afterSalesService/askAfterSalesDetails?id=${theirs}`);
  expect(answer?.status()).toBe(404);

  // an account that reads English: the service is Chinese only (spec §2)
  const english = cloneUserIn(dealer, uniqueCode(testInfo, "XCD"), "en");
  await as(page, loginAs, english);
  for (const path of ["/afterSalesService/askAfterSales", "/afterSalesService/askAfterSalesTable"]) {
    await page.goto(path);
    await expect(page.getByTestId("chinese-only")).toBeVisible();
    await expect(page.getByTestId("feedback-table")).toHaveCount(0);
    await expect(page.getByTestId("feedback-form")).toHaveCount(0);
  }
});
