/**
 * npm run bench -- [--products 100000] [--duration 10] [--connections 20] [--warmup 15] [--only search,http,orders,import,feed]
 *                  [--out <file>] [--compare bench/baseline.json]
 * npm run bench -- --compare-only <result.json> [--compare <baseline.json>]   compare without running
 * npm run bench -- --set-baseline <result.json>     put a result into bench/baseline.json (decision 058)
 *
 * Prints ONE JSON object with the performance figures of the shop on a generated catalogue, and
 * writes it to --out (default bench/results/<date>-<products>.json, not committed). --compare then
 * prints each figure's ratio to the baseline (scripts/bench-compare.ts) on stderr and exits 1 when
 * a gated figure slid (2 when nothing could be compared).
 * Structured as named sections (SECTIONS below): each section gets a shared context (database,
 * built server, signed-in cookie) and returns a JSON value; add a section to measure more
 * (e.g. the orders area adds order submissions per second; the order desk its list over 100,000 orders;
 * scripts/bench-import.ts the price/stock import; scripts/bench-feed.ts the dealer feed's full export and
 * the integration API's GET /prod-api/order/{id}).
 *
 * The database is kept in data/bench/shop-<N>.db and reused while it holds N products (seeding
 * 1,000,000 products takes minutes). The built server (npm run build first) is started on
 * BENCH_PORT (default 3140) against that database.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import type { Result as LoadRun } from "autocannon";
import { sql } from "kysely";
import { createDb, type DB } from "../app/db/db.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { seedDemoData } from "../app/db/seed/seed.server";
import { hashToken } from "../app/modules/auth/sessions.server";
import { sessionCookie } from "../app/utils/session.server";
import { parseKeyword } from "../app/modules/search/normalize";
import { likeScanSearch, productSearch, type ParsedKeyword } from "../app/modules/search/search.server";
import { compareBench, exitCodeOf, formatComparison, type BenchBaseline, type BenchResult } from "./bench-compare";
import { deskSection } from "./bench-desk";
import { ordersSection } from "./bench-orders";
import { importSection } from "./bench-import";
import { feedSection } from "./bench-feed";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "15" },
    only: { type: "string" },
    out: { type: "string" },
    compare: { type: "string" },
    "compare-only": { type: "string" },
    "set-baseline": { type: "string" },
  },
});
const PRODUCTS = Number(values.products);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP = Number(values.warmup);
const PORT = Number(process.env.BENCH_PORT ?? 3140);
/** Requests of the one-at-a-time run per page, whose median is the page's cost (decision 058). */
const SEQUENTIAL_REQUESTS = 25;
const ROOT = path.resolve(import.meta.dirname, "..");
const BASELINE_FILE = path.join(ROOT, "bench", "baseline.json");
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

export interface BenchContext {
  db: DB;
  dbFile: string;
  products: number;
  /** base URL of the running built server (started lazily by server()) */
  server(): Promise<string>;
  /** Cookie header of a signed-in session for an account code */
  cookieFor(code: string): Promise<string>;
  /** A signed-in session's token for an account code: the integration API's X-Token */
  tokenFor(code: string): Promise<string>;
  /** autocannon run: requests/s and latency percentiles */
  load(url: string, headers?: Record<string, string>): Promise<LoadResult>;
}

