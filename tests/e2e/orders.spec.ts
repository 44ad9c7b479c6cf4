import ExcelJS from "exceljs";
import { expect, JS_OFF, jsOn, test } from "./fixtures";

/** Batch import (valid and invalid files), delivery records and messages, JS on and off. */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("订单导入");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe("batch import", () => {
  test("a valid file goes to the cart with a report; an invalid file gets a clear message", async ({ page, loginAs }, testInfo) => {
    await loginAs("XCD000001", jsOn(testInfo) ? "1000" : "2000");
    await page.goto("/order/order");
    await page.getByRole("link", { name: "批量导入" }).click();
    await expect(page).toHaveURL(/\/order\/import/);
    const [template] = await Promise.all([page.waitForEvent("download"), page.getByTestId("import-template").click()]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);

    const valid = await xlsx([
      ["订货号", "数量"],
      ["PCLNR2525M12", 10],
      ["CNMG120408-DM YBC252", 3],
      ["NOPE-123", 1],
    ]);
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "orders.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: valid });
    await page.getByRole("button", { name: "上传并导入" }).click();
    await expect(page).toHaveURL(/\/order\/import\/status\?id=\d+/);
    await expect(page.getByTestId("import-done")).toContainText("1 行已加入购物车，2 行被拒绝", { timeout: 15_000 });
    await expect(page.getByTestId("import-report")).toContainText("订货号不存在");
    await expect(page.getByTestId("import-report")).toContainText(/最小起订量 10|最小包装量 10/);

    await page.goto("/order/import");
    await page.locator("input[type=file]").setInputFiles({
      name: "fake.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from("订货号,数量\nCNMG,10\n"),
    });
    await page.getByRole("button", { name: "上传并导入" }).click();
    await expect(page.getByTestId("import-error")).toContainText("只能导入 Excel");

    const noColumns = await xlsx([
      ["foo", "bar"],
      ["x", 1],
    ]);
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "cols.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: noColumns });
    await page.getByRole("button", { name: "上传并导入" }).click();
    await expect(page.getByTestId("import-error")).toContainText("缺少列");
  });
});

test.describe("orders pages", () => {
  test("tabs, filters, columns, delivery records and messages", async ({ page, loginAs }) => {
    await loginAs("XCD000001", "1000");
    await page.goto("/order/order?tab=all&status=cancelled");
    await expect(page.getByTestId("order-row").first()).toHaveAttribute("data-status", "cancelled");
    await page.getByRole("link", { name: "未结订单" }).click();
    await expect(page).toHaveURL(/tab=open/);
    // column choice is saved per user
    await page.goto("/order/order");
    await page.locator("summary", { hasText: "列设置" }).click();
    await page.getByLabel("运费").check();
    await page.getByRole("button", { name: "保存列设置" }).click();
    await expect(page.getByTestId("orders-table").locator("th", { hasText: "运费" })).toBeVisible();
    await page.goto("/order/myRecord");
    await expect(page.getByTestId("record-row").first()).toBeVisible();
    await page.goto("/order/myMessage");
    await expect(page.getByTestId("messages-table")).toBeVisible();
  });

  test("DPC000001 gets 404 for an order of XCD000001", { tag: JS_OFF }, async ({ page, loginAs }) => {
    await loginAs("XCD000001", "1000");
    await page.goto("/order/order?tab=all");
    const orderNo = await page.getByTestId("order-row").first().getAttribute("data-order-no");
    await page.context().clearCookies();
    await loginAs("DPC000001");
    const res = await page.goto(`/order/orderDetails?orderNo=${orderNo}`);
    expect(res?.status()).toBe(404);
    // inside the shop: its menu and search stay, and the page offers a way on
    await expect(page.getByTestId("error-page")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "主菜单" })).toBeVisible();
    await expect(page.locator("#site-search")).toBeVisible();
    await expect(page.getByRole("link", { name: "我的订单" }).last()).toHaveAttribute("href", "/order/order");
    const exp = await page.request.get(`/order/export?kind=details&orderNo=${orderNo}`);
    expect(exp.status()).toBe(404);
  });
});
