import cluster from "node:cluster";
import crypto from "node:crypto";
import path from "node:path";
import type { Transform } from "node:stream";
import { pathToFileURL } from "node:url";
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import { databaseAnswers } from "./app/db/db.server";
import { isPostgres } from "./app/db/dialect.server";
import { getDb } from "./app/db/index.server";
import { migrateToLatest } from "./app/db/migrate.server";
import { isEmpty, seedDemoData } from "./app/db/seed/seed.server";
import { listenForVersions } from "./app/modules/admin/version-listener.server";
import { ensureToolTypes } from "./app/modules/quotation/tool-types.server";
import { rebuildDueExports } from "./app/modules/integration/feed.server";
import { jobHandlers } from "./app/modules/jobs/handlers.server";
import { pgBossQueue, tableQueue } from "./app/modules/jobs/queue.server";
import { startJobWorkers, stopJobWorkers, sweepStalledJobs } from "./app/modules/jobs/runner.server";
import { WINDOW_MS } from "./app/modules/limits/request-counts.server";
import { getMailer } from "./app/modules/mail/mailer.server";
import { getEnv, type Env } from "./app/env.server";
import { contentDir } from "./app/modules/content/files.server";
import {
  bodyLimitFor,
  countedBody,
  isApiPath,
  methodAllowed,
  originFitsHost,
  refusalMessage,
  urlHasNul,
  type BodyRefusal,
} from "./app/utils/request-limits.server";
import { checkSameOrigin } from "./app/utils/cross-site.server";
import { log, loggedUrl } from "./app/utils/log.server";
import { refusalPage, type RefusalStatus } from "./app/utils/refusal-page.server";
import { runInRequestScope } from "./app/utils/request-scope.server";
import { DatabaseRateLimitStore } from "./app/utils/shared-rate-limit.server";

/**
 * The shop's HTTP server: Express in front of the Remix request handler, so that we own the
 * CSP nonces, caching, rate limits, the health check and graceful shutdown (docs/decisions/001).
 */
// npm scripts run from the project's folder; the server runs as server.ts (tsx, development) or
// compiled to build/server.js, so paths start from the working folder, not from this file.
const root = process.cwd();

let env: Env;
try {
  env = getEnv();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

const db = getDb();
if (cluster.isPrimary && !env.PUBLIC_URL) {
  log.warn("PUBLIC_URL is not set: links in e-mails point to " + env.publicOrigin + " (set it to the address dealers open)");
}
if (cluster.isPrimary) {
  // Migrations and demo data once, before any process serves.
  const applied = await migrateToLatest(db);
  if (applied.length) log.info("migrations applied", { migrations: applied });
  if (env.DEMO_DATA === "on" && (await isEmpty(db))) {
    log.info("empty database: generating demo data", { products: env.DEMO_PRODUCTS });
    await seedDemoData(db, { products: env.DEMO_PRODUCTS, log: (msg) => log.info(msg), contentDir: contentDir() });
  }
  // the quotation form's tool types and attributes are reference data a shop without demo data
  // needs as well; written only into an empty table, so the back office's own rows stay (decision 051)
  await ensureToolTypes(db);
}

if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
  await db.destroy();
  superviseWorkers(env.WEB_CONCURRENCY);
} else {
  await serve();
}

/**
 * WEB_CONCURRENCY > 1: that many worker processes serve (one JavaScript thread cannot use a second
 * core). They listen on the same port and node:cluster hands out the connections. Workers that die
 * are replaced; SIGTERM/SIGINT stop them gracefully. Several machines: a load balancer in front of
 * PostgreSQL-backed instances (README).
 */
function superviseWorkers(count: number) {
  let stopping = false;
  // A larger young generation (V8's default is 16 MB per semi-space): a page render allocates a
  // few MB of short-lived objects, and fewer scavenges give a shorter tail (decision 028).
  cluster.setupPrimary({ execArgv: [...process.execArgv, "--max-semi-space-size=32"] });
  for (let i = 0; i < count; i++) cluster.fork();
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening !== count) return;
    log.info("dealer shop listening", { url: `http://localhost:${env.PORT}`, workers: count });
    printDemoAccounts();
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.warn("worker exited, starting another", { pid: worker.process.pid, code, signal });
    cluster.fork();
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal, workers: count });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 12_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * After an answer sent before its request's body was read (a 413, a 403, a page without an
 * action): browsers and fetch read an answer only once they have sent their body, and a socket
 * closed on unread bytes is reset, so they would show a broken connection instead of the page.
 * The rest is read and thrown away (never kept) for at most 2 s and lingerBytes, as nginx's
 * lingering close; a body longer than that has its connection closed.
 */
