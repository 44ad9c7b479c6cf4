import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page, type TestInfo } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { toLanguage } from "~/i18n/config";
import { demoSession } from "../../scripts/demo-server";

/** The e2e server's own database (see playwright.config.ts). */
export const e2eDbDir = path.resolve(process.env.E2E_DB_DIR ?? "test-results/e2e-db");
export const e2eDbPath = path.join(e2eDbDir, "shop.db");

export function openE2eDb() {
  const db = new Database(e2eDbPath);
  db.pragma("busy_timeout = 5000");
  return db;
}

/** The database of the e2e server at `baseURL`: the main one, or the shop-wide settings' server's (PORT + 1). */
export function e2eDbPathFor(baseURL: string): string {
  const mainPort = Number(process.env.E2E_PORT ?? 3100);
  return new URL(baseURL).port === String(mainPort + 1) ? path.join(`${e2eDbDir}-settings`, "shop.db") : e2eDbPath;
}

/**
 * A session of `code` written straight into the server's database (as the sign-in form's post
 * would write it) and its cookie set in `context`, with the language cookie the form sets for an
 * account with a saved language. The sign-in form itself is tested by its own journeys
 * (auth.spec.ts, staff-sign-in.spec.ts, login-throttle.spec.ts); everywhere else a journey only
 * needs someone signed in (the Epic Stack's way).
 */
export async function addSessionCookie(context: BrowserContext, baseURL: string, code: string, tenantCode?: string): Promise<void> {
  const db = new Database(e2eDbPathFor(baseURL));
  db.pragma("busy_timeout = 5000");
  try {
    const cookies = [{ name: "shop_session", value: await demoSession(db, code, tenantCode), url: baseURL }];
    const { language } = db.prepare("select language from app_user where code = ?").get(code) as { language: string | null };
    if (language) {
      const value = (await createCookie("lng").serialize(toLanguage(language))).split(";")[0].split("=").slice(1).join("=");
      cookies.push({ name: "lng", value, url: baseURL });
    }
    await context.addCookies(cookies);
  } finally {
    db.close();
  }
}

/**
 * Fixtures:
 * - loginAs(code): a session made straight in the database and its cookie set (addSessionCookie),
 *   so journeys that are not about signing in start fast (the sign-in journeys use the form).
 * - every test fails on a console error or a failed hydration in the browser.
 */
export const test = base.extend<{ loginAs: (code: string, tenantCode?: string) => Promise<void> }>({
  loginAs: async ({ context, baseURL }, use) => {
    await use((code, tenantCode) => addSessionCookie(context, baseURL!, code, tenantCode));
  },
  page: async ({ page }, use, testInfo) => {
    const errors = watchConsole(page);
    await use(page);
    expect(errors.stop(), `browser console errors in ${testInfo.title}`).toEqual([]);
  },
});

/**
 * The console errors and uncaught exceptions of `page` from now until `stop()`, which returns them
 * (refused answers the test asked for, 404/403/400/429, are not errors of the page).
 */
export function watchConsole(page: Page): { stop: () => string[] } {
  const errors: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === "error" && !/Failed to load resource: the server responded with a status of (404|403|400|429)/.test(msg.text())) {
      errors.push(msg.text());
    }
  };
  const onError = (err: Error) => errors.push(err.message);
  page.on("console", onConsole).on("pageerror", onError);
  return {
    stop: () => {
      page.off("console", onConsole).off("pageerror", onError);
      return errors;
    },
  };
}

export { expect };

export const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js-on";
/**
 * Where a test runs (issue 45, decision 087). A test that posts forms runs in both projects, with
 * JavaScript on and off: the two are different paths through the shop (a fetcher and a full post
 * and redirect). A test that only reads pages, or whose point does not depend on scripts, is
 * tagged to run in one of them: `{ tag: JS_ON }` or `{ tag: JS_OFF }` (playwright.config.ts leaves
 * a test tagged for one project out of the other). `npm run test:coverage-table` lists which runs where.
 */
export const JS_ON = "@js-on-only";
export const JS_OFF = "@js-off-only";
/** Waits until React has hydrated the page (root.tsx marks <html data-hydrated>). */
export const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/**
 * axe on the page, every rule of axe's defaults (WCAG 2.0, 2.1 A and AA, best practices) and WCAG
 * 2.2 AA's target size (24 × 24 px, off by default in axe; issue 29 §15), reporting violations
 * only: `resultTypes` spares axe the node details of the passing and inapplicable checks (most of
 * its time), each rule still runs in full.
 *
 * Legacy mode (decision 063): `axe.run` in the page itself. The default mode runs `axe.runPartial`
 * in each frame and then opens a blank page, injects axe a second time and merges the frames'
 * results there (`axe.finishRun`): three to four times the time of a check, for pages that have
 * no frames (the shop and the back office have none). The same rules run on the same document
 * and report the same violations.
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"], rules: { "target-size": { enabled: true } } });

/** What axe finds serious or critical on the page, one line per rule with up to three elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await axe(page).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    );
}

/** With JavaScript on: axe finds nothing, and at 360 px the page's content fits (axe needs the page's JS). */
export async function axeClean(page: Page, testInfo: TestInfo) {
  if (!jsOn(testInfo)) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  // the page's own content (the shop's top bar is the layout's): only scrollable tables may be wider
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main *, .admin-page *")]
      .filter((e) => !e.closest(".table-scroll") && e.getClientRects().length > 0 && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((e) => `${e.tagName}.${e.className}`),
  );
  expect(wide, page.url()).toEqual([]);
  if (size) await page.setViewportSize(size);
  const result = await axe(page).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
