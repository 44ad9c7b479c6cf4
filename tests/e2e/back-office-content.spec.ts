import type { Browser, Page, TestInfo } from "@playwright/test";
import { dealerPage as signedInDealer, signInAt } from "./auth-helpers";
import { expect, openE2eDb, test } from "./fixtures";

/**
 * Promotions and content in the back office (issue 17, items 5 and 6; decision 046), with and
 * without JavaScript. The content editor EMP000004 makes the changes, the dealer XCD000001 sees
 * them in the shop. Both projects share one database, so each uses its own product and titles.
 */
const jsOn = (info: TestInfo) => info.project.name === "js-on";
const tag = (info: TestInfo) => (jsOn(info) ? "JS" : "NOJS");

/** The content editor signed in at the back office's sign-in, on the dashboard. */
const signInEditor = (page: Page) => signInAt(page, "/login", "EMP000004", /\/system$/);

/** The dealer XCD000001 signed in at /shop_login in a context of its own. */
const dealerPage = (browser: Browser, info: TestInfo): Promise<Page> => signedInDealer(browser, info, "XCD000001");

/** A product of entity 1000 with a price and no promotion: a different one per project. */
function freeProduct(info: TestInfo): string {
  const db = openE2eDb();
  try {
    const rows = db
      .prepare(
        `select p.ordering_code from product p join stock s on s.product_id = p.id and s.tenant_id = (select id from tenant where code = '1000')
         where p.list_price > 2000 and p.status = 'active' and p.id not in (select product_id from promotion_item) order by p.id desc limit 2`,
      )
      .all() as { ordering_code: string }[];
    return rows[jsOn(info) ? 0 : 1].ordering_code;
  } finally {
    db.close();
  }
}

async function newContent(
  page: Page,
  kind: string,
  fields: { titleZh: string; titleEn: string; status: "draft" | "published"; file?: { name: string; buffer: Buffer }; bodyZh?: string },
) {
  await page.goto(`/system/content/new?kind=${kind}`);
  await page.getByLabel("标题（中文）").fill(fields.titleZh);
  await page.getByLabel("标题（英文）").fill(fields.titleEn);
  await page.getByLabel("正文（中文）").fill(fields.bodyZh ?? `${fields.titleZh}的正文`);
  await page.getByLabel("正文（英文）").fill(`Text of ${fields.titleEn}`);
  await page.getByTestId("content-status").selectOption(fields.status);
  if (fields.file) await page.getByTestId("content-file").setInputFiles({ name: fields.file.name, mimeType: "application/pdf", buffer: fields.file.buffer });
  await page.getByTestId("content-save").click();
  await expect(page.getByTestId("flash")).toContainText("内容已保存");
}

test("the content editor puts a product on sale and the dealer sees the promotion price", async ({ page, browser }, info) => {
  const code = freeProduct(info);
  await signInEditor(page);
  await page.getByTestId("admin-sidebar").getByRole("link", { name: "促销活动" }).click();
  await page.getByTestId("promotion-new").click();
  await page.getByLabel("类型").selectOption("sale");
  await page.getByLabel("标题（中文）").fill(`E2E 特价 ${tag(info)}`);
  await page.getByLabel("标题（英文）").fill(`E2E sale ${tag(info)}`);
  // a code the entity does not carry: refused with the code named, the typed values kept
  await page.getByTestId("promotion-items").fill("NO-SUCH-CODE-1, 8.88");
  await page.getByTestId("promotion-save").click();
  await expect(page.getByTestId("form-error")).toHaveText("以下商品不在本公司主体的产品范围内：NO-SUCH-CODE-1");
  await expect(page.getByLabel("标题（中文）")).toHaveValue(`E2E 特价 ${tag(info)}`);
  await page.getByTestId("promotion-items").fill(`${code}, 8.88`);
  await page.getByTestId("promotion-save").click();
  await expect(page.getByTestId("flash")).toContainText("促销已保存");

  const dealer = await dealerPage(browser, info);
  await dealer.goto(`/item?code=${encodeURIComponent(code)}`);
  await expect(dealer.locator("main")).toContainText("8.88");
  await dealer.goto("/promotion");
  await expect(dealer.locator("main")).toContainText(`E2E 特价 ${tag(info)}`);
  await dealer.context().close();
});

test("announcements and downloads: published ones reach the dealer, drafts do not", async ({ page, browser }, info) => {
  const t = tag(info);
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  await signInEditor(page);
  // an announcement carries a link (a web address in its text) and an attached file
  await newContent(page, "announcement", {
    titleZh: `E2E 公告 ${t}`,
    titleEn: `E2E notice ${t}`,
    status: "published",
    bodyZh: `新价格表见 https://example.com/prices-${t}.html。<script>alert(1)</script>`,
    file: { name: `价格表-${t}.pdf`, buffer: pdf },
  });
  await newContent(page, "announcement", { titleZh: `E2E 草稿 ${t}`, titleEn: `E2E draft ${t}`, status: "draft" });
  await expect(page.getByRole("heading", { name: /编辑公告/ })).toBeVisible();
  await page.getByRole("link", { name: "预览" }).click();
  await expect(page.getByTestId("preview-state")).toContainText("草稿");
  await expect(page.locator(".content-preview")).toContainText(`E2E draft ${t}`);

  await newContent(page, "download", {
    titleZh: `E2E 样本 ${t}`,
    titleEn: `E2E catalogue ${t}`,
    status: "published",
    file: { name: `样本-${t}.pdf`, buffer: pdf },
  });
  // downloads are labelled as downloads, not as announcements
  await page.goto("/system/content/new?kind=download");
  await expect(page.getByLabel("下载分类")).toBeVisible();
  await page.goto("/system/contentCategory?kind=download");
  await expect(page).toHaveTitle(/下载分类/);

  const dealer = await dealerPage(browser, info);
  await dealer.goto("/announcement");
  await expect(dealer.locator("main")).toContainText(`E2E 公告 ${t}`);
  await expect(dealer.locator("main")).not.toContainText(`E2E 草稿 ${t}`);
  await dealer.getByRole("link", { name: `E2E 公告 ${t}` }).click();
  await expect(dealer.getByRole("link", { name: `https://example.com/prices-${t}.html` })).toHaveAttribute("href", `https://example.com/prices-${t}.html`);
  await expect(dealer.locator("main")).toContainText("<script>alert(1)</script>");
  const attachment = dealer.getByTestId("content-download");
  await expect(attachment).toContainText(`附件：价格表-${t}.pdf`);
  expect(await (await dealer.request.get((await attachment.getAttribute("href"))!)).body()).toEqual(pdf);
  await dealer.goto("/homePage");
  await expect(dealer.locator("main")).toContainText(`E2E 公告 ${t}`);

  await dealer.goto("/downloadService/downloadService");
  await dealer.getByRole("link", { name: `E2E 样本 ${t}` }).click();
  const link = dealer.getByTestId("content-download");
  await expect(link).toContainText(`样本-${t}.pdf`);
  const href = await link.getAttribute("href");
  const file = await dealer.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(await file.body()).toEqual(pdf);
  await dealer.context().close();
});

test("new and hot products: an unknown ordering code is refused with the code named", async ({ page }) => {
  await signInEditor(page);
  await page.goto("/system/newProduct");
  await page.getByTestId("hot-code").fill("NO-SUCH-CODE-2");
  await page.getByTestId("hot-code").press("Enter");
  await expect(page.getByTestId("form-error")).toHaveText("订货号 NO-SUCH-CODE-2 不存在");
});
