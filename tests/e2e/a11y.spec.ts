import type { TestInfo } from "@playwright/test";
import { cloneUser } from "./auth-helpers";
import { demoJourneyPages, expect, jsOn, openE2eDb, seriousViolations, skipOtherProjectOf, test } from "./fixtures";
import { addDemoCartLine, DEALER, useLanguage } from "./journey-pages";

/**
 * Issue 15: every journey page, in Chinese and English, with JavaScript on and off (the two
 * projects): axe finds nothing serious or critical, and nothing scrolls sideways on a 360 px phone.
 */
/**
 * A dealer of its own for each test (a copy of the demo dealer: same customer, same data) whose
 * saved language is the one under test (a signed-in page follows the account's language), with
 * one product in the cart.
 */
function dealerIn(lang: "zh" | "en", testInfo: TestInfo, test: number): string {
  const code = `XCD9${lang === "en" ? 1 : 2}${jsOn(testInfo) ? 1 : 2}${test}00`;
  cloneUser(DEALER, code);
  const db = openE2eDb();
  try {
    db.prepare("update app_user set language = ? where code = ?").run(lang, code);
    // a cart line, so that the cart and fill-order pages show their tables
    addDemoCartLine(db, code);
  } finally {
    db.close();
  }
  return code;
}

/**
 * The pages are checked in shards of their own tests: one test for all of them ran near its time
 * limit on a busy two-core machine. The shard count is fixed (the page list needs the database,
 * which exists only once the web server runs).
 */
const AXE_SHARDS = 4;
// each test has an account of its own: the shards spread over the workers
test.describe.configure({ mode: "parallel" });

for (const lang of ["zh", "en"] as const) {
  for (let shard = 0; shard < AXE_SHARDS; shard++) {
    test(`axe finds nothing serious on the journey pages (${lang}, part ${shard + 1} of ${AXE_SHARDS})`, async ({
      page,
      context,
      browser,
      loginAs,
      baseURL,
    }, testInfo) => {
      skipOtherProjectOf(lang, testInfo);
      test.setTimeout(120_000);
      await useLanguage(page, lang, baseURL!);
      // axe runs as a script in the page: without JavaScript, it checks the server's HTML in a page
      // whose own scripts are blocked (what a browser with JavaScript off shows)
      const serverHtmlOnly = !jsOn(testInfo);
      const axeContext = serverHtmlOnly ? await browser.newContext({ javaScriptEnabled: true, locale: "zh-CN" }) : context;
      if (serverHtmlOnly) await axeContext.route(/\/build\/.*\.js$/, (route) => route.abort());
      const axePage = serverHtmlOnly ? await axeContext.newPage() : page;
      const found: Record<string, string[]> = {};
      const pages = demoJourneyPages().filter((_, i) => i % AXE_SHARDS === shard);
      for (const signedIn of [false, true]) {
        if (signedIn) await loginAs(dealerIn(lang, testInfo, 3 + shard));
        if (serverHtmlOnly) await axeContext.addCookies(await context.cookies());
        for (const p of pages.filter((x) => x.signedIn === signedIn)) {
          await axePage.goto(p.url);
          await expect(axePage.locator("html"), p.name).toHaveAttribute("lang", lang);
          const v = await seriousViolations(axePage);
          if (v.length) found[p.name] = v;
        }
      }
      if (serverHtmlOnly) await axeContext.close();
      expect(found).toEqual({});
    });
  }

  test(`no journey page scrolls sideways at 360 px (${lang})`, async ({ page, loginAs, baseURL }, testInfo) => {
    skipOtherProjectOf(lang, testInfo);
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await useLanguage(page, lang, baseURL!);
    const wide: Record<string, number> = {};
    for (const signedIn of [false, true]) {
      if (signedIn) await loginAs(dealerIn(lang, testInfo, 2));
      for (const p of demoJourneyPages().filter((x) => x.signedIn === signedIn)) {
        await page.goto(p.url);
        await expect(page.locator("html"), p.name).toHaveAttribute("lang", lang);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) wide[p.name] = overflow;
      }
    }
    expect(wide).toEqual({});
  });
}