function lingerThenClose(req: express.Request, lingerBytes: number) {
  if (req.complete) return;
  let discarded = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(close, 2_000);
  req.unpipe();
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > lingerBytes) close();
  });
  // all of it came: the connection is in step again and may carry the next request
  req.once("end", () => clearTimeout(timer));
  req.resume();
}

/** The request's address as Remix's Express adapter builds it (the host under TRUST_PROXY, the port of Host). */
function shopUrl(req: express.Request): URL {
  const port = (header: string | undefined) => Number.parseInt(header?.split(":")[1] ?? "", 10);
  const forwardedPort = port(req.get("x-forwarded-host"));
  const hostPort = port(req.get("host"));
  const portNumber = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : null;
  return new URL(`${req.protocol}://${req.hostname}${portNumber ? `:${portNumber}` : ""}${req.originalUrl}`);
}

function printDemoAccounts() {
  if (env.DEMO_DATA !== "on" || process.env.SHOW_DEMO_ACCOUNTS === "off") return;
  console.log(
    "\nDemo accounts (password Demo2026):\n" +
      "  XCD000001  master account of dealer A (two companies)\n" +
      "  XCD000002  sub-account of A, may order, price factor +10 %\n" +
      "  XCD000003  sub-account of A, no ordering permission\n" +
      "  DPC000001  master account of dealer B\n" +
      "  XCD000009  customer support + customer master account roles\n" +
      "  XCD000010  partiesId CRMCPXX (product selection landing)\n" +
      "  EMP000001  staff: system administrator (back office at /login → /system)\n" +
      "  EMP000002  staff: order desk · EMP000003 customer support · EMP000004 content editor\n" +
      "  EMP000005  the ERP's system account (integration API, /prod-api)\n",
  );
}

