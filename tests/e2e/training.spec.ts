import { cloneUser } from "./auth-helpers";
import { expect, JS_OFF, jsOn, test } from "./fixtures";

/** Issue 18 §5: a dealer's progress in online training is kept, with JavaScript on and off. */
test("a dealer marks a training course finished and the list counts it", async ({ page, loginAs }, testInfo) => {
  const code = jsOn(testInfo) ? "XCD975100" : "XCD976100";
  cloneUser("XCD000001", code);
  await loginAs(code);
  await page.goto("/technologyService/onLineTraining");
  const progress = page.getByTestId("training-progress");
  await expect(progress).toHaveText(/已学完 0 \/ \d+ 门课程/);
  const total = Number((await progress.textContent())!.match(/\/ (\d+)/)![1]);
  expect(total).toBeGreaterThan(0);

  await page.locator("main ul.announcements li a").first().click();
  await page.getByRole("button", { name: "标记为已学完" }).click();
  await expect(page.getByTestId("flash")).toContainText("学习进度已保存");
  await expect(page.getByTestId("training-finish")).toContainText("已学完");
  await expect(page.getByRole("button", { name: "取消“已学完”" })).toBeVisible();

  await page.goto("/technologyService/onLineTraining");
  await expect(progress).toHaveText(`已学完 1 / ${total} 门课程`);
  await expect(page.locator("main ul.announcements li").first()).toContainText("✓ 已学完");
});

test("signed out, the training page invites to sign in and offers no progress form", { tag: JS_OFF }, async ({ page }) => {
  await page.goto("/technologyService/onLineTraining");
  await expect(page.getByText("登录后可记录学习进度。")).toBeVisible();
  await page.locator("main ul.announcements li a").first().click();
  await expect(page.getByTestId("training-finish")).toHaveCount(0);
});
