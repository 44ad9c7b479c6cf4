import type { Page, TestInfo } from "@playwright/test";
import { dealerPage, signInAdmin } from "./auth-helpers";
import { e2eDbDir, expect, test } from "./fixtures";
import Database from "better-sqlite3";

/**
 * Settings that change the whole shop, made on the back-office screens (issue 16): the landing
 * page, the maintenance window, a company entity initialised from its parent. They run on a
 * server of their own (playwright.config.ts, projects settings-js-on and settings-js-off, one
 * after the other) so that no other test sees the shop in maintenance.
 */
const jsOn = (info: TestInfo) => info.project.name.endsWith("js-on");

/** "YYYY-MM-DDTHH:mm" in China time (the maintenance form's datetime-local fields), hours from now. */
function chinaTime(hoursFromNow: number): string {
  return new Date(Date.now() + hoursFromNow * 3_600_000 + 8 * 3_600_000).toISOString().slice(0, 16);
}

async function saveParameter(page: Page, code: string, fill: (page: Page) => Promise<void>) {
  await page.goto("/system/parameter");
  await page.locator(`a[href="/system/parameter/${code}"]`).first().click();
  await page.waitForURL(new RegExp(`/system/parameter/${code}$`));
  await fill(page);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toContainText("参数已保存");
}

/** The landing page: added with the list's form the first time (the demo has none), then edited. */
async function setLandingPage(page: Page, value: string) {
  await page.goto("/system/parameter");
  if ((await page.locator('a[href="/system/parameter/index"]').count()) > 0) {
    await saveParameter(page, "index", (p) => p.getByLabel("参数值").fill(value));
    return;
  }
  await page.getByLabel("参数编码").fill("index");
  await page.getByLabel("参数值").fill(value);
  await page.getByLabel("说明").fill("着陆页 / landing page");
  await page.getByRole("button", { name: "新增参数" }).click();
  await expect(page.getByTestId("flash")).toContainText("参数已保存");
}

test.describe.configure({ mode: "serial" });

test("the landing page set in the parameters is where / and sign-in go", async ({ page, browser }, info) => {
  const landing = jsOn(info) ? "/newOrHot" : "/promotion";
  await signInAdmin(page);
  await setLandingPage(page, landing);

  // the form itself: where it leads is the test
  const dealer = await dealerPage(browser, info, "XCD000001", { form: true });
  await expect(dealer).toHaveURL(new RegExp(`${landing}$`));
  await dealer.goto("/");
  await expect(dealer).toHaveURL(new RegExp(`${landing}$`));

  // empty: the first page the dealer's menu allows (the home page)
  await setLandingPage(page, "");
  await dealer.goto("/");
  await expect(dealer).toHaveURL(/\/homePage$/);
  await dealer.context().close();
});

test("a maintenance window that includes now sends dealers to /errorPage; the administrator still works", async ({ page, browser }, info) => {
  const dealer = await dealerPage(browser, info, "XCD000002");
  await signInAdmin(page);
  // the end is taken once: read again later, it could be a minute on
  const endsAt = chinaTime(1);
  await saveParameter(page, "errorPage", async (p) => {
    await p.getByLabel("维护开始时间").fill(chinaTime(-1));
    await p.getByLabel("维护结束时间").fill(endsAt);
  });
  await expect(page.getByTestId("maintenance-state")).toContainText("商城当前处于维护中");

  await dealer.goto("/homePage");
  await expect(dealer).toHaveURL(/\/errorPage$/);
  await dealer.goto("/order/order");
  await expect(dealer).toHaveURL(/\/errorPage$/);
  // the page says maintenance and until when (China time), in the visitor's language (issue 29)
  const end = endsAt.replace("T", " ");
  await expect(dealer.getByRole("heading", { level: 1 })).toHaveText("系统维护中");
  await expect(dealer.getByTestId("error-page")).toContainText(`预计 ${end}（北京时间）恢复访问`);
  const use = info.project.use;
  for (const [locale, heading, text] of [
    ["en-US", "Under maintenance", `under maintenance until ${end} (China time)`],
    ["zh-CN", "系统维护中", `预计 ${end}（北京时间）恢复访问`],
  ]) {
    const visitor = await (await browser.newContext({ baseURL: use.baseURL, javaScriptEnabled: use.javaScriptEnabled, locale })).newPage();
    await visitor.goto("/homePage");
    await expect(visitor).toHaveURL(/\/errorPage$/);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(visitor.getByTestId("error-page")).toContainText(text);
    await visitor.context().close();
  }

  // the administrator reaches the back office and ends the window
  await page.goto("/system/menu");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await saveParameter(page, "errorPage", async (p) => {
    await p.getByLabel("维护开始时间").fill(chinaTime(-3));
    await p.getByLabel("维护结束时间").fill(chinaTime(-2));
  });
  await expect(page.getByTestId("maintenance-state")).toContainText("商城当前正常开放");
  await dealer.goto("/homePage");
  await expect(dealer).toHaveURL(/\/homePage$/);
  await dealer.context().close();
});

