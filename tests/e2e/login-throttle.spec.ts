import { answerHash } from "~/modules/auth/captcha.server";
import { hashToken } from "~/modules/auth/sessions.server";
import { captchaCookie } from "~/utils/captcha.server";
import { expect, openE2eDb, test } from "./fixtures";
import { cloneUser, loginWithForm, uniqueCode } from "./auth-helpers";

/**
 * Decision 055 in the browser (JavaScript on and off, LOGIN_CAPTCHA off): after five wrong
 * passwords the form shows the image verification code; the right password with the right code
 * signs in. The test cannot read the image: it gives the code's stored answer a value it knows.
 */
test("past the throttle's limit the form asks for the verification code, and the right password with it signs in", async ({ page, context }, testInfo) => {
  const code = uniqueCode(testInfo);
  cloneUser("XCD000002", code);
  await page.goto("/shop_login");
  for (let i = 0; i < 5; i++) {
    await loginWithForm(page, code, `Wrong${i}pass`);
    await expect(page.getByTestId("form-error")).toHaveText("请输入正确的登录信息");
  }
  // the fifth failure reached the limit: the next attempt needs the code, so the form shows it
  await expect(page.getByTestId("captcha-image")).toBeVisible();
  await loginWithForm(page, code, "Demo2026");
  await expect(page.getByTestId("form-error")).toContainText("请输入图片中的验证码");
  await expect(page.getByTestId("captcha-image")).toBeVisible();

  const token = (await captchaCookie.parse(`shop_captcha=${(await context.cookies()).find((c) => c.name === "shop_captcha")?.value}`)) as string;
  const db = openE2eDb();
  try {
    db.prepare("update captcha set answer_hash = ? where id = ?").run(answerHash(hashToken(token), "k7m2"), hashToken(token));
  } finally {
    db.close();
  }
  await page.locator('input[name="captcha"]').fill("k7m2");
  await loginWithForm(page, code, "Demo2026");
  await expect(page).toHaveURL(/\/homePage$/);
});
