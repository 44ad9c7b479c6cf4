/**
 * JavaScript a page loads, counted in the browser (decisions 041, 057): the built server on a fresh
 * demo database, Chromium opens each page in zh and in en (signed out, as the demo dealer or as the
 * demo administrator), waits until it is hydrated and the network is idle, and adds up the gzip
 * size of every script the page requested (module preloads, the entry, lazily imported chunks),
 * each file once. Fails when a page is above 200 KB, when a page fetched texts after start (a route
 * that does not declare a namespace it uses), or when hydration failed.
 *
 *   npm run build && npm run js-budget            (JS_BUDGET_PORT, CHROMIUM_PATH to change them)
 */
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { chromium, type Browser, type Response } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { addDemoCartLine } from "../tests/e2e/journey-pages";
import { ROOT, demoSession, startDemoServer } from "./demo-server";

const BUDGET_KB = 200;
const PORT = Number(process.env.JS_BUDGET_PORT ?? 3170);
const ORIGIN = `http://localhost:${PORT}`;
const DB_DIR = path.join(ROOT, "test-results", `js-budget-db-${PORT}`);
const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
const LANGUAGES = ["zh", "en"] as const;
type Language = (typeof LANGUAGES)[number];
type Visitor = "anonymous" | "dealer" | "staff";
const ACCOUNTS: Record<Exclude<Visitor, "anonymous">, string> = { dealer: "XCD000001", staff: "EMP000001" };

/** The form pages (decision 041) and the pages issue 27 names, with who opens them. */
function pages(db: Database.Database): { url: string; visitor: Visitor }[] {
  const q = encodeURIComponent;
  const list = db.prepare("select code, parent_code from catalogue_node where level = 3 and show_flag = 1 order by sort, code limit 1").get() as {
    code: string;
    parent_code: string;
  };
  const order = db.prepare("select order_no from sales_order order by id limit 1").get() as { order_no: string };
  const role = db.prepare("select id from role order by id limit 1").get() as { id: number };
  return [
    { url: "/shop_login", visitor: "anonymous" },
    { url: "/login", visitor: "anonymous" },
    { url: "/order/resetPwd/first", visitor: "anonymous" },
    { url: "/homePage", visitor: "dealer" },
    { url: "/order/fillOrder", visitor: "dealer" },
    { url: "/order/order", visitor: "dealer" },
    { url: "/order/myRecord", visitor: "dealer" },
    { url: "/order/subAccount", visitor: "dealer" },
    { url: "/order/addressManage", visitor: "dealer" },
    { url: `/product/productThird?catalogueCode=${q(list.code)}&parentCode=${q(list.parent_code)}`, visitor: "dealer" },
    { url: "/system", visitor: "staff" },
    { url: `/system/orders/${q(order.order_no)}`, visitor: "staff" },
    { url: `/system/role/${role.id}`, visitor: "staff" },
  ];
}

/** A session of the account, whose saved language is set to the one measured (a signed-in page follows it). */
async function sessionCookieValue(db: Database.Database, code: string, lang: Language): Promise<string> {
  db.prepare("update app_user set language = ? where code = ?").run(lang, code);
  return demoSession(db, code);
}

interface Measure {
  kb: number;
  files: number;
  problems: string[];
}

/** One page in a browser context of its own (no cache shared with another page). */
async function measure(browser: Browser, url: string, lang: Language, session: string | null): Promise<Measure> {
  const context = await browser.newContext({ locale: lang === "en" ? "en-US" : "zh-CN" });
  // the language toggle's cookie (app/i18n/i18n.server.ts), for the pages signed out
  const lng = (await createCookie("lng").serialize(lang)).split(";")[0].split("=").slice(1).join("=");
  const cookies = [{ name: "lng", value: lng, url: ORIGIN }];
  if (session) cookies.push({ name: "shop_session", value: session, url: ORIGIN });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  const problems: string[] = [];
  page.on("response", (response: Response) => {
    const address = new URL(response.url());
    if (response.request().resourceType() === "script" || address.pathname.endsWith(".js")) {
      if (!scripts.has(address.pathname)) {
        const size = response.body().then(
          (body) => zlib.gzipSync(body, { level: 9 }).length,
          (error: Error) => (problems.push(`no body for ${address.pathname}: ${error.message}`), 0),
        );
        scripts.set(address.pathname, size);
      }
    }
    if (address.pathname.startsWith("/locales/")) problems.push(`fetched ${address.pathname} after start: a route does not declare that namespace`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text())) problems.push(`hydration: ${message.text().slice(0, 200)}`);
  });
  try {
    const response = await page.goto(ORIGIN + url, { waitUntil: "networkidle" });
    if (!response?.ok()) problems.push(`answered ${response?.status()}`);
    if (new URL(page.url()).pathname !== new URL(ORIGIN + url).pathname) problems.push(`redirected to ${page.url()}`);
    await page.waitForSelector("html[data-hydrated]", { timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    const pageLang = await page.getAttribute("html", "lang");
    if (pageLang !== lang) problems.push(`page language ${pageLang}`);
    const sizes = await Promise.all(scripts.values());
    return { kb: sizes.reduce((a, b) => a + b, 0) / 1024, files: sizes.length, problems };
  } finally {
    await context.close();
  }
}

async function main() {
  const server = await startDemoServer(PORT, DB_DIR, { RATE_LIMIT_POSTS_PER_MINUTE: "100000" });
  const browser = await chromium.launch(CHROMIUM);
  const db = new Database(path.join(DB_DIR, "shop.db"));
  db.pragma("busy_timeout = 5000");
  let failed = 0;
  try {
    addDemoCartLine(db, ACCOUNTS.dealer); // so that fill order shows its form
    const list = pages(db);
    const results = new Map<string, Partial<Record<Language, Measure>>>();
    for (const lang of LANGUAGES) {
      const sessions: Record<Visitor, string | null> = {
        anonymous: null,
        dealer: await sessionCookieValue(db, ACCOUNTS.dealer, lang),
        staff: await sessionCookieValue(db, ACCOUNTS.staff, lang),
      };
      for (const page of list) {
        const result = await measure(browser, page.url, lang, sessions[page.visitor]);
        results.set(page.url, { ...results.get(page.url), [lang]: result });
      }
    }
    console.log(`${"page".padEnd(40)} ${"zh".padStart(9)} ${"en".padStart(9)}   KB gzip of JavaScript, counted in the browser`);
    for (const [url, byLang] of results) {
      const cells = LANGUAGES.map((lang) => byLang[lang]!.kb.toFixed(1).padStart(9));
      const over = LANGUAGES.some((lang) => byLang[lang]!.kb > BUDGET_KB);
      console.log(`${url.slice(0, 40).padEnd(40)} ${cells.join(" ")}${over ? "  over budget" : ""}`);
      for (const lang of LANGUAGES) for (const problem of byLang[lang]!.problems) console.log(`  ${lang}: ${problem}`);
      if (over || LANGUAGES.some((lang) => byLang[lang]!.problems.length)) failed++;
    }
    console.log(failed ? `${failed} page(s) over the ${BUDGET_KB} KB budget or with problems` : `every page within ${BUDGET_KB} KB`);
  } finally {
    db.close();
    await browser.close();
    server.kill();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
