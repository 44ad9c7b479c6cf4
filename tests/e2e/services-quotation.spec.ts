import type { Browser, Page, TestInfo } from "@playwright/test";
import { cloneUser, staffPage, uniqueCode } from "./auth-helpers";
import { expect, jsOn, seriousViolations, test } from "./fixtures";

/**
 * Customized tool quotations (issue 18 item 1, decision 051), with JavaScript on and off: a dealer
 * files a request with a drawing, the order desk (EMP000002) quotes it, the dealer opens the
 * notice, accepts, finds the item in the cart at the quoted price and orders it; and a
 * question-and-answer round; a declined quotation and a withdrawn request. Each project uses its
 * own dealer (a copy of XCD000001).
 */
const inDays = (n: number) => new Date(Date.now() + (n * 24 + 8) * 3_600_000).toISOString().slice(0, 10);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n");

/** The order desk (EMP000002) signed in at the back office's sign-in in a context of its own. */
const deskPage = (browser: Browser, info: TestInfo): Promise<Page> => staffPage(browser, info, "EMP000002");

async function fileRequest(page: Page, note: string): Promise<string> {
  await page.goto("/technologyService/cutterOffer");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("非标刀具报价");
  await page.getByTestId("quote-type").selectOption("drill");
  await page.getByTestId("quote-pick").click();
  const form = page.getByTestId("quote-form");
  await expect(form).toBeVisible();
  await form.getByLabel("直径").fill("8.5");
  await form.getByLabel("总长").fill("120");
  await form.getByLabel("顶角").fill("140");
  await form.getByLabel("柄部").selectOption("圆柄 h6");
  await form.getByLabel("内冷").selectOption("有");
  await page.getByTestId("quote-qty").fill("20");
  await page.getByTestId("quote-material").fill("42CrMo 调质");
  await form.getByLabel(/备注/).fill(note);
  await page.getByTestId("quote-files").setInputFiles({ name: "阶梯钻.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByTestId("quote-submit").click();
  await page.waitForURL(/cutterOfferDetails\?id=\d+/);
  await expect(page.getByTestId("flash")).toContainText("报价申请已提交");
  return new URL(page.url()).searchParams.get("id")!;
}

test("a dealer files a request with a drawing; the order desk quotes; the dealer accepts from the notice and orders the item at the quoted price", async ({
  page,
  browser,
  loginAs,
}, info) => {
  const code = uniqueCode(info);
  cloneUser("XCD000001", code);
  await loginAs(code);
  const id = await fileRequest(page, `${info.project.name} 两级台阶`);
  await expect(page.getByTestId("quote-files-list")).toContainText("阶梯钻.pdf");
  if (jsOn(info)) expect(await seriousViolations(page)).toEqual([]);
  const quoteNo = (await page.getByRole("heading", { level: 1 }).textContent())!.replace(/^报价单\s*/, "").trim();

  const desk = await deskPage(browser, info);
  await desk.goto(`/system/quotation/${id}`);
  await expect(desk.getByTestId("quote-facts")).toContainText("42CrMo 调质");
  const give = desk.getByTestId("quote-give");
  await give.getByLabel("含税单价（元）").fill("86.50");
  await give.getByLabel("最小起订量").fill("25");
  await give.getByLabel("交期（天）").fill("20");
  await give.getByLabel("报价有效期至").fill(inDays(10));
  await give.getByRole("button", { name: "发送报价" }).click();
  await expect(desk.getByTestId("flash")).toContainText("报价已发送给客户");
  await expect(desk.getByTestId("quote-status")).toContainText("已报价");
  if (jsOn(info)) expect(await seriousViolations(desk)).toEqual([]);
  await desk.context().close();

  // the notice leads to the quotation
  await page.goto("/order/myMessage");
  const row = page.getByTestId("messages-table").locator("tr", { hasText: `非标报价 ${quoteNo} 已报价` });
  await row.getByRole("button").click();
  await page.waitForURL(new RegExp(`cutterOfferDetails\\?id=${id}$`));
  await expect(page.getByTestId("quote-price")).toHaveText("86.50");
  const accept = page.getByTestId("quote-accept");
  await expect(accept.getByTestId("quote-accept-qty")).toHaveValue("25");
  await accept.getByTestId("quote-accept-qty").fill("30");
  await accept.getByRole("button").click();
  await page.waitForURL(/\/shopCart$/);
  const line = page.locator(`[data-testid=cart-line][data-code='${quoteNo}']`).first();
  await expect(line).toContainText("非标定制");
  await expect(line).toContainText("86.50");

  await page.getByRole("button", { name: "去结算" }).click();
  // the checkout answers with fill order, or first asks about promotions left unchosen
  await page.waitForURL(/\/order\/fillOrder|confirm=promotions/);
  if (page.url().includes("confirm=promotions")) await page.getByRole("button", { name: "放弃促销，继续结算" }).click();
  await expect(page).toHaveURL(/\/order\/fillOrder/);
  await expect(page.getByTestId("fill-line")).toHaveCount(1);
  await page.getByLabel("预付款（银行转账）").check();
  await page.locator("input[name=expectedDeliveryDate]").fill(inDays(40));
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/order\/order\?tab=open&orderNo=SO\d{8}W\d+/);
  const orderNo = new URL(page.url()).searchParams.get("orderNo")!;
  await page.goto(`/order/orderDetails?orderNo=${orderNo}`);
  await expect(page.getByTestId("order-lines")).toContainText(quoteNo);
  await expect(page.getByTestId("order-lines")).toContainText("86.50");

  await page.goto(`/technologyService/cutterOfferDetails?id=${id}`);
  await expect(page.getByTestId("quote-status")).toContainText("已下单");
  await expect(page.getByTestId("quote-history")).toContainText(orderNo);
});

test("the order desk asks a question, the dealer answers, the request is back in the desk's queue", async ({ page, browser, loginAs }, info) => {
  const code = uniqueCode(info);
  cloneUser("XCD000001", code);
  await loginAs(code);
  const id = await fileRequest(page, `${info.project.name} 孔深公差待定`);

  const desk = await deskPage(browser, info);
  await desk.goto(`/system/quotation/${id}`);
  const ask = desk.getByTestId("quote-ask");
  await ask.getByLabel("问题").fill("请确认孔深公差。");
  await ask.getByRole("button", { name: "发送问题" }).click();
  await expect(desk.getByTestId("flash")).toContainText("问题已发送给客户");
  await expect(desk.getByTestId("quote-status")).toContainText("待补充信息");

  await page.goto(`/technologyService/cutterOfferDetails?id=${id}`);
  await expect(page.getByTestId("quote-history")).toContainText("请确认孔深公差。");
  const answer = page.getByTestId("quote-answer");
  await answer.getByRole("textbox").fill("孔深 ±0.1 mm");
  await answer.getByRole("button", { name: "提交回复" }).click();
  await expect(page.getByTestId("flash")).toContainText("回复已提交");
  await expect(page.getByTestId("quote-status")).toContainText("待报价");
  await expect(page.getByTestId("quote-answer")).toHaveCount(0);

  await desk.goto("/system/quotation");
  await expect(desk.getByTestId("quote-table")).toContainText((await page.getByRole("heading", { level: 1 }).textContent())!.replace(/^报价单\s*/, "").trim());
  await desk.goto(`/system/quotation/${id}`);
  await expect(desk.getByTestId("quote-history")).toContainText("孔深 ±0.1 mm");
  await desk.context().close();
});

test("the dealer declines a quotation with a reason the desk reads, and withdraws another request", async ({ page, browser, loginAs }, info) => {
  const code = uniqueCode(info);
  cloneUser("XCD000001", code);
  await loginAs(code);
  const quoted = await fileRequest(page, `${info.project.name} 拒绝用`);
  const withdrawn = await fileRequest(page, `${info.project.name} 撤销用`);

  const desk = await deskPage(browser, info);
  await desk.goto(`/system/quotation/${quoted}`);
  const give = desk.getByTestId("quote-give");
  await give.getByLabel("含税单价（元）").fill("120.00");
  await give.getByLabel("最小起订量").fill("20");
  await give.getByLabel("交期（天）").fill("30");
  await give.getByLabel("报价有效期至").fill(inDays(10));
  await give.getByRole("button", { name: "发送报价" }).click();
  await expect(desk.getByTestId("flash")).toContainText("报价已发送给客户");

  await page.goto(`/technologyService/cutterOfferDetails?id=${quoted}`);
  const decline = page.getByTestId("quote-decline");
  await decline.getByLabel("拒绝原因").fill("单价高于预算");
  await decline.getByRole("button", { name: "拒绝报价" }).click();
  await expect(page.getByTestId("flash")).toContainText("已拒绝报价");
  await expect(page.getByTestId("quote-status")).toContainText("已拒绝");
  await expect(page.getByTestId("quote-accept")).toHaveCount(0);
  await desk.goto(`/system/quotation/${quoted}`);
  await expect(desk.getByTestId("quote-status")).toContainText("已拒绝");
  await expect(desk.getByTestId("quote-history")).toContainText("单价高于预算");
  await desk.context().close();

  await page.goto(`/technologyService/cutterOfferDetails?id=${withdrawn}`);
  const cancel = page.getByTestId("quote-cancel");
  await cancel.getByLabel("撤销原因").fill("项目取消");
  await cancel.getByRole("button", { name: "撤销申请" }).click();
  await expect(page.getByTestId("flash")).toContainText("报价申请已撤销");
  await expect(page.getByTestId("quote-status")).toContainText("已撤销");
  await expect(page.getByTestId("quote-cancel")).toHaveCount(0);
  await expect(page.getByTestId("quote-history")).toContainText("项目取消");
});