interface LoadResult {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  non2xx: number;
  bytes_per_response: number;
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// ---------------------------------------------------------------- sections
const SECTIONS: Record<string, (ctx: BenchContext) => Promise<unknown>> = {
  search: searchSection,
  http: httpSection,
  orders: ordersSection,
  desk: deskSection,
  import: importSection,
  feed: feedSection,
};

/** Search latency through the project's search function vs a LIKE '%…%' scan, 200 mixed queries. */
async function searchSection(ctx: BenchContext) {
  const queries = await benchQueries(ctx.db);
  const search = productSearch(ctx.db);
  const parsed = queries.map((q) => parseKeyword(q)).filter((q): q is ParsedKeyword => q.ok);
  // One unmeasured pass over the same queries, as the http section warms up: the index pages
  // come into the page cache (a freshly generated database had them on disk only: p95 27 ms
  // on the first pass, 4 ms on the next).
  for (const q of parsed) await search.search(q, { limit: 50 });
  const time = async (fn: (q: ParsedKeyword) => Promise<unknown>) => {
    const ms: number[] = [];
    let hits = 0;
    for (const q of parsed) {
      const t0 = performance.now();
      const r = await fn(q);
      ms.push(performance.now() - t0);
      if (Array.isArray(r) ? r.length : (r as { ids: number[] }).ids.length) hits++;
    }
    if (process.env.BENCH_TRACE) {
      const slow = parsed
        .map((q, i) => [ms[i], q.keyword] as const)
        .sort((a, b) => b[0] - a[0])
        .slice(0, 12);
      log(`slowest: ${slow.map(([t, k]) => `${k} ${t.toFixed(1)}ms`).join(" | ")}`);
    }
    ms.sort((a, b) => a - b);
    return { p50_ms: round(pct(ms, 50), 3), p95_ms: round(pct(ms, 95), 3), max_ms: round(ms[ms.length - 1], 3), queries_with_hits: hits };
  };
  const indexed = await time((q) => search.search(q, { limit: 50 }));
  log(`search: indexed p95 ${indexed.p95_ms} ms; running the LIKE baseline…`);
  const like = await time((q) => likeScanSearch(ctx.db, q, 50));
  return {
    queries: parsed.length,
    mix: { codes: 50, partial_codes: 50, chinese: 50, english: 50 },
    indexed,
    like_baseline: like,
    speedup_p95: round(like.p95_ms / indexed.p95_ms, 1),
  };
}

/** A fixed, deterministic mix of 200 queries drawn from the catalogue itself. */
async function benchQueries(db: DB): Promise<string[]> {
  const total = Number((await sql<{ n: number }>`select max(id) as n from product`.execute(db)).rows[0].n);
  const rows: { ordering_code: string; name_zh: string; name_en: string }[] = [];
  for (let i = 0; i < 100; i++) {
    const id = 1 + Math.floor((((i * 7919) % 100) / 100) * total) + i;
    const r = await db.selectFrom("product").select(["ordering_code", "name_zh", "name_en"]).where("id", ">=", id).orderBy("id").limit(1).executeTakeFirst();
    if (r) rows.push(r);
  }
  const codes = rows
    .slice(0, 50)
    .map((r, i) => (i % 3 === 0 ? r.ordering_code.toLowerCase() : i % 3 === 1 ? r.ordering_code.replace(/-/g, " ") : r.ordering_code));
  const partial = rows.slice(50, 100).map((r, i) => {
    const c = r.ordering_code.replace(/\s.*$/, "");
    return i % 2 === 0 ? c.slice(0, Math.max(4, Math.min(8, c.length))).toLowerCase() : c.slice(Math.max(0, c.length - 8));
  });
  const zhWords = ["数控车削刀片", "铣削刀片", "立铣刀", "整体硬质合金", "钻头", "外圆车刀杆", "精加工", "不锈钢", "铸铁", "刀片"];
  const enWords = ["turning insert", "milling insert", "end mill", "solid carbide", "drill", "toolholder", "finishing", "stainless", "cast iron", "insert"];
  const fromNames = (names: string[], words: string[]) =>
    Array.from({ length: 50 }, (_, i) => {
      const w = words[i % words.length];
      if (i % 2 === 0 || [...w].length < 3) {
        const name = names[i % names.length];
        return [...name].length >= 3 ? name : w + "片";
      }
      return w;
    });
  const chinese = fromNames(
    rows.map((r) => r.name_zh),
    zhWords,
  );
  const english = fromNames(
    rows.map((r) => r.name_en),
    enWords,
  );
  return [...codes, ...partial, ...chinese, ...english];
}

/**
 * Server-rendered requests/s and p99 for the signed-in product list (/product/productThird, 50
 * rows) and the search page, next to the same HTML served as a static file by the same server.
 */
async function httpSection(ctx: BenchContext) {
  const base = await ctx.server();
  const cookie = await ctx.cookieFor("XCD000001");
  // the series with the most products (at least a full page of 50 rows)
  const node = await sql<{ code: string; parent_code: string }>`
    select n3.code, n3.parent_code from catalogue_node n3
    join catalogue_node n4 on n4.parent_code = n3.code
    join product p on p.catalogue_code = n4.code
    where n3.level = 3 and n3.show_flag = 1 and n4.show_flag = 1
    group by n3.code, n3.parent_code order by count(*) desc limit 1`.execute(ctx.db);
  const third = `/product/productThird?catalogueCode=${encodeURIComponent(node.rows[0].code)}&parentCode=${encodeURIComponent(node.rows[0].parent_code)}`;
  const searchPath = "/searchProduct?keyWord=cnmg%20120408";
  const staticDir = path.join(ROOT, "public", "__bench");
  fs.mkdirSync(staticDir, { recursive: true });
  const out: Record<string, unknown> = {};
  try {
    for (const [name, url] of [
      ["product_third", third],
      ["search_page", searchPath],
    ] as const) {
      const res = await fetch(base + url, { headers: { cookie } });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      const rows = (html.match(/<tr data-code=/g) ?? []).length;
      const file = `${name}.html`;
      fs.writeFileSync(path.join(staticDir, file), html);
      log(`http: ${name} (${rows} rows, ${html.length} bytes)…`);
      const page = await ctx.load(base + url, { cookie });
      const sequential = await oneAtATime(base + url, { cookie });
      const stat = await ctx.load(`${base}/__bench/${file}`);
      out[name] = {
        url,
        rows,
        html_bytes: html.length,
        js_kb_gzip: name === "product_third" ? await jsGzipKb(base, url, html, cookie) : undefined,
        page,
        sequential,
        static_file: stat,
        share_of_static_pct: round((page.rps / stat.rps) * 100, 1),
      };
    }
  } finally {
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
  return { connections: CONNECTIONS, duration_s: DURATION, warmup_s: WARMUP, ...out };
}

/**
 * The page requested one at a time on the warm server: its cost without queueing behind other
 * requests. The median is the "cost" of the cross-size rule (decision 058).
 */
async function oneAtATime(url: string, headers: Record<string, string>) {
  const ms: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { requests: SEQUENTIAL_REQUESTS, median_ms: round(pct(ms, 50), 1), p90_ms: round(pct(ms, 90), 1) };
}

/**
 * JavaScript a browser loads for the page, gzip-compressed: every script Chromium fetches while it
 * opens the page signed in and waits for the network to settle (module scripts, modulepreloads and
 * chunks loaded on demand, such as the page language's texts). Without a browser, the scripts and
 * modulepreloads named in the HTML.
 */
async function jsGzipKb(base: string, pagePath: string, html: string, cookie: string): Promise<number> {
  const urls = new Set<string>();
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(executablePath)) {
    const { chromium } = await import("@playwright/test");
    const browser = await chromium.launch({
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      const context = await browser.newContext();
      const [name, value] = cookie.split(/=(.*)/s);
      await context.addCookies([{ name, value, url: base }]);
      const page = await context.newPage();
      page.on("request", (r) => {
        if (r.resourceType() === "script" || r.url().endsWith(".js")) urls.add(r.url());
      });
      await page.goto(base + pagePath, { waitUntil: "networkidle" });
    } finally {
      await browser.close();
    }
  } else {
    for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)) urls.add(m[1]);
    for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]);
  }
  let bytes = 0;
  for (const u of urls) {
    const res = await fetch(new URL(u, base));
    if (res.ok) bytes += zlib.gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  }
  return round(bytes / 1024, 1);
}

