import ExcelJS from "exceljs";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { dealerPage as signedInDealer, signInAdmin } from "./auth-helpers";
import { axe, expect, hydrated, JS_ON, jsOn, openE2eDb, test } from "./fixtures";

/**
 * Customers and prices, the price/stock import and catalogue editing (decision 045) as the demo
 * administrator, with JavaScript on and off; the dealer's shop shows each change. The two
 * projects share one database and run at the same time, so each works on its own dealer and its
 * own product: js-on on XCD000001 (C10001), js-off on DPC000001 (C20001).
 */
// the customer's terms, the price import and the product edits read what the test before set on
// the project's dealer and product: in order, in one worker (decision 087)
test.describe.configure({ mode: "default" });

const dealerOf = (info: TestInfo) => (jsOn(info) ? { user: "XCD000001", customer: "C10001" } : { user: "DPC000001", customer: "C20001" });

/** A product with a list price, no promotion and no customer price of the dealer: its shop price is its list price in the dealer's company entity less the discount. */
function plainProduct(info: TestInfo, nth: number): { id: number; code: string; listPrice: number; tenantCode: string } {
  const db = openE2eDb();
  try {
    // the dealer's own account, not any master account of the customer: other tests add copies
    // of master accounts, and each copy would repeat every row
    const { user } = dealerOf(info);
    const rows = db
      .prepare(
        `select p.id, p.ordering_code as code, coalesce(s.list_price, p.list_price) as listPrice, t.code as tenantCode from product p
         join app_user u on u.code = ?
         join user_tenant ut on ut.user_id = u.id and ut.is_default = 1
         join tenant t on t.id = ut.tenant_id
         left join stock s on s.product_id = p.id and s.tenant_id = t.id
         where p.status = 'active' and p.list_price is not null and p.kind = 'holder'
           -- neither dealer's customer prices: both projects must draw from one list, so that
           -- js-on's rows (even) and js-off's rows (odd) never name the same product
           and not exists (select 1 from customer_price cp join customer pc on pc.id = cp.customer_id
                           where cp.product_id = p.id and pc.code in ('C10001', 'C20001'))
           and not exists (select 1 from promotion_item pi where pi.product_id = p.id)
         order by p.id limit 6`,
      )
      .all(user) as { id: number; code: string; listPrice: number; tenantCode: string }[];
    return rows[nth * 2 + (jsOn(info) ? 0 : 1)];
  } finally {
    db.close();
  }
}

/** The project's dealer signed in at /shop_login in a context of its own. */
const dealerPage = (browser: Browser, info: TestInfo): Promise<Page> => signedInDealer(browser, info, dealerOf(info).user);

