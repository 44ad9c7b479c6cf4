import { expect, JS_OFF, jsOn, openE2eDb, test } from "./fixtures";
import { uniqueCode } from "./auth-helpers";

/** Sub-accounts and shipping addresses (issue 3). Every test runs with JavaScript on and off. */

test("a master creates, edits and deletes a sub-account", async ({ page, loginAs }, testInfo) => {
  const code = uniqueCode(testInfo);
  await loginAs("XCD000001");
  await page.goto("/order/subAccount");
  await expect(page.getByRole("heading", { name: "子账号管理" })).toBeVisible();
  await expect(page.getByTestId("account-XCD000001")).toHaveClass(/master-row/);
  await expect(page.getByTestId("watermark")).toBeAttached();

  await page.getByTestId("new-sub-account").click();
  const form = page.getByTestId("sub-account-form");
  await form.locator('input[name="code"]').fill(code);
  await form.locator('input[name="name"]').fill("");
  await form.locator('input[name="mobile"]').fill("13812345678");
  await form.locator('input[name="email"]').fill("bad-email");
  await form.locator('input[name="priceFactor"]').fill("8");
  await form.locator('input[name="password"]').fill("SubPass2026");
  await form.locator('input[name="confirmPassword"]').fill("SubPass2027");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请输入联系人")).toBeVisible();
  await expect(page.getByText("请输入正确的邮箱格式")).toBeVisible();

  await form.locator('input[name="name"]').fill("测试子账号");
  await form.locator('input[name="email"]').fill(`${code.toLowerCase()}@e2e.test`);
  await form.locator('input[name="password"]').fill("SubPass2026");
  await form.locator('input[name="confirmPassword"]').fill("SubPass2027");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
  await form.locator('input[name="password"]').fill("SubPass2026");
  await form.locator('input[name="confirmPassword"]').fill("SubPass2026");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toHaveText("子账号已创建");
  const row = page.getByTestId(`account-${code}`);
  await expect(row).toContainText("测试子账号");
  await expect(row).toContainText("+8 %");

  await row.getByRole("link", { name: /编辑/ }).click();
  await page.getByTestId("sub-account-form").locator('input[name="name"]').fill("改名子账号");
  await page.getByTestId("sub-account-form").locator('input[name="priceFactor"]').fill("12.5");
  await page.getByTestId("sub-account-form").getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toHaveText("子账号已保存");
  await expect(row).toContainText("改名子账号");
  await expect(row).toContainText("+12.5 %");

  await row.locator("summary").click();
  await row.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByTestId("flash")).toHaveText("子账号已删除");
  await expect(page.getByTestId(`account-${code}`)).toHaveCount(0);
});

/**
 * The highest XCD + 6 digits code of the demo data's users (any dealer's): the accounts the e2e
 * tests add (e-mail @e2e.test) come and go while this test runs (a sub-account made and deleted).
 */
function highestXcdNumber(): number {
  const db = openE2eDb();
  try {
    const codes = db.prepare("select code from app_user where code like 'XCD%' and email not like '%@e2e.test'").all() as { code: string }[];
    return Math.max(
      ...codes
        .map((c) => c.code)
        .filter((c) => /^XCD\d{6}$/.test(c))
        .map((c) => Number(c.slice(3))),
    );
  } finally {
    db.close();
  }
}

test("the new sub-account form suggests the next free code of all dealers; a taken code is refused", async ({ page, loginAs }) => {
  await loginAs("XCD000001");
  const highest = highestXcdNumber();
  await page.goto("/order/subAccount?new=1");
  const form = page.getByTestId("sub-account-form");
  const codeInput = form.locator('input[name="code"]');
  const suggested = await codeInput.inputValue();
  expect(suggested).toMatch(/^XCD\d{6}$/);
  // above every XCD code of the demo data, and free (other tests make and delete accounts meanwhile)
  expect(Number(suggested.slice(3))).toBeGreaterThan(highest);
  const db = openE2eDb();
  try {
    expect(db.prepare("select count(*) as n from app_user where code = ?").get(suggested)).toEqual({ n: 0 });
  } finally {
    db.close();
  }
  await expect(form.getByText(`已预填下一个可用账号 ${suggested}，可修改`)).toBeVisible();

  // XCD000010 is another account's code (the master does not see it in its list): refused, with a clear message
  await expect(page.getByTestId("account-XCD000010")).toHaveCount(0);
  await codeInput.fill("XCD000010");
  await form.locator('input[name="name"]').fill("撞号测试");
  await form.locator('input[name="mobile"]').fill("13812345678");
  await form.locator('input[name="email"]').fill("taken@e2e.test");
  await form.locator('input[name="password"]').fill("SubPass2026");
  await form.locator('input[name="confirmPassword"]').fill("SubPass2026");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.getByText("该登录账号已被占用（可能属于其他经销商），请使用建议的账号或另选一个")).toBeVisible();
  await expect(form.getByText(/已预填下一个可用账号 XCD\d{6}，可修改/)).toBeVisible();
});

test("XCD000002 cannot open sub-account management", { tag: JS_OFF }, async ({ page, loginAs }) => {
  await loginAs("XCD000002");
  const response = await page.goto("/order/subAccount");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("not-master")).toHaveText("当前账号不是主账号");
  await expect(page.getByTestId("sub-account-table")).toHaveCount(0);
});

test("address add, edit, default and delete", async ({ page, loginAs }, testInfo) => {
  // each project works on another dealer's addresses: the projects run at the same time
  await loginAs(jsOn(testInfo) ? "XCD000001" : "DPC000001");
  const name = `收货人${uniqueCode(testInfo).slice(-4)}`;
  await page.goto("/order/addressManage");
  await page.getByTestId("new-address").click();
  const form = page.getByTestId("address-form");
  await form.locator('input[name="consignee"]').fill(name);
  await form.locator('input[name="phone"]').fill("x");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请输入正确的电话号码")).toBeVisible();
  await expect(page.getByText("请输入省份")).toBeVisible();
  await form.locator('input[name="phone"]').fill("0731-22880000");
  await form.locator('input[name="province"]').fill("湖南省");
  await form.locator('input[name="city"]').fill("长沙市");
  await form.locator('input[name="district"]').fill("岳麓区");
  await form.locator('input[name="line"]').fill("麓谷大道 100 号");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toHaveText("收货地址已新增");
  const item = page.getByTestId("address-item").filter({ hasText: name });
  await expect(item).toContainText("麓谷大道 100 号");

  await item.getByRole("link", { name: "编辑" }).click();
  await page.getByTestId("address-form").locator('input[name="line"]').fill("麓谷大道 200 号");
  await page.getByTestId("address-form").getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toHaveText("收货地址已保存");
  await expect(item).toContainText("麓谷大道 200 号");

  await item.getByRole("button", { name: "设为默认" }).click();
  await expect(page.getByTestId("flash")).toHaveText("默认地址已设置");
  await expect(item).toHaveClass(/is-default/);
  await expect(page.locator(".address-item.is-default")).toHaveCount(1);

  await item.locator("summary").click();
  await item.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByTestId("flash")).toHaveText("收货地址已删除");
  await expect(page.getByTestId("address-item").filter({ hasText: name })).toHaveCount(0);
  await expect(page.locator(".address-item.is-default")).toHaveCount(1);
});
