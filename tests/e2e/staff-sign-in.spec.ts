import { cloneUser, loginWithForm, uniqueCode } from "./auth-helpers";
import { expect, test } from "./fixtures";

/**
 * Issue 29 item 12: the back office's sign-in speaks to staff (employee codes, a way to the shop's
 * sign-in for dealers), and the back office has a language switch; with JavaScript on and off.
 */
test("staff sign in with their employee code and switch the back office to English and back", async ({ page }, testInfo) => {
  // an editor of its own: the switch saves the account's language, which other files' pages would follow
  const editor = uniqueCode(testInfo, "EMP");
  cloneUser("EMP000004", editor);
  await page.goto("/login");
  await expect(page.getByText("员工后台：请使用工号（EMP 开头）登录")).toBeVisible();
  await expect(page.getByPlaceholder("工号，如 EMP000001")).toBeVisible();
  await expect(page.getByText("XCD")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "经销商请从商城登录" })).toHaveAttribute("href", "/shop_login");

  await loginWithForm(page, editor);
  await page.waitForURL(/\/system$/);
  await page.goto("/system/content");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("内容发布");
  await page.getByRole("button", { name: /English/ }).click();
  await expect(page).toHaveURL(/\/system\/content$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publishing");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: /中文/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("内容发布");
});

test("the staff sign-in in English", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: /English/ }).click();
  await expect(page.getByText("Back office for staff: sign in with your employee code (EMP…)")).toBeVisible();
  await expect(page.getByPlaceholder("Employee code, e.g. EMP000001")).toBeVisible();
  await expect(page.getByRole("link", { name: "Dealers sign in at the shop" })).toBeVisible();
});
