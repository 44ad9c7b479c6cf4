import type { TestInfo } from "@playwright/test";
import { dealerPage, signInAdmin } from "./auth-helpers";
import { expect, JS_OFF, JS_ON, test } from "./fixtures";

/**
 * The back office as the demo administrator (issue 16), with JavaScript on and off. The two
 * projects run at the same time, so each changes its own menu item and function code and puts
 * them back at the end.
 */
const jsOn = (info: TestInfo) => info.project.name === "js-on";

test("the administrator signs in at /login, the sidebar comes from the menus, collapses (kept after a reload), size and tags work", async ({ page }) => {
  // the form itself: this test is the administrator's sign-in at /login
  await signInAdmin(page, { form: true });
  const sidebar = page.getByTestId("admin-sidebar");
  await expect(sidebar.getByRole("link", { name: "菜单管理" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "系统参数" })).toBeVisible();

  await page.getByTestId("sidebar-toggle").click();
  await expect(page.locator(".admin")).toHaveAttribute("data-sidebar", "closed");
  await page.reload();
  await expect(page.locator(".admin")).toHaveAttribute("data-sidebar", "closed");
  expect((await page.context().cookies()).find((c) => c.name === "sidebarStatus")?.value).toBe("0");
  await page.getByTestId("sidebar-toggle").click();
  await expect(page.locator(".admin")).toHaveAttribute("data-sidebar", "open");

  await page.getByTestId("size-menu").click();
  await page.getByRole("button", { name: "小", exact: true }).click();
  await expect(page.getByTestId("flash")).toContainText("switch size success");
  await expect(page.locator(".admin")).toHaveAttribute("data-size", "small");

  // every sidebar entry has a drawn icon (Lucide's), none the neutral fallback, and its file is served
  const links = sidebar.locator("nav a");
  expect(await links.count()).toBeGreaterThan(20);
  await expect(sidebar.locator("nav a .admin-icon")).toHaveCount(await links.count());
  await expect(sidebar.locator('nav [data-icon="none"]')).toHaveCount(0);
  const mask = await sidebar
    .locator("nav a .admin-icon")
    .first()
    .evaluate((e) => getComputedStyle(e).maskImage);
  const icon = await page.request.get(mask.replace(/^url\("?|"?\)$/g, ""));
  expect(icon.status()).toBe(200);
  expect(await icon.text()).toContain("<svg");

  // each page opened in turn (a click during the previous navigation would cancel it, and its tag)
  for (const [name, path] of [
    ["菜单管理", /\/system\/menu$/],
    ["角色管理", /\/system\/role$/],
    ["系统参数", /\/system\/parameter$/],
  ] as const) {
    await sidebar.getByRole("link", { name }).click();
    await page.waitForURL(path);
  }
  const tags = page.getByTestId("tags-view").locator("ul"); // the open pages, not the tab actions
  await expect(tags.getByRole("link")).toHaveText(["工作台", "菜单管理", "角色管理", "系统参数"]);
  await page.getByTestId("tags-menu").click();
  await page.getByRole("button", { name: "关闭其他" }).click();
  await expect(tags.getByRole("link")).toHaveText(["工作台", "系统参数"]);
  // with JavaScript the size dropdown stays open after its form posts; without, the page is new
  const medium = page.getByRole("button", { name: "中", exact: true });
  if (!(await medium.isVisible())) await page.getByTestId("size-menu").click();
  await medium.click();
  await expect(page.locator(".admin")).toHaveAttribute("data-size", "medium");
});

test("a shop menu item renamed in the back office shows in the dealer's menu", async ({ page, browser }, info) => {
  const [name, original, renamed] = jsOn(info) ? ["downloadService", "下载服务", "资料下载中心"] : ["afterSalesService", "售后服务", "售后服务中心"];
  await signInAdmin(page);
  const rename = async (title: string) => {
    await page.goto("/system/menu?area=shop");
    await page.locator(`tr[data-name="${name}"]`).getByRole("link", { name: /编辑/ }).click();
    await page.getByLabel("中文名称").fill(title);
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByTestId("flash")).toContainText("菜单已保存");
  };
  await rename(renamed);
  const dealer = await dealerPage(browser, info, "XCD000001");
  await dealer.goto("/homePage");
  await expect(dealer.locator("nav.main-menu")).toContainText(renamed);
  await rename(original);
  await dealer.reload();
  await expect(dealer.locator("nav.main-menu")).toContainText(original);
  await dealer.context().close();
});

