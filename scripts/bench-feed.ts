/**
 * Integration section of `npm run bench` (issue 30's bench; called by scripts/bench.ts as
 * SECTIONS.feed; `npm run bench -- --products 1000000 --only feed`; decision 078):
 * 1. the dealer feed's full export for XCD000001's customer over the whole catalogue
 *    (`rebuildExport(…, force)`, decision 073): time, rows, file size, and the peak memory of the
 *    process doing it — scripts/bench-feed-export.ts, a process of its own, so that its peak is
 *    the export's; then the download of that file through the built server
 *    (`GET /prod-api/feed/products/full`, X-Api-Key), gzip-compressed and as it is;
 * 2. `GET /prod-api/order/{id}` (X-Token: the dealer's session token) in requests/s beside the same
 *    JSON served as a static file by the same server (share_of_static_pct, as the http section);
 * 3. one page of the feed (`GET /prod-api/feed/products`, 100 items): one at a time, and in
 *    requests/s when a request is quick enough.
 * It makes a feed key named "bench" for the customer and revokes it at the end (a customer may
 * hold 10 live keys), and rewrites the customer's export in the bench database's content store.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { DB } from "../app/db/db.server";
import { createFeedKey, feedActorByKey, revokeFeedKey, type FeedActor } from "../app/modules/integration/feed-keys.server";

export interface FeedBenchContext {
  db: DB;
  dbFile: string;
  server(): Promise<string>;
  /** a signed-in session's token (the value of X-Token) for an account code */
  tokenFor(code: string): Promise<string>;
  load(url: string, headers?: Record<string, string>): Promise<{ rps: number; p50_ms: number; p99_ms: number; errors: number; non2xx: number }>;
}

const DEALER = "XCD000001";
const KEY_NAME = "bench";
const ROOT = path.resolve(import.meta.dirname, "..");
const MB = 1024 * 1024;
const PAGE_REQUESTS = 5;
/** 20 connections on 2 workers queue ~10 requests each: slower ones end in autocannon's 10 s time-out. */
const PAGE_LOAD_BELOW_MS = 250;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

export async function feedSection(ctx: FeedBenchContext) {
  const { db } = ctx;
  const user = await db.selectFrom("app_user").select(["id", "customer_id"]).where("code", "=", DEALER).executeTakeFirstOrThrow();
  if (user.customer_id === null) throw new Error(`${DEALER} has no customer`);
  const owner = { id: user.id, customerId: user.customer_id };

  // Keys of an earlier run that stopped half-way are revoked first, so that runs never reach the limit of live keys.
  const old = await db
    .selectFrom("feed_key")
    .select("id")
    .where("customer_id", "=", owner.customerId)
    .where("name", "=", KEY_NAME)
    .where("revoked_at", "is", null)
    .execute();
  for (const k of old) await revokeFeedKey(db, owner, k.id);
  const made = await createFeedKey(db, owner, { name: KEY_NAME, formToken: crypto.randomBytes(18).toString("base64url") });
  if (!made.ok) throw new Error(`no feed key: ${JSON.stringify(made)}`);
  const key = made.value.key;
  try {
    // the actor the server finds for the key: the customer's master account in its default entity
    const found = await feedActorByKey(db, key);
    if (!found.ok) throw new Error(`the new feed key is refused: ${found.reason}`);
    const actor = found.value;

    const exported = await fullExport(ctx, actor);
    const base = await ctx.server();
    const download = await downloadExport(base, key, exported.etag, exported.file_bytes);

    const token = await ctx.tokenFor(DEALER);
    const order = await orderCall(ctx, base, token, user.id, actor.customerId);

    const page = await feedPageCall(ctx, base, key);
    return { dealer: DEALER, customer_id: actor.customerId, full_export: exported, download, order_by_id: order, feed_page: page };
  } finally {
    await revokeFeedKey(db, owner, made.value.id);
  }
}

/**
 * One page of the feed (100 items), first requested one at a time; under load only when one request
 * takes under PAGE_LOAD_BELOW_MS: each page counts the customer's whole feed (its total), so at
 * 1,000,000 products one request takes about a second and the load run ends in time-outs
 * (decision 078).
 */
