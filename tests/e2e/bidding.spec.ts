import type { Page, TestInfo } from "@playwright/test";
import { signInAt } from "./auth-helpers";
import { expect, JS_OFF, JS_ON, jsOn, openE2eDb, test } from "./fixtures";
import { useLanguage } from "./journey-pages";

/**
 * Issue 18 items 5, 6 and 7 (decision 053), with JavaScript on and off: the content editor
 * publishes a rare-earth tender with a document and anybody reads it on /gdre; the downloads by
 * category; the column choices of the delivery records. Both projects share one database, so
 * each uses its own tender number and its own dealer.
 */
const tag = (info: TestInfo) => (jsOn(info) ? "JS" : "NOJS");
/** `YYYY-MM-DDTHH:mm` in China time, hours from now, for a datetime-local field. */
const chinaLocal = (hours: number) => new Date(Date.now() + (hours + 8) * 3_600_000).toISOString().slice(0, 16);
const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** The content editor signed in at the back office's sign-in, on the dashboard. */
const signInEditor = (page: Page) => signInAt(page, "/login", "EMP000004", /\/system$/);

test("the content editor publishes a tender with a document; anybody reads it on /gdre, open or closed", async ({ page, browser }, info) => {
  const no = `GDRE-E2E-${tag(info)}`;
  const title = `氧化铽采购招标 ${tag(info)}`;
  await signInEditor(page);
  await page.getByTestId("admin-sidebar").getByRole("link", { name: "稀土招标" }).click();
  await expect(page).toHaveURL(/\/system\/gdre$/);
  await page.getByTestId("bidding-new").click();
  await page.getByLabel("招标编号").fill(no);
  await page.getByLabel("联系方式").fill("采购中心 李工 0731-0000 <b>1</b>");
  await page.getByLabel("标题（中文）").fill(title);
  await page.getByLabel("标题（英文）").fill(`Terbium oxide tender ${tag(info)}`);
  await page.getByLabel("正文（中文）").fill("采购氧化铽 2 吨。");
  await page.getByLabel("正文（英文）").fill("We buy 2 t of terbium oxide.");
  await page.getByLabel("发布时间").fill(chinaLocal(-2));
  await page.getByLabel("开标时间").fill(chinaLocal(-1));
  // closing before opening is refused with a message, nothing saved
  await page.getByLabel("截止时间").fill(chinaLocal(-1.5));
  await page.getByTestId("bidding-save").click();
  await expect(page.getByTestId("form-error")).toContainText("截止时间须晚于开标时间");
  await page.getByLabel("截止时间").fill(chinaLocal(48));
  await page.getByTestId("bidding-save").click();
  await expect(page.getByTestId("flash")).toContainText("招标已保存");
  await expect(page.getByTestId("bidding-status")).toHaveText("未发布");
  await page.getByTestId("bidding-file").setInputFiles({ name: "招标文件.pdf", mimeType: "application/pdf", buffer: pdf });
  await page.getByTestId("bidding-upload").click();
  await expect(page.getByTestId("flash")).toContainText("招标文件已上传");
  await expect(page.getByTestId("bidding-admin-documents")).toContainText("招标文件.pdf");

  // a visitor (not signed in) does not see the draft
  const visitor = await (await browser.newContext({ javaScriptEnabled: jsOn(info), locale: "zh-CN" })).newPage();
  await visitor.goto("/gdre");
  await expect(visitor.getByTestId("bidding-table")).not.toContainText(title);

  await page.getByTestId("bidding-publish").click();
  await expect(page.getByTestId("flash")).toContainText("招标已发布");
  const url = page.url();

  await visitor.goto("/gdre?state=open");
  const row = visitor.getByTestId("bidding-row").filter({ hasText: title });
  await expect(row).toHaveAttribute("data-state", "open");
  await expect(visitor.getByTestId("bidding-row").first()).toHaveAttribute("data-state", "open");
  await row.getByRole("link", { name: title }).click();
  await expect(visitor.getByTestId("bidding-title")).toHaveText(title);
  await expect(visitor.getByTestId("bidding-contact")).toHaveText("采购中心 李工 0731-0000 <b>1</b>");
  const link = visitor.getByTestId("bidding-documents").getByRole("link", { name: "下载 招标文件.pdf" });
  await expect(visitor.getByTestId("bidding-documents")).toContainText("PDF，1 KB");
  const file = await visitor.request.get((await link.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["content-disposition"]).toContain("filename*=UTF-8''%E6%8B%9B%E6%A0%87%E6%96%87%E4%BB%B6.pdf");
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  const detailsUrl = visitor.url();

  // closed tenders are apart; ours is not among them
  await visitor.goto("/gdre");
  await visitor.getByTestId("bidding-filter").getByRole("link", { name: "已截止" }).click();
  await expect(visitor).toHaveURL(/state=closed/);
  await expect(visitor.getByTestId("bidding-row").first()).toHaveAttribute("data-state", "closed");
  await expect(visitor.getByTestId("bidding-table")).toContainText("碳化钨粉");
  await expect(visitor.getByTestId("bidding-table")).not.toContainText(title);

  // in English too
  await useLanguage(visitor, "en", info.project.use.baseURL!);
  await visitor.goto(detailsUrl);
  await expect(visitor.getByTestId("bidding-title")).toHaveText(`Terbium oxide tender ${tag(info)}`);
  await expect(visitor.getByText("Tender documents")).toBeVisible();

  // unpublished: gone at once, the document too
  await page.goto(url);
  await page.getByTestId("bidding-publish").click();
  await expect(page.getByTestId("flash")).toContainText("招标已撤回");
  expect((await visitor.goto(detailsUrl))?.status()).toBe(404);
  expect((await visitor.request.get(file.url())).status()).toBe(404);
});

test("downloads are grouped by category, with a filter that works without JavaScript and each file's type and size", { tag: JS_OFF }, async ({ page }) => {
  await page.goto("/downloadService");
  const groups = page.getByTestId("download-group");
  await expect(groups.first().getByRole("heading")).toHaveText("产品样本");
  await expect(groups.nth(1).getByRole("heading")).toHaveText("技术资料");
  await expect(groups.first().getByTestId("download-item").first()).toContainText(/PDF，\d+ KB/);
  await page
    .getByTestId("download-filter")
    .getByRole("link", { name: /技术资料/ })
    .click();
  await expect(page).toHaveURL(/category=\d+/);
  await expect(groups).toHaveCount(1);
  await expect(groups.first().getByRole("heading")).toHaveText("技术资料");
  await expect(groups.first().getByTestId("download-item")).toHaveCount(2);
  const href = await groups
    .first()
    .getByRole("link", { name: /^下载文件：/ })
    .first()
    .getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
});

test("column choices of the delivery records are kept per user and table", async ({ page, loginAs }, info) => {
  // each project its own dealer with delivery records
  const db = openE2eDb();
  const dealers = db
    .prepare(
      "select distinct u.code from app_user u join sales_order o on o.user_id = u.id join shipment s on s.order_id = o.id where u.code like 'XCD%' order by u.code limit 2",
    )
    .all() as { code: string }[];
  db.close();
  const code = dealers[jsOn(info) ? 0 : 1]?.code ?? dealers[0].code;
  await loginAs(code);
  await page.goto("/order/myRecord");
  const table = page.getByTestId("records-table");
  await expect(table.locator("th", { hasText: "承运商" })).toBeVisible();
  await page.locator("summary", { hasText: "列设置" }).click();
  const chooser = page.getByTestId("columns-delivery_records");
  await chooser.getByLabel("承运商").uncheck();
  await chooser.getByLabel("批次号").uncheck();
  await chooser.getByRole("button", { name: "保存列设置" }).click();
  await expect(page).toHaveURL(/\/order\/myRecord$/);
  await expect(page.getByTestId("flash")).toContainText("列设置已保存");
  await expect(table.locator("th", { hasText: "物流单号" })).toBeVisible();
  await expect(table.locator("th", { hasText: "承运商" })).toHaveCount(0);
  await expect(table.locator("th", { hasText: "批次号" })).toHaveCount(0);
  // the orders table keeps its own choice
  await page.goto("/order/order");
  await expect(page.getByTestId("orders-table").getByRole("columnheader", { name: "订单号", exact: true })).toBeVisible();
  // and the choice comes back on the next visit, and through GET /userModuleField
  await page.goto("/order/myRecord");
  await expect(table.locator("th", { hasText: "承运商" })).toHaveCount(0);
  const saved = await page.request.get("/userModuleField?module=delivery_records");
  expect(await saved.json()).toEqual({ module: "delivery_records", fields: ["shipDate", "orderNo", "code", "qty", "orderedQty", "trackingNo", "packingSlip"] });
});

test("at 360 px the shop's top bar of XCD000001 (two company entities, unread notices) does not scroll sideways", { tag: JS_ON }, async ({ page, loginAs }) => {
  await loginAs("XCD000001", "1000");
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ["/homePage", "/gdre", "/downloadService", "/order/myRecord"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
  }
});

// the bidding screens of the back office as the editor, axe and 360 px: page-checks.spec.ts
