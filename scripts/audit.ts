/**
 * `npm run audit`: Lighthouse 12 with the system Chromium over the journey pages of a dealer,
 * mobile and desktop, signed in and out, on a fresh demo database. Prints one table of the four
 * scores and the JavaScript each page downloads. A script, not a test: scores vary with the
 * machine, the budgets are read from its table (issue 15).
 *
 *   npm run build && npm run audit                 # all pages, both form factors
 *   npm run audit -- --only login,list --form mobile
 */
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { DEALER, journeyPages, type JourneyPage } from "../tests/e2e/journey-pages";
import { demoSession, ROOT, startDemoServer } from "./demo-server";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "3160" },
    only: { type: "string" },
    form: { type: "string", default: "mobile,desktop" },
  },
});
const PORT = Number(args.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DB_DIR = path.join(ROOT, "data", "audit");
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Row {
  page: string;
  form: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  jsKbGzip: number;
}

async function audit(chromePort: number, page: JourneyPage, form: "mobile" | "desktop", cookie: string | null): Promise<Row> {
  const result = await lighthouse(
    ORIGIN + page.url,
    { port: chromePort, output: "json", logLevel: "error", extraHeaders: cookie ? { Cookie: cookie } : undefined },
    form === "desktop" ? (desktopConfig as Config) : undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
  const { categories, audits } = result.lhr;
  const requests = (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const jsBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    page: page.name,
    form,
    signedIn: page.signedIn,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    jsKbGzip: Math.round(jsBytes / 102.4) / 10,
  };
}

async function main() {
  const server = await startDemoServer(PORT, DB_DIR);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    const db = new Database(path.join(DB_DIR, "shop.db"));
    db.pragma("busy_timeout = 5000");
    const cookie = `shop_session=${await demoSession(db, DEALER)}`;
    const only = args.only?.split(",");
    const pages = journeyPages(db).filter((p) => !only || only.includes(p.name));
    // The public pages a visitor reaches signed out, beside the dealer's signed-in pages.
    const signedOut = pages.filter((p) => ["home", "search", "catalogue", "list"].includes(p.name)).map((p) => ({ ...p, signedIn: false }));
    db.close();
    const rows: Row[] = [];
    for (const form of args.form!.split(",") as ("mobile" | "desktop")[]) {
      for (const page of [...pages, ...signedOut]) {
        const row = await audit(chrome.port, page, form, page.signedIn ? cookie : null);
        rows.push(row);
        process.stderr.write(`[audit] ${form} ${page.name}${page.signedIn ? "" : " (signed out)"}: ${row.performance}\n`);
      }
    }
    console.log("| page | form | signed in | performance | accessibility | best practices | SEO | JS (KB gzip) |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r.form} | ${r.signedIn ? "yes" : "no"} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.jsKbGzip} |`,
      );
    }
  } finally {
    chrome.kill();
    server.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