async function feedPageCall(ctx: FeedBenchContext, base: string, key: string) {
  log("feed: a page of the feed (100 items)…");
  const url = "/prod-api/feed/products?page=1&pageSize=100";
  const headers = { "X-Api-Key": key };
  const ms: number[] = [];
  let items = 0;
  let total = 0;
  for (let i = 0; i < PAGE_REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(base + url, { headers });
    const body = (await res.json()) as { code: number; data: { items: unknown[]; total: number } };
    ms.push(performance.now() - t0);
    if (res.status !== 200 || body.code !== 20000) throw new Error(`${url} answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    items = body.data.items.length;
    total = body.data.total;
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)];
  const load = median < PAGE_LOAD_BELOW_MS ? await ctx.load(base + url, headers) : `not run: one request takes ${Math.round(median)} ms`;
  return { url, items, total, sequential: { requests: PAGE_REQUESTS, median_ms: round(median), max_ms: round(ms[ms.length - 1]) }, load };
}

/** The full export in a process of its own (scripts/bench-feed-export.ts): its figures. */
async function fullExport(ctx: FeedBenchContext, actor: FeedActor) {
  // An export younger than 55 minutes is not rebuilt, even forced (an earlier run's): make it due.
  await ctx.db
    .updateTable("feed_export")
    .set({ built_at: "2000-01-01T00:00:00.000Z", locked_until: null })
    .where("customer_id", "=", actor.customerId)
    .execute();
  log(`feed: full export for customer ${actor.customerId} in a process of its own…`);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "bench-feed-export.ts"), JSON.stringify(actor)], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `file:${ctx.dbFile}` },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`the export process exited with ${code}`))));
  });
  const figures = JSON.parse(out) as { seconds: number; rows: number; max_rss_mb: number; file_mb: number; file_bytes: number; etag: string };
  log(`feed: ${figures.rows} rows, ${figures.file_mb} MB in ${figures.seconds} s, peak RSS ${figures.max_rss_mb} MB`);
  return figures;
}

/**
 * The export downloaded through the built server, as a client asking for gzip gets it (the server
 * compresses text on the fly: most of the time is that) and as one asking for the bytes as they are.
 */
async function downloadExport(base: string, key: string, etag: string, fileBytes: number) {
  log("feed: downloading the full export over HTTP (gzip, then identity)…");
  return { gzip: await download(base, key, "gzip", etag, fileBytes), identity: await download(base, key, "identity", etag, fileBytes) };
}

/** One download: time to the first byte and to the last, bytes on the wire; the file checked whole. */
function download(base: string, key: string, encoding: "gzip" | "identity", etag: string, fileBytes: number) {
  const t0 = performance.now();
  return new Promise<{ first_byte_ms: number; seconds: number; wire_mb: number; file_mb_per_s: number }>((resolve, reject) => {
    const req = http.get(`${base}/prod-api/feed/products/full`, { headers: { "X-Api-Key": key, "Accept-Encoding": encoding } }, (res) => {
      const firstByteMs = performance.now() - t0;
      if (res.statusCode !== 200) return reject(new Error(`the full export answered ${res.statusCode}`));
      // the file the export process has just written, not an older one
      if (res.headers.etag !== etag) return reject(new Error(`the full export has ETag ${res.headers.etag}, the export wrote ${etag}`));
      let wire = 0;
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (wire += chunk.length));
      const body = res.headers["content-encoding"] === "gzip" ? res.pipe(zlib.createGunzip()) : res;
      body.on("data", (chunk: Buffer) => (bytes += chunk.length));
      body.on("error", reject);
      body.on("end", () => {
        const seconds = (performance.now() - t0) / 1000;
        if (bytes !== fileBytes) return reject(new Error(`downloaded ${bytes} bytes of a ${fileBytes}-byte file (${encoding})`));
        resolve({ first_byte_ms: round(firstByteMs), seconds: round(seconds, 2), wire_mb: round(wire / MB, 2), file_mb_per_s: round(bytes / MB / seconds) });
      });
    });
    req.on("error", reject);
  });
}

/**
 * GET /prod-api/order/{id} for the customer's order with the most lines in the session's entity
 * (the user's default one, as tokenFor signs in), under load, beside the same answer served as a
 * static file (public/__bench, as the http section).
 */
async function orderCall(ctx: FeedBenchContext, base: string, token: string, userId: number, customerId: number) {
  const tenant = await ctx.db
    .selectFrom("user_tenant")
    .select("tenant_id")
    .where("user_id", "=", userId)
    .orderBy("is_default", "desc")
    .orderBy("tenant_id")
    .executeTakeFirstOrThrow();
  const order = await ctx.db
    .selectFrom("sales_order as o")
    .innerJoin("order_line as l", "l.order_id", "o.id")
    .select(["o.order_no", (eb) => eb.fn.countAll<number>().as("lines")])
    .where("o.customer_id", "=", customerId)
    .where("o.tenant_id", "=", tenant.tenant_id)
    .groupBy(["o.id", "o.order_no"])
    .orderBy("lines", "desc")
    .orderBy("o.id")
    .executeTakeFirstOrThrow();
  const url = `/prod-api/order/${encodeURIComponent(order.order_no)}`;
  const headers = { "X-Token": token };
  const res = await fetch(base + url, { headers });
  const body = await res.text();
  if (res.status !== 200 || (JSON.parse(body) as { code: number }).code !== 20000) throw new Error(`${url} answered ${res.status} ${body.slice(0, 200)}`);
  const staticDir = path.join(ROOT, "public", "__bench");
  fs.mkdirSync(staticDir, { recursive: true });
  try {
    fs.writeFileSync(path.join(staticDir, "order.json"), body);
    log(`feed: ${url} (${Number(order.lines)} lines, ${body.length} bytes)…`);
    const call = await ctx.load(base + url, headers);
    const stat = await ctx.load(`${base}/__bench/order.json`);
    return { url, lines: Number(order.lines), json_bytes: body.length, call, static_file: stat, share_of_static_pct: round((call.rps / stat.rps) * 100) };
  } finally {
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
}
