import type { Page, TestInfo } from "@playwright/test";
import { cloneUserIn } from "./auth-helpers";
import { BACK_OFFICE_PAGES } from "./back-office-pages";
import { addSessionCookie, expect, JS_OFF, JS_ON, jsOn, openE2eDb, seriousViolations, test, watchConsole } from "./fixtures";
import { addDemoCartLine, DEALER, JOURNEY_PAGES, journeyPages, useLanguage } from "./journey-pages";

/**
 * The page sweep (issues 15, 16 §8, 29, 45): every journey page and every back-office page, in
 * Chinese and in English, is loaded once and on that one load
 * - the Nu HTML checker (vnu, the checker web service playwright.config.ts starts) finds no error
 *   in the HTML the server sent,
 * - axe (WCAG 2.0/2.1 A and AA, best practices, WCAG 2.2's target size) finds nothing serious or
 *   critical on the desktop page,
 * - at 360 px (a small phone) nothing scrolls sideways.
 * A page that only reads is the same journey with JavaScript on and off, except for what scripts
 * add; each language is swept in one project (decision 063 addendum): Chinese with JavaScript off
 * (the server's HTML with its no-script controls, what a locked-down browser shows), English with
 * it on (the hydrated page). Each page is a test of its own, so the sweep spreads over the workers
 * and a failure names its page. `E2E_SCREENSHOTS=1` keeps a screenshot of each page at 1366 and
 * 360 px in the test output, to be looked at.
 */

const VNU_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}/?out=json&level=error`;
const LANGUAGES = [
  { lang: "zh", tag: JS_OFF },
  { lang: "en", tag: JS_ON },
] as const;

interface VnuMessage {
  type: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/** The Nu checker's errors in the server's HTML. */
async function nuErrors(html: string): Promise<string[]> {
  const answer = await fetch(VNU_URL, { method: "POST", headers: { "Content-Type": "text/html; charset=utf-8" }, body: html });
  expect(answer.status, "the Nu checker answers").toBe(200);
  const { messages } = (await answer.json()) as { messages: VnuMessage[] };
  return messages.map((m) => `line ${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 80)}]` : ""}`);
}

/**
 * The page the checks run in, one per worker and reused by its sweep tests (a browser context and
 * its renderer cost more to start than a page takes to check); each test starts it with no cookies
 * of the test before. With JavaScript on, the hydrated page, and a console error or a failed
 * hydration fails the test. With it off, a page whose own scripts are blocked: axe is a script, so
 * its context allows scripts but none of the shop's run (the server's HTML, what a browser with
 * JavaScript off shows).
 */
const sweepTest = test.extend<{ checked: Page }, { sweepPage: Page }>({
  sweepPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, locale: "zh-CN", javaScriptEnabled: true });
      if (workerInfo.project.use.javaScriptEnabled === false) await context.route(/\/build\/.*\.js$/, (route) => route.abort());
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  checked: async ({ sweepPage }, use, testInfo) => {
    await sweepPage.context().clearCookies();
    const errors = jsOn(testInfo) ? watchConsole(sweepPage) : null;
    await use(sweepPage);
    expect(errors?.stop() ?? [], "browser console errors").toEqual([]);
  },
});

/** One load of `url`: the three checks, each reported on its own (soft) so one failure hides none of the others. */
async function sweep(checked: Page, url: string, lang: "zh" | "en", name: string, testInfo: TestInfo) {
  await checked.setViewportSize({ width: 1366, height: 900 });
  const answer = await checked.goto(url);
  expect(answer?.status(), `${name}: HTTP status`).toBe(200);
  await expect(checked.locator("html"), name).toHaveAttribute("lang", lang);
  // the checker (another process) reads the HTML while axe checks the page
  const [nu, serious] = await Promise.all([nuErrors(await answer!.text()), seriousViolations(checked)]);
  expect.soft(nu, `${name}: Nu HTML checker`).toEqual([]);
  expect.soft(serious, `${name}: axe`).toEqual([]);
  if (process.env.E2E_SCREENSHOTS) await checked.screenshot({ path: testInfo.outputPath(`${lang}-1366.png`) });
  await checked.setViewportSize({ width: 360, height: 780 });
  const overflow = await checked.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${name}: pixels scrolled sideways at 360 px`).toBe(0);
  if (process.env.E2E_SCREENSHOTS) await checked.screenshot({ path: testInfo.outputPath(`${lang}-360.png`) });
}

/** A 6-digit account number of this test's own: kind (dealer 1, staff 2), language, project, page. */
const ownNumber = (kind: 1 | 2, lang: "zh" | "en", page: number) => `9${kind}${lang === "en" ? 1 : 2}${String(page).padStart(3, "0")}`;

for (const { lang, tag } of LANGUAGES) {
  test.describe(`journey pages (${lang})`, { tag }, () => {
    JOURNEY_PAGES.forEach(({ name, signedIn }, index) => {
      sweepTest(`axe, Nu checker and 360 px: ${name} (${lang})`, async ({ checked, baseURL }, testInfo) => {
        await useLanguage(checked, lang, baseURL!);
        const db = openE2eDb();
        let url: string | undefined;
        try {
          url = journeyPages(db).find((p) => p.name === name)?.url;
          if (signedIn) {
            // a dealer of its own (a copy of the demo dealer: same customer, same data) whose saved
            // language is the one under test, with one product in the cart (the cart and fill
            // order show their tables)
            const code = cloneUserIn(DEALER, `XCD${ownNumber(1, lang, index)}`, lang);
            addDemoCartLine(db, code);
            await addSessionCookie(checked.context(), baseURL!, code);
          }
        } finally {
          db.close();
        }
        expect(url, `the demo data has a row for ${name}`).toBeTruthy();
        await sweep(checked, url!, lang, name, testInfo);
      });
    });
  });

  test.describe(`back-office pages (${lang})`, { tag }, () => {
    BACK_OFFICE_PAGES.forEach(({ name, url: urlOf, account }, index) => {
      sweepTest(`axe, Nu checker and 360 px: ${name} (${lang})`, async ({ checked, baseURL }, testInfo) => {
        await useLanguage(checked, lang, baseURL!);
        const db = openE2eDb();
        let url: string;
        try {
          url = urlOf(db);
        } finally {
          db.close();
        }
        // a staff account of its own (a copy of the administrator, or of the page's own role) whose
        // saved language is the one under test
        await addSessionCookie(checked.context(), baseURL!, cloneUserIn(account, `EMP${ownNumber(2, lang, index)}`, lang));
        await sweep(checked, url, lang, name, testInfo);
      });
    });
  });
}