const yuan = (fen: number) => (fen / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function priceFile(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("牌价库存");
  ws.addRow(["订货号", "牌价（元）", "可用库存", "交货周期（天）"]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(page: Page, name: string, buffer: Buffer, tenantCode: string) {
  await page.goto("/system/priceImport");
  const value = await page
    .locator('select[name="tenantId"] option', { hasText: `${tenantCode} ` })
    .first()
    .getAttribute("value");
  await page.getByLabel("公司主体").selectOption(value ?? "");
  await page.locator('input[name="file"]').setInputFiles({ name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await page.getByRole("button", { name: "上传并导入" }).click();
  await page.waitForURL(/\/system\/priceImport\/job\/\d+$/);
  const job = page.getByTestId("import-job");
  // the page refreshes itself while the job runs
  await expect(job).not.toHaveAttribute("data-status", "running", { timeout: 20_000 });
  return job;
}

test("the administrator changes a dealer's credit limit, discount and acceptance-bill terms; the dealer's shop shows them", async ({ page, browser }, info) => {
  const { customer, user } = dealerOf(info);
  const product = plainProduct(info, 0);
  const limit = jsOn(info) ? "1234567.00" : "7654321.00";
  await signInAdmin(page);
  await page.getByTestId("admin-sidebar").getByRole("link", { name: "客户管理" }).click();
  await page.getByRole("searchbox", { name: "客户编码或名称" }).fill(customer);
  await page.getByRole("button", { name: "查询" }).click();
  await page.getByTestId(`customer-${customer}`).getByRole("link", { name: customer }).click();
  await page.getByLabel("信用额度（元）").fill(limit);
  await page.getByLabel("客户折扣（%）").fill("12.50");
  // the acceptance bill's terms, apart from the on-account terms (decision 054)
  const billDays = jsOn(info) ? 75 : 80;
  await page.getByLabel("承兑汇票账期（天）").fill(String(billDays));
  await page.getByTestId("customer-form").getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toContainText("客户信息已保存");
  await expect(page.getByLabel("信用额度（元）")).toHaveValue(limit);
  await expect(page.getByTestId("customer-entities")).toContainText(yuan(Math.round(Number(limit) * 100)));

  // the dealer's price is the list price less 12.5 %, and the order form's credit limit is the new one
  const dealer = await dealerPage(browser, info);
  await dealer.goto(`/item?code=${encodeURIComponent(product.code)}`);
  await expect(dealer.getByTestId("item-price")).toContainText(yuan(Math.round(product.listPrice * 0.875)));
  const db = openE2eDb();
  try {
    const u = db.prepare("select id, customer_id from app_user where code = ?").get(user) as { id: number; customer_id: number };
    const t = db.prepare("select id from tenant where code = ?").get(product.tenantCode) as { id: number };
    db.prepare("delete from cart_item where user_id = ? and tenant_id = ?").run(u.id, t.id);
    db.prepare("insert into cart_item (tenant_id, customer_id, user_id, product_id, qty, selected, updated_at) values (?, ?, ?, ?, 10, 1, ?)").run(
      t.id,
      u.customer_id,
      u.id,
      product.id,
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
  await dealer.goto("/order/fillOrder");
  await expect(dealer.getByTestId("credit")).toContainText(yuan(Math.round(Number(limit) * 100)));
  // the order form's deadline for an acceptance bill is today (China) plus the new terms
  const chinaToday = new Date(Date.now() + 8 * 3_600_000);
  const billDeadline = new Date(chinaToday.getTime() + billDays * 86_400_000).toISOString().slice(0, 10);
  await expect(dealer.locator("label.payment-option", { hasText: "银行承兑汇票" })).toContainText(`付款期限 ${billDeadline}`);
  await dealer.context().close();
});

test("a small price file updates the list price the dealer sees; a bad file names its row and column and changes nothing", async ({ page, browser }, info) => {
  const product = plainProduct(info, 1);
  const newPrice = jsOn(info) ? 612.4 : 733.6;
  await signInAdmin(page);
  await page.getByTestId("admin-sidebar").getByRole("link", { name: "牌价库存导入" }).click();
  await expect(page.getByTestId("template-zh")).toHaveAttribute("href", "/system/priceImport/template?lang=zh");
  await expect(page.getByTestId("template-en")).toHaveAttribute("href", "/system/priceImport/template?lang=en");

  const bad = await upload(
    page,
    "bad.xlsx",
    await priceFile([
      [product.code, newPrice, 5, 3],
      [product.code + "-NOPE", "abc", 1, 1],
    ]),
    product.tenantCode,
  );
  await expect(bad).toHaveAttribute("data-status", "failed");
  await expect(page.getByTestId("import-failed")).toContainText("第 3 行 B 列（牌价（元））");
  await expect(page.getByTestId("import-failed")).toContainText("数据没有任何改动");

  const dealer = await dealerPage(browser, info);
  await dealer.goto(`/item?code=${encodeURIComponent(product.code)}`);
  const discount = (openE2eDb().prepare("select discount_bp as d from customer where code = ?").get(dealerOf(info).customer) as { d: number }).d;
  const shopPrice = (list: number) => yuan(Math.round((list * (10_000 - discount)) / 10_000));
  await expect(dealer.getByTestId("item-price")).toContainText(shopPrice(product.listPrice));

  const good = await upload(page, "good.xlsx", await priceFile([[product.code, newPrice, 321, 6]]), product.tenantCode);
  await expect(good).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("import-done")).toContainText("已导入 1 行");
  await dealer.reload();
  await expect(dealer.getByTestId("item-price")).toContainText(shopPrice(Math.round(newPrice * 100)));
  await expect(dealer.getByTestId("item-stock")).toContainText("321");
  await dealer.context().close();
});

test("a product renamed in the back office shows on the shop's product page and in its search at once; a bad ISO code is refused", async ({
  page,
  browser,
}, info) => {
  const db = openE2eDb();
  const insert = db
    .prepare(
      "select id, ordering_code as code from product where kind = 'turning_insert' and ordering_code like 'C%' and status = 'active' order by id limit 1 offset ?",
    )
    .get(jsOn(info) ? 3 : 4) as { id: number; code: string };
  db.close();
  const word = jsOn(info) ? "Quasarite" : "Nebulite";
  await signInAdmin(page);
  await page.goto(`/system/product?q=${encodeURIComponent(insert.code)}`);
  await page.getByTestId(`product-${insert.id}`).getByRole("link", { name: insert.code }).click();
  await page.waitForURL(new RegExp(`/system/product/${insert.id}$`));
  // filled before React takes over the form, the field would be given its loaded value back
  if (jsOn(info)) await hydrated(page);
  // the fields are found in the product form: after a client-side navigation the URL is the new
  // one while the list page may still be on screen, and its search box ("订货号、名称或规格")
  // answers to the same label (the test once typed into it, under load)
  const form = page.getByTestId("product-form");
  await form.getByLabel("订货号").fill("CNMG12-DM XX");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("orderingCode-error")).toContainText("不是有效的 ISO 刀片订货号");

  await form.getByLabel("订货号").fill(insert.code);
  await form.getByLabel("英文名称").fill(`${word} finishing insert`);
  await form.getByLabel("中文名称").fill(`${word}精车刀片`);
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("flash")).toContainText("商品已保存");

  const shop = await dealerPage(browser, info);
  await shop.goto(`/item?code=${encodeURIComponent(insert.code)}`);
  await expect(shop.locator(".item-name")).toHaveText(`${word}精车刀片`);
  await shop.goto(`/searchProduct?keyWord=${word}`);
  await expect(shop.getByRole("link", { name: insert.code })).toBeVisible();
  await shop.context().close();
});

// At 1366 px these screens are in the page sweep (page-checks.spec.ts: axe, Nu checker, 360 px);
// here axe checks their phone layout as well, with JavaScript on (the hydrated page).
for (const width of [360]) {
  test(`axe finds nothing serious on the new screens at ${width} px, and nothing scrolls sideways`, { tag: JS_ON }, async ({ page }) => {
    test.setTimeout(120_000);
    await signInAdmin(page);
    const db = openE2eDb();
    const customer = (db.prepare("select id from customer where code = 'C90010'").get() as { id: number }).id;
    const job = (
      db.prepare("select max(id) as id from background_job where kind = 'price_import' and status in ('done', 'failed')").get() as { id: number | null }
    ).id;
    const node = (db.prepare("select code from catalogue_node where level = 3 order by code").get() as { code: string }).code;
    db.close();
    const pages = [
      "/system/customer",
      `/system/customer/${customer}`,
      `/system/customer/${customer}/prices`,
      "/system/priceImport",
      "/system/catalogueNode",
      `/system/catalogueNode?parent=${node}`,
      `/system/catalogueNode/${node}`,
      "/system/catalogueNode/new",
      "/system/product",
      "/system/product/2",
      "/system/product/new",
    ];
    if (job) pages.push(`/system/priceImport/job/${job}`);
    await page.setViewportSize({ width, height: 800 });
    for (const url of pages) {
      await page.goto(url);
      const { violations } = await axe(page).analyze();
      const serious = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${url} ${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(" | ")}`,
        );
      expect(serious).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), url).toBeLessThanOrEqual(0);
    }
  });
}
