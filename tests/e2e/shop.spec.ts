import { expect, hydrated, JS_OFF, JS_ON, test } from "./fixtures";

/** Foundation journeys: home page, language switch, mega-menu, not-found. Runs with JS on and off. */

test("the home page is Chinese by default, styled, with the catalogue entry points", { tag: JS_OFF }, async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.url()).toMatch(/\/homePage$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByRole("navigation", { name: "主菜单" })).toBeVisible();
  await expect(page.getByRole("link", { name: "首页" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "产品目录" })).toBeVisible();
  await expect(page.getByTestId("catalogue-entry").first()).toBeVisible();
  // styled without waiting for JS: the top bar has the brand colour from the server-rendered CSS
  const bg = await page.locator(".topbar").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).toBe("rgb(3, 44, 85)");
  // Chinese-only items are there in Chinese
  await expect(page.getByText("售后服务")).toBeVisible();
  await expect(page.getByText("合作伙伴云")).toBeVisible();
  await expect(page.getByText("© 2026")).toBeVisible();
  // the footer's contact comes from the configuration (HOTLINE, CONTACT_EMAIL), no placeholders
  const footer = page.locator("footer");
  await expect(footer).toContainText("400-887-0731");
  await expect(footer).toContainText("dealer-service@zztools.com.cn");
  await expect(footer).not.toContainText(/400-000-0000|\.local\b|example\.com/);
});

test("the language toggle switches to English and back, and hides Chinese-only items", async ({ page }) => {
  await page.goto("/homePage");
  await page.getByRole("button", { name: /English/ }).click();
  await expect(page).toHaveURL(/\/homePage$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Product catalogue" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expect(page.getByText("After-sales service")).toHaveCount(0);
  await expect(page.getByText("Partner cloud")).toHaveCount(0);
  await expect(page.getByText("© 2026")).toHaveCount(0);
  // the choice sticks on the next page
  await page.goto("/announcement");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: /中文/ }).click();
  await expect(page).toHaveURL(/\/announcement$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
});

test("with JavaScript the mega-menu opens on hover, shows every column, and closes on Escape or a click elsewhere", { tag: JS_ON }, async ({ page }) => {
  await page.goto("/homePage");
  await hydrated(page);
  const menu = page.getByRole("navigation", { name: "主菜单" });
  const mega = page.getByTestId("mega-menu");
  await menu.getByText("产品中心").hover();
  await expect(mega).toBeVisible();
  // every level-1 column starts inside the panel, none below its height limit
  const panel = (await mega.boundingBox())!;
  for (const column of await mega.locator(".mega-column").all()) {
    expect((await column.boundingBox())!.y).toBeLessThan(panel.y + panel.height);
  }
  await menu.getByText("产品中心").click(); // the click after the hover keeps it open
  await expect(mega).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(mega).toBeHidden();
  await expect(menu.getByText("产品中心")).toBeFocused();
  await menu.getByText("产品中心").click();
  await expect(mega).toBeVisible();
  await page.locator("footer").click({ position: { x: 5, y: 5 } });
  await expect(mega).toBeHidden();
});

test("the product mega-menu opens and leads into the catalogue", { tag: JS_OFF }, async ({ page }) => {
  await page.goto("/homePage");
  const menu = page.getByRole("navigation", { name: "主菜单" });
  await menu.getByText("产品中心").click();
  const mega = page.getByTestId("mega-menu");
  await expect(mega).toBeVisible();
  const level3 = mega.locator("a.mega-l3").first();
  const label = (await level3.textContent())!.trim();
  await level3.click();
  await expect(page).toHaveURL(/\/product\/productThird\?catalogueCode=[^&]+&parentCode=/);
  await expect(page.getByRole("heading", { name: label }).first()).toBeVisible();
  // and a level-1 entry
  await menu.getByText("产品中心").click();
  const level1 = page.getByTestId("mega-menu").locator("a.mega-l1").first();
  const l1Label = (await level1.textContent())!.trim();
  await level1.click();
  await expect(page).toHaveURL(/\/product\/productFirst\?catalogueCode=/);
  await expect(page.getByRole("heading", { name: l1Label }).first()).toBeVisible();
});

test("an unknown path shows the not-found page with status 404, in both languages", { tag: JS_OFF }, async ({ page, context, baseURL }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  await context.addCookies([{ name: "lng", value: "ImVuIg%3D%3D", url: baseURL! }]);
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("an unknown product answers 404 inside the shop layout", { tag: JS_OFF }, async ({ page }) => {
  const response = await page.goto("/item?code=NO-SUCH-CODE");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "主菜单" })).toBeVisible();
  await expect(page.locator("#site-search")).toBeVisible();
});

test("the search box refuses keywords under 3 characters on the server", { tag: JS_OFF }, async ({ page }) => {
  await page.goto("/searchProduct?keyWord=ab");
  await expect(page.getByText("请输入至少 3 个字符").first()).toBeVisible();
});

test("the customer-support menu is only for its roles, and only in Chinese", { tag: JS_OFF }, async ({ page, loginAs, context, baseURL }) => {
  await loginAs("XCD000009");
  await page.goto("/homePage");
  const menu = page.getByRole("navigation", { name: "主菜单" });
  await menu.getByText("客户支持").click();
  await menu.getByRole("link", { name: "样品支持" }).click();
  await expect(page).toHaveURL(/\/customerSupport\/samplesSupport$/);
  await expect(page.getByRole("heading", { name: "样品支持" })).toBeVisible();
  await context.addCookies([{ name: "lng", value: "ImVuIg%3D%3D", url: baseURL! }]);
  await page.goto("/homePage");
  await expect(page.getByText("Customer support")).toHaveCount(0);
});

test("a sub-account without the support roles sees no customer-support menu and cannot open it", { tag: JS_OFF }, async ({ page, loginAs }) => {
  await loginAs("XCD000002");
  await page.goto("/homePage");
  await expect(page.getByRole("navigation", { name: "主菜单" }).getByText("客户支持")).toHaveCount(0);
  const response = await page.goto("/customerSupport/samplesSupport");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "无权访问" })).toBeVisible();
});
