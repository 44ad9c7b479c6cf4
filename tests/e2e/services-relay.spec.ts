import { cloneUser, uniqueCode } from "./auth-helpers";
import { expect, JS_OFF, JS_ON, jsOn, openE2eDb, seriousViolations, test } from "./fixtures";
import { signRelayToken } from "~/modules/services/relay.server";

/**
 * Issue 18 items 6–8 with and without JavaScript: the personal centre (contact details, avatar,
 * recently viewed products, 12 months of orders), the industry solutions' second and third
 * levels, /redirect, and the sign-in hand-over when the server has RELAY_SECRET. Each project
 * works on its own copy of XCD000001, so the two never touch the same account.
 */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");

function product(offset: number): string {
  const db = openE2eDb();
  try {
    return (db.prepare("select ordering_code from product where status = 'active' order by id limit 1 offset ?").get(offset) as { ordering_code: string })
      .ordering_code;
  } finally {
    db.close();
  }
}

test("the personal centre: contact details, avatar, recently viewed, orders per month", async ({ page, loginAs }, info) => {
  const code = uniqueCode(info);
  cloneUser("XCD000001", code);
  await loginAs(code);
  const viewed = product(jsOn(info) ? 3 : 4);
  await page.goto(`/item?code=${encodeURIComponent(viewed)}`);
  await expect(page.locator("h1").first()).toBeVisible();

  await page.goto("/profile/index");
  await expect(page.getByRole("heading", { level: 1, name: "个人中心" })).toBeVisible();
  await expect(page.getByTestId("profile-recent")).toContainText(viewed);
  await expect(page.getByTestId("profile-orders")).toContainText("近 12 个月");
  await page.getByTestId("profile-orders").getByText("查看数字").click();
  await expect(page.getByTestId("profile-orders").locator("tbody tr")).toHaveCount(12);

  // a wrong e-mail: the form says so, nothing saved
  await page.getByLabel("邮箱").fill("not-an-email");
  await page.getByTestId("profile-save").click();
  await expect(page.getByText("请输入正确的邮箱格式")).toBeVisible();
  // right values: saved, shown after the redirect
  const email = `${code.toLowerCase()}@profile.test`;
  await page.getByLabel("联系人").fill("赵测试");
  await page.getByLabel("手机号").fill("13912345678");
  await page.getByLabel("邮箱").fill(email);
  await page.getByTestId("profile-save").click();
  await expect(page.getByText("联系方式已保存")).toBeVisible();
  await expect(page.getByLabel("邮箱")).toHaveValue(email);
  await expect(page.getByLabel("联系人")).toHaveValue("赵测试");

  // an avatar that is not PNG/JPEG is refused; a PNG is shown
  await page.getByLabel("选择图片").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("GIF89a not really a png") });
  await page.getByTestId("profile-avatar-upload").click();
  await expect(page.getByText("只能上传 PNG 或 JPEG 图片")).toBeVisible();
  await expect(page.getByTestId("profile-avatar")).toHaveCount(0);
  await page.getByLabel("选择图片").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await page.getByTestId("profile-avatar-upload").click();
  await expect(page.getByText("头像已更新")).toBeVisible();
  const avatar = page.getByTestId("profile-avatar");
  await expect(avatar).toBeVisible();
  // the image may still be on its way when the page shows; the browser decoding it proves it is served
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await page.getByTestId("profile-avatar-remove").click();
  await expect(page.getByText("头像已删除")).toBeVisible();
  await expect(page.getByTestId("profile-avatar")).toHaveCount(0);

  if (jsOn(info)) expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("industry solutions: second and third levels link on to the catalogue", { tag: JS_ON }, async ({ page }) => {
  await page.goto("/industrySolution");
  const db = openE2eDb();
  const third = db
    .prepare(
      "select c.id, c.parent_id from content c where kind = 'solution' and parent_id in (select id from content where kind = 'solution' and parent_id is not null) limit 1",
    )
    .get() as { id: number; parent_id: number };
  const second = db.prepare("select id, parent_id from content where id = ?").get(third.parent_id) as { id: number; parent_id: number };
  db.close();
  await page.goto(`/solutionSecond/second?industry=${second.parent_id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("汽车轮毂加工解决方案");
  await page.getByTestId("solution-children").getByRole("link", { name: "轮毂车削：轮辋精车" }).click();
  await expect(page).toHaveURL(/\/solutionSecond\/third\?industry=\d+&parentCode=\d+/);
  await expect(page.getByTestId("solution-detail")).toContainText("轮辋精车：断屑问题处理");
  const catalogue = page.getByTestId("solution-catalogue").getByRole("link").first();
  expect(await seriousViolations(page)).toEqual([]);
  await catalogue.click();
  await expect(page).toHaveURL(/\/product\/product(First|Second|Third)\?catalogueCode=/);
});

test("/redirect stays in the shop", { tag: JS_OFF }, async ({ page }) => {
  await page.goto("/redirect/aboutUs");
  await expect(page).toHaveURL(/\/aboutUs$/);
  await page.goto("/redirect/%2F%2Fexample.com");
  await expect(page).toHaveURL(/\/homePage$/);
});

test("the sign-in hand-over from the portal", { tag: JS_OFF }, async ({ page }, info) => {
  const secret = process.env.RELAY_SECRET;
  test.skip(!secret, "the e2e server runs without RELAY_SECRET");
  const code = uniqueCode(info, "DPC");
  cloneUser("XCD000001", code);
  const token = signRelayToken(secret!, { code, issuedAt: Date.now() / 1000 });
  await page.goto(`/auth-redirect?token=${token}&redirect=${encodeURIComponent("/profile/index")}`);
  await expect(page).toHaveURL(/\/profile\/index$/);
  await expect(page.getByTestId("profile-facts")).toContainText(code);
  // the same link again (in a browser signed out): refused, with a way on
  await page.context().clearCookies();
  await page.goto(`/loginRelay?token=${token}`);
  await expect(page.getByTestId("relay-refused")).toContainText("该登录链接已使用过");
  await page.getByRole("link", { name: "前往登录" }).click();
  await expect(page).toHaveURL(/\/shop_login/);
});