// ---------------------------------------------------------------- context
/** autocannon in a child process (scripts/bench-load.mjs): warm-up, then the measured run. */
function loadInOwnProcess(args: { url: string; connections: number; duration: number; warmup: number; headers: Record<string, string> }) {
  return new Promise<LoadRun>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts", "bench-load.mjs"), JSON.stringify(args)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as LoadRun) : reject(new Error(`load generator exited with ${code}`))));
  });
}

async function openDatabase(products: number): Promise<{ db: DB; file: string }> {
  const dir = path.join(ROOT, "data", "bench");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `shop-${products}.db`);
  let db = createDb(`file:${file}`);
  await migrateToLatest(db);
  const have = Number((await sql<{ n: number }>`select count(*) as n from product`.execute(db)).rows[0].n);
  if (have !== products) {
    await db.destroy();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    db = createDb(`file:${file}`);
    await migrateToLatest(db);
    log(`seeding ${products} products into ${path.relative(ROOT, file)} (reused by later runs)…`);
    const t0 = performance.now();
    await seedDemoData(db, { products, log: (m) => log(m) });
    log(`seeded in ${Math.round((performance.now() - t0) / 1000)} s`);
    await sql`pragma optimize`.execute(db);
  }
  return { db, file };
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.resolve(file), "utf8")) as T;

function readBaseline(file: string): BenchBaseline {
  const baseline = readJson<Partial<BenchBaseline>>(file);
  if (!baseline.by_products) throw new Error(`${file} is not a bench baseline (it has no by_products; see docs/decisions/058-bench-baseline.md)`);
  return baseline as BenchBaseline;
}

/** The commit the bench ran on, "+changes" when tracked files differ from it. */
function commitUnderTest(): string | null {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const changed = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
    return changed ? `${head}+changes` : head;
  } catch {
    return null;
  }
}

/** Prints the comparison of a result with a baseline file and sets the exit code. */
function compareWith(baseline: BenchBaseline, result: BenchResult, out: NodeJS.WriteStream) {
  const comparison = compareBench(baseline, result);
  out.write(formatComparison(comparison) + "\n");
  process.exitCode = exitCodeOf(comparison);
}

