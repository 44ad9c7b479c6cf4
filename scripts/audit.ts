/**
 * `npm run audit`: Lighthouse 12 with the system Chromium over the journey pages of a dealer,
 * mobile and desktop, signed in and out, on a fresh demo database. Prints one table of the four
 * scores and the JavaScript each page downloads. A script, not a test: scores vary with the
 * machine, the budgets are read from its table (issue 15).
 *
 *   npm run build && npm run audit                 # all pages, both form factors
 *   npm run audit -- --only login,list --form mobile
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { hashToken } from "../app/modules/auth/sessions.server";
import { sessionCookie } from "../app/utils/session.server";
import { DEALER, journeyPages, type JourneyPage } from "../tests/e2e/journey-pages";

const ROOT = path.resolve(import.meta.dirname, "..");
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

async function startServer(): Promise<ChildProcess> {
  if (!fs.existsSync(path.join(ROOT, "build", "server.js"))) throw new Error("build/server.js is missing: run npm run build first");
  fs.rmSync(DB_DIR, { recursive: true, force: true });
  fs.mkdirSync(DB_DIR, { recursive: true });
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: `file:${path.join(DB_DIR, "shop.db")}`,
      DEMO_DATA: "on",
      DEMO_PRODUCTS: "400",
      LOGIN_CAPTCHA: "off",
      MAIL_OUTBOX_DIR: path.join(DB_DIR, "outbox"),
      LOG_LEVEL: "error",
      WEB_CONCURRENCY: "1",
    },
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("the built server did not start");
}

/** A session of the demo dealer made straight in the database, as the e2e tests do. */
async function dealerCookie(db: Database.Database): Promise<string> {
  const user = db.prepare("select id from app_user where code = ?").get(DEALER) as { id: number };
  const tenant = db.prepare("select tenant_id from user_tenant where user_id = ? order by is_default desc, tenant_id limit 1").get(user.id) as { tenant_id: number };
  const token = crypto.randomBytes(32).toString("base64url");
  db.prepare("insert into session (id, user_id, tenant_id, expires_at, created_at) values (?, ?, ?, ?, ?)").run(
    hashToken(token),
    user.id,
    tenant.tenant_id,
    new Date(Date.now() + 3600_000).toISOString(),
    new Date().toISOString(),
  );
  return (await sessionCookie(false).serialize(token)).split(";")[0];
}

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
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    const db = new Database(path.join(DB_DIR, "shop.db"));
    db.pragma("busy_timeout = 5000");
    const cookie = await dealerCookie(db);
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
      console.log(`| ${r.page} | ${r.form} | ${r.signedIn ? "yes" : "no"} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.jsKbGzip} |`);
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
