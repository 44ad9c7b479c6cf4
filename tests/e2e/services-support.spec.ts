import { cloneUser, staffPage, uniqueCode } from "./auth-helpers";
import { expect, jsOn, seriousViolations, test } from "./fixtures";

/**
 * Customer services (issue 18, decision 050), with JavaScript on and off: a dealer answers the
 * satisfaction survey (a second answer is refused) and customer support sees it in the results;
 * a dealer requests samples, customer support (EMP000003) approves and ships them, and the dealer
 * sees the tracking number. The two projects share one database: each uses its own dealer and
 * its own request.
 */
test("a dealer answers the survey once; customer support sees the answer in the results", async ({ page, browser, loginAs }, info) => {
  const code = uniqueCode(info);
  cloneUser("XCD000001", code);
  await loginAs(code);
  await page.goto("/afterSalesService/satisfication");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("满意度调查");
  // a second tab with the same form: answered after the first
  const second = await page.context().newPage();
  await second.goto("/afterSalesService/satisfication");

  const form = page.getByTestId("survey-form");
  const questions = form.locator("fieldset");
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await questions.nth(i).getByLabel("5 分").check();
  const remark = `${info.project.name} 希望增加不锈钢槽型 ${code}`;
  await form.getByRole("textbox").fill(remark);
  if (jsOn(info)) expect(await seriousViolations(page)).toEqual([]); // axe needs JavaScript in the page
  await form.getByRole("button", { name: "提交问卷" }).click();
  await expect(page.getByTestId("flash")).toContainText("问卷已提交");
  await expect(page.getByTestId("survey-answered")).toBeVisible();

  const form2 = second.getByTestId("survey-form");
  const q2 = form2.locator("fieldset");
  for (let i = 0; i < count; i++) await q2.nth(i).getByLabel("1 分").check();
  await form2.getByRole("button", { name: "提交问卷" }).click();
  await expect(second.getByTestId("survey-error")).toContainText("每个账号每期只能提交一次");
  await second.close();

  const staff = await staffPage(browser, info, "EMP000003");
  await staff.goto("/system/survey");
  await staff.getByTestId("survey-table").getByRole("link").first().click();
  await expect(staff.getByRole("heading", { level: 1 })).toContainText("调查结果");
  await expect(staff.locator("figure.chart .chart-bar").first()).toBeVisible();
  await expect(staff.getByTestId("survey-result-row").first()).toBeVisible();
  await expect(staff.locator(".survey-texts")).toContainText(remark);
  if (jsOn(info)) expect(await seriousViolations(staff)).toEqual([]); // axe needs JavaScript in the page
  await staff.context().close();
});

test("a sample request is approved and shipped by customer support; the dealer sees the tracking number", async ({ page, browser, loginAs }, info) => {
  const dealer = jsOn(info) ? "XCD000009" : "XCD000001";
  const endCustomer = `株洲试切客户 ${info.project.name} ${Date.now() % 100000}`;
  const tracking = `SF${Date.now() % 1_000_000_000}${jsOn(info) ? 1 : 2}`;
  await loginAs(dealer);
  await page.goto("/customerSupport/samplesSupport");
  await page.getByTestId("support-new").click();
  await page.waitForURL(/samplesSupport\/new$/);
  await page.getByLabel("订货号 1").fill("CNMG120408-DM YBC252");
  await page.getByLabel("数量 1").fill("10");
  await page.getByLabel("终端客户").fill(endCustomer);
  await page.getByLabel("试切目的").fill("45 钢外圆半精车试切");
  if (jsOn(info)) expect(await seriousViolations(page)).toEqual([]); // axe needs JavaScript in the page
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page.getByTestId("flash")).toContainText("申请已提交");
  const detail = page.getByTestId("support-detail");
  await expect(detail).toContainText(endCustomer);
  await expect(detail).toContainText("已提交");
  const requestUrl = page.url();
  const heading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const requestNo = /YP\d+/.exec(heading)?.[0] ?? "";
  expect(requestNo).not.toBe("");

  const staff = await staffPage(browser, info, "EMP000003");
  await staff.goto("/system/support");
  await staff.getByTestId("support-table").getByRole("link", { name: requestNo }).click();
  await staff.getByTestId("support-approve").getByRole("button", { name: "批准" }).click();
  await expect(staff.getByTestId("flash")).toContainText("申请已批准");
  await expect(staff.getByTestId("support-status")).toHaveText("已批准");
  await staff.getByLabel("承运商").fill("顺丰速运");
  await staff.getByLabel("运单号").fill(tracking);
  await staff.getByRole("button", { name: "登记发货" }).click();
  await expect(staff.getByTestId("flash")).toContainText("发货已登记");
  await expect(staff.getByTestId("support-status")).toHaveText("已发货");
  if (jsOn(info)) expect(await seriousViolations(staff)).toEqual([]); // axe needs JavaScript in the page
  await staff.context().close();

  await page.goto(requestUrl);
  await expect(page.getByTestId("support-tracking")).toContainText(tracking);
  await expect(detail).toContainText("已发货");
  await page.goto("/customerSupport/samplesSupport");
  await expect(page.getByTestId("support-list").locator("tr", { hasText: requestNo })).toContainText(tracking);
});
