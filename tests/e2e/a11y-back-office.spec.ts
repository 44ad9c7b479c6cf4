import type { TestInfo } from "@playwright/test";
import { cloneUserIn } from "./auth-helpers";
import { expect, jsOn, openE2eDb, seriousViolations, skipOtherProjectOf, test } from "./fixtures";
import { useLanguage } from "./journey-pages";

/**
 * Issue 16 §8: every back-office page, in Chinese and English, with JavaScript on and off: axe
 * finds nothing serious or critical, and nothing scrolls sideways at 390 px (the sidebar closes).
 * Pages that need an id take the first demo row.
 */
function backOfficePages(): { name: string; url: string }[] {
  const db = openE2eDb();
  try {
    const id = (sql: string) => (db.prepare(sql).get() as { id: number }).id;
    const menu = id("select id from menu where area = 'shop' order by id limit 1");
    const role = id("select id from role where code = 'customer_master'");
    const user = id("select id from app_user where code = 'XCD000001'");
    const area = id("select id from tenant where code = '1000'");
    const promotion = id("select id from promotion where tenant_id = (select id from tenant where code = '1000') order by id limit 1");
    const content = id("select id from content order by id limit 1");
    const customer = id("select id from customer where code = 'C10001'");
    const product = id("select id from product order by id limit 1");
    const reservation = id("select id from stock_reservation where status = 'approved' order by id limit 1");
    const marketing = id("select id from support_request where kind = 'marketing' order by id limit 1");
    const order = (db.prepare("select order_no from sales_order where status = 'to_be_confirmed' order by id limit 1").get() as { order_no: string }).order_no;
    const drill = id("select id from quote_tool_type where code = 'drill'");
    const node = (db.prepare("select code from catalogue_node where level = 3 order by code limit 1").get() as { code: string }).code;
    return [
      ["dashboard", "/system"],
      ["profile", "/system/profile"],
      ["menus", "/system/menu"],
      ["menu edit", `/system/menu/${menu}`],
      ["roles", "/system/role"],
      ["role edit", `/system/role/${role}`],
      ["parameters", "/system/parameter"],
      ["maintenance window", "/system/parameter/errorPage"],
      ["users", "/system/user"],
      ["user", `/system/user/${user}`],
      ["new user", "/system/user/new"],
      ["audit log", "/system/audit"],
      ["error log", "/system/errorLog"],
      ["company entities", "/system/dataArea"],
      ["company entity", `/system/dataArea/${area}`],
      ["company entity edit", `/system/dataArea/${area}/edit`],
      ["promotions", "/system/promotion"],
      ["new promotion", "/system/promotion/new"],
      ["promotion", `/system/promotion/${promotion}`],
      ["new and hot products", "/system/newProduct"],
      ["content", "/system/content"],
      ["new announcement", "/system/content/new?kind=announcement"],
      ["content item", `/system/content/${content}`],
      ["content preview", `/system/content/preview/${content}`],
      ["content categories", "/system/contentCategory"],
      ["dealer messages", "/system/message"],
      ["order desk", "/system/orders"],
      ["order at the desk", `/system/orders/${order}`],
      ["deliveries", "/system/deliveries"],
      ["customers", "/system/customer"],
      ["customer", `/system/customer/${customer}`],
      ["customer prices", `/system/customer/${customer}/prices`],
      ["price import", "/system/priceImport"],
      ["catalogue nodes", "/system/catalogueNode"],
      ["new catalogue node", "/system/catalogueNode/new"],
      ["products", "/system/product"],
      ["product", `/system/product/${product}`],
      ["new product", "/system/product/new"],
      ["quotations", "/system/quotation?status="],
      ["quotation", `/system/quotation/${id("select id from quotation where status = 'submitted' order by id limit 1")}`],
      // customer service (decision 052)
      ["marketing items", "/system/support/items"],
      ["stock reservations", "/system/support/reservations"],
      ["stock reservation", `/system/support/reservations/${reservation}`],
      ["marketing request", `/system/support/${marketing}`],
      ["catalogue node (edit, move)", `/system/catalogueNode/${encodeURIComponent(node)}`],
      // the tool types of the quotation requests (decision 051, "Editing the types")
      ["tool types", "/system/quotationToolType"],
      ["tool type", `/system/quotationToolType/${drill}`],
      ["new tool attribute", `/system/quotationToolType/${drill}/attribute/new`],
      ["tool attribute", `/system/quotationToolType/${drill}/attribute/${id(`select id from quote_attribute where type_id = ${drill} and key = 'shank'`)}`],
    ].map(([name, url]) => ({ name, url }));
  } finally {
    db.close();
  }
}