/** --set-baseline: the result becomes the baseline at its catalogue size (with a decision saying why). */
function setBaseline(resultFile: string) {
  const result = readJson<BenchResult>(resultFile);
  const baseline: BenchBaseline = fs.existsSync(BASELINE_FILE)
    ? readJson<BenchBaseline>(BASELINE_FILE)
    : { decision: "docs/decisions/058-bench-baseline.md", by_products: {} };
  baseline.by_products[String(result.products)] = result;
  fs.writeFileSync(BASELINE_FILE, JSON.stringify(baseline, null, 2) + "\n");
  log(
    `${path.relative(ROOT, BASELINE_FILE)}: the run at ${result.products} products is now ${path.relative(ROOT, path.resolve(resultFile))}; say why in a decision`,
  );
}

async function main() {
  if (values["set-baseline"]) return setBaseline(values["set-baseline"]);
  if (values["compare-only"]) return compareWith(readBaseline(values.compare ?? BASELINE_FILE), readJson<BenchResult>(values["compare-only"]), process.stdout);
  // read before the run, so that a wrong path fails now rather than after minutes of measuring
  const baseline = values.compare ? readBaseline(values.compare) : null;
  const started = Date.now();
  const { db, file } = await openDatabase(PRODUCTS);
  let child: ChildProcess | null = null;
  let serverUrl: Promise<string> | null = null;
  const ctx: BenchContext = {
    db,
    dbFile: file,
    products: PRODUCTS,
    server() {
      serverUrl ??= (async () => {
        if (!fs.existsSync(path.join(ROOT, "build", "server.js"))) throw new Error("build/server.js is missing: run npm run build first");
        child = spawn(process.execPath, ["build/server.js"], {
          cwd: ROOT,
          stdio: ["ignore", "ignore", "inherit"],
          env: {
            ...process.env,
            NODE_ENV: "production",
            PORT: String(PORT),
            DATABASE_URL: `file:${file}`,
            DEMO_DATA: "off",
            LOG_LEVEL: "error",
            RATE_LIMIT_POSTS_PER_MINUTE: "1000000",
            // the feed section loads one key with thousands of requests a minute
            FEED_RATE_LIMIT_PER_MINUTE: "1000000",
            SHOW_DEMO_ACCOUNTS: "off",
          },
        });
        const url = `http://127.0.0.1:${PORT}`;
        for (let i = 0; i < 120; i++) {
          try {
            if ((await fetch(`${url}/healthz`)).ok) return url;
          } catch {
            /* not up yet */
          }
          await new Promise((r) => setTimeout(r, 500));
        }
        throw new Error("the built server did not start");
      })();
      return serverUrl;
    },
    async cookieFor(code) {
      return (await sessionCookie(false).serialize(await ctx.tokenFor(code))).split(";")[0];
    },
    async tokenFor(code) {
      const user = await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirstOrThrow();
      const tenant = await db
        .selectFrom("user_tenant")
        .select("tenant_id")
        .where("user_id", "=", user.id)
        .orderBy("is_default", "desc")
        .orderBy("tenant_id")
        .executeTakeFirstOrThrow();
      const token = crypto.randomBytes(32).toString("base64url");
      await db
        .insertInto("session")
        .values({
          id: hashToken(token),
          user_id: user.id,
          tenant_id: tenant.tenant_id,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
          created_at: new Date().toISOString(),
          ip: null,
          user_agent: "bench",
        })
        .execute();
      return token;
    },
    async load(url, headers = {}) {
      const r = await loadInOwnProcess({ url, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, headers });
      return {
        rps: round(r.requests.average, 1),
        p50_ms: r.latency.p50,
        p99_ms: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        bytes_per_response: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
      };
    },
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      (child as ChildProcess | null)?.kill("SIGTERM");
      process.exit(130);
    });
  }
  const only = values.only?.split(",");
  const result: BenchResult = {
    products: PRODUCTS,
    date: new Date().toISOString(),
    commit: commitUnderTest(),
    machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
    database: "sqlite",
  };
  try {
    for (const [name, run] of Object.entries(SECTIONS)) {
      if (only && !only.includes(name)) continue;
      log(`section ${name}…`);
      result[name] = await run(ctx);
    }
  } finally {
    (child as ChildProcess | null)?.kill("SIGTERM");
    await db.destroy();
  }
  result.total_s = Math.round((Date.now() - started) / 1000);
  const json = JSON.stringify(result, null, 2) + "\n";
  process.stdout.write(json);
  const out = path.resolve(values.out ?? path.join(ROOT, "bench", "results", `${String(result.date).slice(0, 16).replace(":", "")}Z-${PRODUCTS}.json`));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, json);
  log(`written to ${path.relative(ROOT, out)}`);
  if (baseline) compareWith(baseline, result, process.stderr);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
