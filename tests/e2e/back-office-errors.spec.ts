import { cloneUserIn } from "./auth-helpers";
import { expect, JS_OFF, JS_ON, jsOn, seriousViolations, test } from "./fixtures";
import { useLanguage } from "./journey-pages";

/**
 * Issue 28 §4: a back-office page that fails shows its 404 or 403 inside the admin layout (the
 * sidebar and the top bar stay) with a way on, in the account's language, JavaScript on and off.
 */
const texts = {
  zh: {
    notFound: "找不到该页面或记录",
    forbidden: "无权访问",
    users: "返回用户管理",
    dashboard: "返回工作台",
    title: "用户详情 · 经销商门户",
    listTitle: "用户管理 · 经销商门户",
  },
  en: {
    notFound: "Page or record not found",
    forbidden: "Not allowed",
    users: "Back to Users",
    dashboard: "Back to the dashboard",
    title: "User details · Dealer Portal",
    listTitle: "Users · Dealer Portal",
  },
};

for (const lang of ["zh", "en"] as const) {
  test(
    `an unknown user id is a 404 inside the admin layout, with the way back to the list (${lang})`,
    { tag: JS_ON },
    async ({ page, loginAs, baseURL }, testInfo) => {
      const t = texts[lang];
      await useLanguage(page, lang, baseURL!);
      await loginAs(cloneUserIn("EMP000001", `EMP8${lang === "en" ? 1 : 2}${jsOn(testInfo) ? 1 : 2}300`, lang));
      const answer = await page.goto("/system/user/99999999");
      expect(answer?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      // the page's title from the locale files, on the server and (after the click) in the browser
      await expect(page).toHaveTitle(t.title);
      await expect(page.getByTestId("admin-sidebar")).toBeVisible();
      const error = page.locator("main#main").getByTestId("error-page");
      await expect(error.getByRole("heading", { level: 1 })).toHaveText(t.notFound);
      await expect(error).toContainText("404");
      await expect(error.getByRole("link", { name: t.dashboard })).toHaveAttribute("href", "/system");
      expect(await seriousViolations(page)).toEqual([]);

      await error.getByRole("link", { name: t.users }).click();
      await page.waitForURL(/\/system\/user$/);
      await expect(page.getByTestId("error-page")).toHaveCount(0);
      await expect(page).toHaveTitle(t.listTitle);
      await expect(page.getByTestId("admin-sidebar")).toBeVisible();
    },
  );
}

test(
  "a page whose function code the role lacks is a 403 inside the admin layout, with the way to the dashboard",
  { tag: JS_OFF },
  async ({ page, loginAs }) => {
    // the content editor has no order desk functions (ord:order:view)
    await loginAs("EMP000004");
    const answer = await page.goto("/system/orders");
    expect(answer?.status()).toBe(403);
    await expect(page.getByTestId("admin-sidebar")).toBeVisible();
    const error = page.locator("main#main").getByTestId("error-page");
    await expect(error.getByRole("heading", { level: 1 })).toHaveText(texts.zh.forbidden);
    await expect(error).toContainText("403");

    await error.getByRole("link", { name: texts.zh.dashboard }).click();
    await page.waitForURL(/\/system$/);
    await expect(page.getByTestId("error-page")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  },
);

test("the back office's own layout failing (a dealer at /system) still shows the message and ways out", { tag: JS_OFF }, async ({ page, loginAs }) => {
  await loginAs("XCD000001");
  const answer = await page.goto("/system");
  expect(answer?.status()).toBe(404);
  await expect(page.getByTestId("admin-sidebar")).toHaveCount(0);
  const error = page.getByTestId("error-page");
  await expect(error.getByRole("heading", { level: 1 })).toHaveText(texts.zh.notFound);
  await error.getByRole("link", { name: "前往商城" }).click();
  await page.waitForURL(/\/homePage$/);
});