test("a function code taken away from a role hides its element and its action answers 403", async ({ page, browser }, info) => {
  const [funcCode, link] = jsOn(info) ? ["order:import", "批量导入"] : ["order:export", "导出"];
  const dealer = await dealerPage(browser, info, "XCD000002");
  await dealer.goto("/order/order");
  await expect(dealer.locator(".page-head").getByRole("link", { name: link })).toBeVisible();

  await signInAdmin(page);
  const setGrant = async (on: boolean) => {
    await page.goto("/system/role");
    await page.getByRole("link", { name: "编辑角色 customer_sub" }).click();
    const box = page.getByRole("checkbox", { name: new RegExp(funcCode) });
    await box.setChecked(on);
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByTestId("flash")).toContainText("角色已保存");
  };
  await setGrant(false);
  await dealer.reload();
  await expect(dealer.locator(".page-head").getByRole("link", { name: link })).toHaveCount(0);
  const target = funcCode === "order:import" ? "/order/import" : "/order/export?kind=orders";
  expect((await dealer.request.get(target, { maxRedirects: 0 })).status()).toBe(403);
  await setGrant(true);
  await dealer.reload();
  await expect(dealer.locator(".page-head").getByRole("link", { name: link })).toBeVisible();
  await dealer.context().close();
});

test("a role's grants are the named menu tree; the whole-group box grants a group at once", async ({ page }, info) => {
  await signInAdmin(page);
  await page.goto("/system/role/new");
  const code = `desk_${info.project.name.replace(/-/g, "_")}_${Date.now() % 100000}`;
  await page.getByLabel("角色编码").fill(code);
  await page.getByLabel("中文名称").fill("整组测试");
  await page.getByLabel("英文名称").fill("Whole group test");
  const desk = page.getByRole("region", { name: "订单处理", exact: true });
  await expect(desk.getByRole("checkbox", { name: /处理订单/ })).toBeVisible();
  await desk.getByRole("checkbox", { name: "整组授予" }).check();
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toContainText("角色已保存");
  await page.getByRole("link", { name: `编辑角色 ${code}` }).click();
  const saved = page.getByRole("region", { name: "订单处理", exact: true });
  await expect(saved.getByText("已授予 7/7")).toBeVisible();
  for (const name of [/查看订单/, /处理订单/, /登记发货/]) await expect(saved.getByRole("checkbox", { name })).toBeChecked();
  await expect(page.getByRole("region", { name: "系统管理", exact: true }).getByText("已授予 0/20")).toBeVisible();
});

test("at 390 px the sidebar is closed and opens from the top bar", { tag: JS_ON }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page);
  await expect(page.getByTestId("admin-sidebar")).toBeHidden();
  await page.locator(".admin-toggle-mobile").click();
  await expect(page.getByTestId("admin-sidebar").getByRole("link", { name: "菜单管理" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the order desk's dashboard draws its charts on the server; the content editor has no sales figures", { tag: JS_OFF }, async ({ page, loginAs }) => {
  await loginAs("EMP000002");
  await page.goto("/system");
  const sales = page.getByTestId("sales-dashboard");
  await expect(sales.locator(".chart-plot[role=img]")).toHaveCount(2);
  await expect(sales.getByRole("img", { name: "每日订单数" })).toBeVisible();
  // menu and role counts are the administrators' business; the desk sees its orders' count
  await expect(page.getByRole("link", { name: /订单/ }).filter({ hasText: /^\s*\d+\s*订单\s*$/ })).toHaveAttribute("href", "/system/orders");
  await expect(page.getByText("菜单节点")).toHaveCount(0);
  await expect(page.getByText("角色", { exact: true })).toHaveCount(0);
  // the axis labels keep a readable size on a phone (text, not a scaled drawing)
  await page.setViewportSize({ width: 390, height: 844 });
  const labelSizes = await sales
    .locator(".chart-x:visible, .chart-y span:visible")
    .evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
  expect(labelSizes.length).toBeGreaterThan(4);
  expect(Math.min(...labelSizes)).toBeGreaterThanOrEqual(11);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(Number(await page.getByTestId("dash-orders").textContent())).toBeGreaterThan(0);
  expect(Number(await page.getByTestId("dash-waiting").textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId("dash-top-products").locator("tbody tr").first()).toBeVisible();
  await sales.getByText("查看数据").first().click();
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  await expect(sales.locator(".chart-data").first().getByRole("cell", { name: today, exact: true })).toBeVisible();

  await loginAs("EMP000004");
  await page.goto("/system");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("sales-dashboard")).toHaveCount(0);

  await loginAs("EMP000001");
  await page.goto("/system");
  await expect(page.getByRole("link", { name: /菜单节点/ })).toHaveAttribute("href", "/system/menu");
  await expect(page.getByRole("link", { name: /角色/ }).filter({ hasText: /^\s*\d+\s*角色\s*$/ })).toHaveAttribute("href", "/system/role");
});