/** An administrator of its own per test, whose saved language is the one under test. */
const adminIn = (lang: "zh" | "en", testInfo: TestInfo, test: number) =>
  cloneUserIn("EMP000001", `EMP9${lang === "en" ? 1 : 2}${jsOn(testInfo) ? 1 : 2}${test}00`, lang);

/** In shards of their own tests, as in a11y.spec.ts: one test for every page ran near its time limit. */
const AXE_SHARDS = 4;
// each test has an account of its own: the shards spread over the workers
test.describe.configure({ mode: "parallel" });

for (const lang of ["zh", "en"] as const) {
  for (let shard = 0; shard < AXE_SHARDS; shard++) {
    test(`axe finds nothing serious on the back-office pages (${lang}, part ${shard + 1} of ${AXE_SHARDS})`, async ({
      page,
      context,
      browser,
      loginAs,
      baseURL,
    }, testInfo) => {
      skipOtherProjectOf(lang, testInfo);
      test.setTimeout(120_000);
      await useLanguage(page, lang, baseURL!);
      await loginAs(adminIn(lang, testInfo, 3 + shard));
      // without JavaScript: axe checks the server's HTML in a page whose own scripts are blocked
      const serverHtmlOnly = !jsOn(testInfo);
      const axeContext = serverHtmlOnly ? await browser.newContext({ javaScriptEnabled: true, locale: "zh-CN" }) : context;
      if (serverHtmlOnly) {
        await axeContext.route(/\/build\/.*\.js$/, (route) => route.abort());
        await axeContext.addCookies(await context.cookies());
      }
      const axePage = serverHtmlOnly ? await axeContext.newPage() : page;
      const found: Record<string, string[]> = {};
      for (const p of backOfficePages().filter((_, i) => i % AXE_SHARDS === shard)) {
        const answer = await axePage.goto(p.url);
        expect(answer?.status(), p.name).toBe(200);
        await expect(axePage.locator("html"), p.name).toHaveAttribute("lang", lang);
        const v = await seriousViolations(axePage);
        if (v.length) found[p.name] = v;
      }
      if (serverHtmlOnly) await axeContext.close();
      expect(found).toEqual({});
    });
  }

  test(`no back-office page scrolls sideways at 390 px (${lang})`, async ({ page, loginAs, baseURL }, testInfo) => {
    // the width comes from the style sheets, the same with and without scripts; the screenshots
    // are of the pages most staff see
    test.skip(!jsOn(testInfo), "checked with JavaScript on, where the screenshots are taken");
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, lang, baseURL!);
    await loginAs(adminIn(lang, testInfo, 2));
    const wide: Record<string, number> = {};
    for (const p of backOfficePages()) {
      await page.goto(p.url);
      await expect(page.locator("html"), p.name).toHaveAttribute("lang", lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) wide[p.name] = overflow;
      await page.screenshot({ path: testInfo.outputPath(shotName(p.name, lang, 390)) });
    }
    expect(wide).toEqual({});
    // issue 29: every back-office page at both widths and in both languages, kept in the test output to be looked at
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const p of backOfficePages()) {
      await page.goto(p.url);
      await page.screenshot({ path: testInfo.outputPath(shotName(p.name, lang, 1366)) });
    }
  });
}

function shotName(page: string, lang: string, width: number) {
  return `back-office-${lang}-${width}-${page.replace(/[^A-Za-z0-9]+/g, "-")}.png`;
}
