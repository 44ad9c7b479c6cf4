import type { Page } from "@playwright/test";
import { cloneUser, dealerPage, uniqueCode } from "./auth-helpers";
import { expect, jsOn, seriousViolations, test } from "./fixtures";

/**
 * The tool types editor (decision 051, "Editing the types"), with JavaScript on and off: the
 * administrator adds a tool type with two attributes (from the sidebar's "Tool quotations"
 * group), orders them; the dealer's quotation form offers the type with those fields and a request
 * filed with it shows the values; deactivated, the type is no longer offered while the request
 * still shows it. Each project adds its own type (its own code) and uses its own accounts.
 */
async function addAttribute(
  page: Page,
  fields: { key: string; zh: string; en: string; kind: "number" | "choice"; unit?: string; min?: string; max?: string; choices?: string },
) {
  await page.getByTestId("attribute-add").click();
  await expect(page).toHaveURL(/\/attribute\/new$/);
  const form = page.getByTestId("attribute-form");
  await form.getByLabel("键").fill(fields.key);
  await form.getByLabel("中文名称").fill(fields.zh);
  await form.getByLabel("英文名称").fill(fields.en);
  await form.getByLabel("参数类型").selectOption(fields.kind);
  if (fields.unit) await form.getByLabel("单位").fill(fields.unit);
  if (fields.min) await form.getByLabel("最小值").fill(fields.min);
  if (fields.max) await form.getByLabel("最大值").fill(fields.max);
  if (fields.choices) await form.getByLabel("选项", { exact: true }).fill(fields.choices);
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toContainText("参数已新增");
}

test("the administrator adds a tool type with two attributes; the dealer is offered it and files a request; deactivated, it is no longer offered", async ({
  page,
  browser,
  loginAs,
}, info) => {
  const on = jsOn(info);
  const n = Date.now() % 1_000_000;
  const code = `e2e_${on ? "on" : "off"}_${n}`;
  const nameZh = `测试成型刀 ${on ? "甲" : "乙"}${n}`;
  const admin = uniqueCode(info, "EMP");
  cloneUser("EMP000001", admin);
  await loginAs(admin);

  // from the sidebar's "Tool quotations" group
  await page.goto("/system");
  await page.getByTestId("admin-sidebar").getByRole("link", { name: "刀具类型与参数" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("刀具类型与参数");
  await expect(page.getByTestId("type-table")).toContainText("非标钻头");

  // a bad code comes back with the reason and the typed values
  const add = page.getByTestId("type-new");
  await add.getByLabel("代码").fill("Bad Code");
  await add.getByLabel("中文名称").fill(nameZh);
  await add.getByLabel("英文名称").fill(`Test form tool ${n}`);
  await add.getByRole("button", { name: "新增" }).click();
  await expect(page.getByTestId("type-new")).toContainText("代码为 1–20 位小写字母、数字或下划线");
  await expect(page.getByTestId("type-new").getByLabel("中文名称")).toHaveValue(nameZh);
  await page.getByTestId("type-new").getByLabel("代码").fill(code);
  await page.getByTestId("type-new").getByRole("button", { name: "新增" }).click();
  await expect(page).toHaveURL(/\/system\/quotationToolType\/\d+$/);
  await expect(page.getByTestId("flash")).toContainText("刀具类型已新增");
  const typeUrl = new URL(page.url()).pathname;

  await addAttribute(page, { key: "blade_dia", zh: "刃径", en: "Blade diameter", kind: "number", unit: "mm", min: "1", max: "20" });
  await addAttribute(page, { key: "coat", zh: "涂层工艺", en: "Coating process", kind: "choice", choices: "PVD\nCVD\n无涂层" });
  const rows = page.getByTestId("attribute-table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-key", "blade_dia");
  // the coating first
  await rows.nth(1).getByRole("button", { name: "上移 涂层工艺" }).click();
  await expect(page.getByTestId("flash")).toContainText("参数顺序已更新");
  await expect(page.getByTestId("attribute-table").locator("tbody tr").nth(0)).toHaveAttribute("data-key", "coat");
  if (on) expect(await seriousViolations(page)).toEqual([]);

  // the dealer's form offers it at once, with those fields
  const dealerCode = uniqueCode(info);
  cloneUser("XCD000001", dealerCode);
  const dealer = await dealerPage(browser, info, dealerCode);
  await dealer.goto("/technologyService/cutterOffer");
  await dealer.getByTestId("quote-type").selectOption(code);
  await dealer.getByTestId("quote-pick").click();
  const form = dealer.getByTestId("quote-form");
  await expect(form.locator("legend")).toContainText(nameZh);
  await expect(form.locator("fieldset label")).toHaveCount(2);
  await expect(form.locator("fieldset label").first()).toContainText("涂层工艺");
  await form.getByLabel("刃径").fill("12.5");
  await form.getByLabel("涂层工艺").selectOption("PVD");
  await dealer.getByTestId("quote-qty").fill("8");
  await dealer.getByTestId("quote-material").fill("SKD11");
  await dealer.getByTestId("quote-submit").click();
  await dealer.waitForURL(/cutterOfferDetails\?id=\d+/);
  await expect(dealer.getByTestId("flash")).toContainText("报价申请已提交");
  const facts = dealer.getByTestId("quote-facts");
  await expect(facts).toContainText(nameZh);
  await expect(facts).toContainText("刃径");
  await expect(facts).toContainText("12.5 mm");
  await expect(facts).toContainText("PVD");
  const details = dealer.url();

  // deactivated: no longer offered; the request still shows the type and its values
  await page.goto(typeUrl);
  await page.getByTestId("type-form").getByLabel("向经销商提供").uncheck();
  await page.getByTestId("type-form").getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toContainText("刀具类型已保存");
  await page.goto("/system/quotationToolType");
  const row = page.getByTestId("type-table").locator(`tr[data-code="${code}"]`);
  await expect(row).toContainText("停用");
  await expect(row.locator("td").nth(6)).toHaveText("1");

  await dealer.goto("/technologyService/cutterOffer");
  await expect(dealer.getByTestId("quote-type").locator(`option[value="${code}"]`)).toHaveCount(0);
  await dealer.goto(`/technologyService/cutterOffer?type=${code}`);
  await expect(dealer.getByTestId("quote-form")).toHaveCount(0);
  await dealer.goto(details);
  await expect(dealer.getByTestId("quote-facts")).toContainText(nameZh);
  await expect(dealer.getByTestId("quote-facts")).toContainText("12.5 mm");
  await dealer.context().close();
});