async function serve() {
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;

  const app = express();
  app.disable("x-powered-by");
  // A number of hops or the proxies' addresses, never `true` (which trusts any X-Forwarded-For).
  app.set("trust proxy", env.TRUST_PROXY);
  if (env.TRUST_PROXY === false) {
    // No proxy in front: forwarding headers are the client's own words. Remix would still read
    // X-Forwarded-Host (for the request's URL and its own origin check, which throws: a 500).
    app.use((req, _res, next) => {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-proto"];
      next();
    });
  }

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.on("finish", () => {
      if (req.path === "/healthz" || req.path.startsWith("/build/")) return;
      log.info("request", {
        method: req.method,
        path: loggedUrl(req.originalUrl).slice(0, 300),
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        ip: req.ip,
      });
    });
    next();
  });

  app.use(compression());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          // Emotion inserts style elements at run time; inline styles carry no script risk.
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:"],
          "connect-src": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": env.TRUST_PROXY !== false ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // helmet's default "no-referrer" makes Chromium send `Origin: null` on plain form posts, which
      // Remix's CSRF check refuses (500) — every no-JS form would fail. Same-origin keeps referrers in.
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: env.TRUST_PROXY !== false,
    }),
  );

  // Refused before anything else reads the request (docs/security.md, "Requests refused before
  // Remix"): each answer is a small page in the visitor's language, and none reaches the error log.
  const refuse = async (req: express.Request, res: express.Response, status: RefusalStatus, values: Record<string, number> = {}) => {
    log.warn("request refused", { method: req.method, path: loggedUrl(req.originalUrl).slice(0, 300), status });
    if (isApiPath(req.path)) {
      // the integration API answers in its envelope, never with a page (decision 072)
      if (status === 405) res.set("Allow", "GET, HEAD, POST, PUT, DELETE");
      return void res.status(status).json({ code: status * 100, data: null, message: refusalMessage(status) });
    }
    const page = await refusalPage({ cookie: req.get("cookie"), acceptLanguage: req.get("accept-language") }, status, values);
    if (res.headersSent) return;
    if (status === 405) res.set("Allow", "GET, HEAD, POST");
    res.status(status).type("html").send(page);
  };
  app.use((req, res, next) => {
    // TRACE, PUT, DELETE…: Remix would answer 500 (TRACE) or run a loader for them.
    if (!methodAllowed(req.method, req.path)) return void refuse(req, res, 405);
    // A NUL reaches SQL text (FTS5 and PostgreSQL refuse it: a 500 and an error-log row).
    if (urlHasNul(req.originalUrl)) return void refuse(req, res, 400);
    next();
  });
  // Request bodies are counted as they arrive, not as Content-Length says, and nothing is held
  // back: past its path's limit (app/utils/request-limits.server.ts) a body is answered 413 at once,
  // Remix stops reading it, and the connection is closed soon after (lingerThenClose).
  app.use((req, res, next) => {
    const maxBytes = bodyLimitFor(req.path);
    const declared = Number(req.get("content-length") ?? 0);
    const hasBody = declared > 0 || req.get("transfer-encoding") !== undefined;
    // Remix's request signal: aborted before a body is refused, so the action reading it ends
    // quietly (entry.server.tsx skips aborted requests) instead of as a server error.
    const abort = new AbortController();
    res.locals.abort = abort;
    if (!hasBody) return next();
    // Whatever answered (a refusal here, a 403, a page that reads no body), an unread rest goes.
    res.once("finish", () => lingerThenClose(req, 4 * maxBytes));
    const refuseBody = (status: RefusalStatus) => {
      abort.abort();
      if (res.headersSent) return;
      void refuse(req, res, status, { mb: Math.round(maxBytes / 1024 / 1024) });
    };
    if (declared > maxBytes) return refuseBody(413);
    const body = countedBody({
      maxBytes,
      urlEncoded: req.is("application/x-www-form-urlencoded") === "application/x-www-form-urlencoded",
      refuse: (reason: BodyRefusal) => refuseBody(reason === "tooLarge" ? 413 : 400),
    });
    body.on("error", () => req.unpipe(body));
    // The client went away in the middle of its body: the action must not see a cut-off form.
    req.once("close", () => {
      if (req.complete) return;
      abort.abort();
      body.destroy(new Error("request body cut off"));
    });
    req.pipe(body);
    res.locals.body = body;
    next();
  });

  // Cross-site posts are refused here, before Remix, for every path: pages, `?_data=` requests
  // and resource routes alike (app/utils/cross-site.server.ts, docs/security.md).
  const crossSitePage = path.join(root, "public/errors/cross-site.html");
  app.use((req, res, next) => {
    // The integration API authenticates by its X-Token header, never by a cookie: a page of another
    // site cannot make a browser send that header, so there is nothing to forge (docs/security.md).
    if (isApiPath(req.path)) return next();
    const verdict = checkSameOrigin({
      method: req.method,
      shopOrigin: env.PUBLIC_URL ? env.publicOrigin : `${req.protocol}://${req.get("host")}`,
      origin: req.get("origin"),
      referer: req.get("referer"),
      secFetchSite: req.get("sec-fetch-site"),
    });
    if (verdict.allowed) return next();
    log.warn("cross-site request refused", { method: req.method, path: loggedUrl(req.originalUrl).slice(0, 300), reason: verdict.reason });
    res.status(403).sendFile(crossSitePage);
  });
  // The shop's own Origin with another Host: Remix would throw (a 500, an error-log row).
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
    if (originFitsHost(req.get("origin"), host)) return next();
    void refuse(req, res, 400);
  });
  // Every action reads a form: a body of another type (JSON, text/plain) is answered 415 here
  // instead of failing inside an action.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !req.is("*/*")) return next(); // no body
    if (isApiPath(req.path)) return next(); // JSON (and the import's spreadsheet): the API checks its bodies itself
    if (req.is(["application/x-www-form-urlencoded", "multipart/form-data"])) return next();
    log.warn("request refused", {
      method: req.method,
      path: loggedUrl(req.originalUrl).slice(0, 300),
      status: 415,
      contentType: req.get("content-type")?.slice(0, 100),
    });
    res.status(415).type("text/plain").send("不支持的提交格式 · Unsupported Media Type");
  });

  app.get("/healthz", async (_req, res) => {
    const ok = await databaseAnswers(db);
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "database unavailable" });
  });

  // Fingerprinted build assets never change; everything else in public/ may.
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  // Other files of public/ have a name with an extension; page paths never do, and need no disk lookup.
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  // A ceiling on form posts per client address; the login has its own, finer throttle. Pages
  // (GET, HEAD) do not pass through the limiter at all. Counted in the database, so that all
  // processes and instances behind a proxy share one count (decision 079). When the database
  // cannot count, the post goes on: the limit guards against floods, it is not a permission.
  const postLimit = rateLimit({
    windowMs: WINDOW_MS,
    store: new DatabaseRateLimitStore(db, "post:"),
    passOnStoreError: true,
    limit: env.RATE_LIMIT_POSTS_PER_MINUTE,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (req, res, _next, options) => {
      if (isApiPath(req.path)) return void res.status(429).json({ code: 42900, data: null, message: refusalMessage(429) });
      res.status(options.statusCode).send(options.message);
    },
  });
  app.use((req, res, next) => (req.method === "GET" || req.method === "HEAD" ? next() : postLimit(req, res, next)));

  // Remix's Express adapter, but reading the counted body above instead of the raw request.
  const handleRemix = createRequestHandler(build, env.NODE_ENV);
  app.all("*", async (req, res, next) => {
    try {
      const abort = res.locals.abort as AbortController;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        for (const one of Array.isArray(value) ? value : value ? [value] : []) headers.append(name, one);
      }
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: abort.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        init.body = createReadableStreamFromReadable((res.locals.body as Transform | undefined) ?? req);
        init.duplex = "half";
      }
      // The browser went away before the answer was sent: loaders and actions may stop.
      let answered = false;
      res.once("finish", () => (answered = true));
      res.once("close", () => answered || abort.abort());
      const request = new Request(shopUrl(req).href, init);
      // Per-request values for loaders and actions (app/load-context.ts). The client address is
      // Express's, under TRUST_PROXY: never what a client wrote into X-Forwarded-For.
      const context = { cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? null } satisfies AppLoadContext;
      const response = await runInRequestScope(req.method, () => handleRemix(request, context));
      // refused above while Remix was reading the body (the refusal page is, or will be, the answer), or the client left
      if (res.headersSent || abort.signal.aborted) return;
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (e) {
      if (!res.headersSent) next(e);
    }
  });

  // An integration call that failed outside its own handling still answers in its envelope (decision 072).
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!isApiPath(req.path) || res.headersSent) return next(error);
    log.error("integration API request failed", { method: req.method, path: loggedUrl(req.originalUrl).slice(0, 300), error: String(error) });
    res.status(500).json({ code: 50000, data: null, message: "服务器出错 · Server error" });
  });

  // The job queue's workers (decision 084): pg-boss on PostgreSQL, the `queued_job` table on
  // SQLite. They run the imports, the data-area copies, mail and the hourly sweep (expired stock
  // reservations, old request counts), whichever instance sent them.
  const jobQueue = isPostgres(db)
    ? pgBossQueue(env.DATABASE_URL, { log: (message, fields) => log.error(message, fields) })
    : tableQueue(db, { log: (message, fields) => log.warn(message, fields) });
  await startJobWorkers(jobQueue, jobHandlers(db, getMailer()));
  // Background jobs whose process died (decision 082): every process sweeps twice per stall time;
  // a stalled import is failed visibly, a stalled data-area copy resumed here.
  const stalledJobs = setInterval(
    () => void sweepStalledJobs(db).catch((e: unknown) => log.error("sweeping stalled jobs failed", { error: String(e) })),
    (env.JOB_STALL_SECONDS * 1000) / 2,
  );
  stalledJobs.unref();
  // PostgreSQL: the cached menus, grants, parameters and catalogue hear of a change made by any
  // process at once (LISTEN/NOTIFY), instead of reading its counter on every use.
  const versionListener = isPostgres(db)
    ? listenForVersions(db, env.DATABASE_URL, (e: unknown) => log.warn("cache invalidation connection lost", { error: String(e) }))
    : null;

  // The dealers' full feed exports (decision 073), rebuilt every hour: each customer's under a lock
  // taken by a conditional update, so that of the serving processes one rebuilds it. Checked every
  // ten minutes; an export is rebuilt once it is 55 minutes old.
  const rebuildFeeds = () => rebuildDueExports(db).catch((e: unknown) => log.error("rebuilding the feed exports failed", { error: String(e) }));
  const feedExports = setInterval(rebuildFeeds, 10 * 60_000);
  feedExports.unref();

  // In a cluster worker, listen() shares the primary's port (node:cluster hands out connections).
  const server = app.listen(env.PORT, env.HOST, () => {
    if (cluster.isWorker) return;
    log.info("dealer shop listening", { url: `http://localhost:${env.PORT}`, database: env.DATABASE_URL.split("@").pop() });
    printDemoAccounts();
  });
  // Node closes an idle keep-alive connection after 5 s, and a client (a proxy, Playwright's
  // request context) that sends on it at that moment gets ECONNRESET. Idle connections stay
  // open longer than a proxy's usual idle limit (60 s), so that the client closes them first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  async function shutdown(signal: string) {
    log.info("shutting down", { signal });
    setTimeout(() => process.exit(0), 10_000).unref();
    // No new connections; requests under way finish, and keep-alive connections close once idle.
    const closed = new Promise((resolve) => server.close(resolve));
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    await closed;
    clearInterval(idle);
    clearInterval(feedExports);
    clearInterval(stalledJobs);
    await stopJobWorkers().catch((e: unknown) => log.warn("stopping the job workers failed", { error: String(e) }));
    await versionListener?.stop();
    await db.destroy();
    process.exit(0);
  }
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