test("a company entity added from a parent gets the parent's assortment, and a dealer granted access sees its catalogue", async ({ page, browser }, info) => {
  const code = jsOn(info) ? "E2EON" : "E2EOFF";
  await signInAdmin(page);
  await page.goto("/system/dataArea");
  // the first entity (1000) is the parent; its assortment size is in the list
  const parentProducts = Number(await page.getByTestId("data-area-table").locator("tbody tr").first().locator("td.num").first().textContent());
  expect(parentProducts).toBeGreaterThan(0);

  const form = page.getByTestId("data-area-initialise");
  await form.getByLabel("上级主体").selectOption({ index: 1 });
  await form.getByLabel("公司代码").fill(code);
  await form.getByLabel("中文名称").fill(`测试主体 ${code}`);
  await form.getByLabel("英文名称").fill(`Test entity ${code}`);
  await form.getByLabel("中文简称").fill(`测试 ${code}`);
  await form.getByLabel("英文简称").fill(`Test ${code}`);
  await form.getByLabel("免运费金额（元）").fill("2000");
  await form.getByLabel("运费（元）").fill("30");
  await form.getByRole("button", { name: "新增并初始化" }).click();

  await page.waitForURL(/\/system\/dataArea\/job\/\d+$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("data-area-job")).toHaveAttribute("data-status", "done", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("status")).toContainText(`已复制 ${parentProducts} / ${parentProducts}`);

  await page.getByRole("link", { name: "查看公司主体" }).click();
  await expect(page.getByTestId("data-area-fields")).toContainText(String(parentProducts));
  // the entity's terms can be edited afterwards (its code cannot)
  await page.getByTestId("data-area-edit").click();
  await page.getByLabel("英文名称").fill(`Test entity ${code} (edited)`);
  await page.getByLabel("运费（元）").fill("abc");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请输入最多两位小数的金额")).toBeVisible();
  await page.getByLabel("运费（元）").fill("25.5");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toContainText("公司主体已保存");
  await expect(page.getByTestId("data-area-fields")).toContainText(`Test entity ${code} (edited)`);
  await expect(page.getByTestId("data-area-fields")).toContainText("25.50");
  const [customerCode, dealerCode] = jsOn(info) ? ["C20001", "DPC000001"] : ["C90009", "XCD000009"];
  await page.getByLabel("客户代码").fill(customerCode);
  await page.getByRole("button", { name: "开通访问" }).click();
  await expect(page.getByRole("status").first()).toContainText("开通访问");

  // the dealer switches to the new entity and finds the parent's products there
  const dealer = await dealerPage(browser, info, dealerCode);
  const switcher = dealer.getByTestId("company-switcher");
  const option = switcher.locator("option", { hasText: `(${code})` });
  await switcher.getByLabel("切换公司").selectOption((await option.getAttribute("value")) ?? "");
  await switcher.getByRole("button", { name: "确定" }).click();
  await expect(switcher.locator("option", { hasText: `(${code})` })).toContainText("当前");
  await dealer.goto("/searchProduct?keyWord=CNMG");
  await expect(dealer.locator("tr[data-code]").first()).toBeVisible();
  await dealer.context().close();
});

test("a menu renamed in the back office shows under its new name in the shop's footer at once", async ({ page }, info) => {
  // the settings server's database (playwright.config.ts: DB_DIR + "-settings")
  const db = new Database(`${e2eDbDir}-settings/shop.db`, { readonly: true });
  const { id } = db.prepare("select id from menu where area = 'shop' and href = '/downloadService'").get() as { id: number };
  db.close();
  const name = jsOn(info) ? "资料下载（开）" : "资料下载（关）";
  await signInAdmin(page);
  await page.goto(`/system/menu/${id}`);
  await page.getByLabel("中文名称").fill(name);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toBeVisible();
  await page.goto("/homePage");
  await expect(page.locator("footer.shop-footer a[href='/downloadService']")).toHaveText(name);
  await expect(page.locator(".menu-bar a[href='/downloadService']").first()).toHaveText(name);
});
