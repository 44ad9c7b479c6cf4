import cluster from "node:cluster";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import { databaseAnswers } from "./app/db/db.server";
import { getDb } from "./app/db/index.server";
import { migrateToLatest } from "./app/db/migrate.server";
import { isEmpty, seedDemoData } from "./app/db/seed/seed.server";
import { getEnv, type Env } from "./app/env.server";
import { log } from "./app/utils/log.server";
import { openRequestScope, SCOPE_HEADER } from "./app/utils/request-scope.server";

/**
 * The shop's HTTP server: Express in front of the Remix request handler, so that we own the
 * CSP nonces, caching, rate limits, the health check and graceful shutdown (docs/decisions/001).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

let env: Env;
try {
  env = getEnv();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

const db = getDb();
if (cluster.isPrimary) {
  // Migrations and demo data once, before any process serves.
  const applied = await migrateToLatest(db);
  if (applied.length) log.info("migrations applied", { migrations: applied });
  if (env.DEMO_DATA === "on" && (await isEmpty(db))) {
    log.info("empty database: generating demo data", { products: env.DEMO_PRODUCTS });
    await seedDemoData(db, { products: env.DEMO_PRODUCTS, log: (msg) => log.info(msg) });
  }
}

if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
  await db.destroy();
  superviseWorkers(env.WEB_CONCURRENCY);
} else {
  await serve();
}

/**
 * WEB_CONCURRENCY > 1: that many worker processes share the port (one JavaScript thread each
 * cannot use a second core). Workers that die are replaced; SIGTERM/SIGINT stop them gracefully.
 */
function superviseWorkers(count: number) {
  let stopping = false;
  let listening = 0;
  // A larger young generation (V8's default is 16 MB per semi-space): a page render allocates a
  // few MB of short-lived strings and objects, and fewer scavenges gave ~6 % more requests/s and a
  // shorter tail (decision 028).
  cluster.setupPrimary({ execArgv: [...process.execArgv, "--max-semi-space-size=32"] });
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("listening", () => {
    listening += 1;
    if (listening === count) {
      log.info("dealer shop listening", { url: `http://localhost:${env.PORT}`, workers: count });
      printDemoAccounts();
    }
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

function printDemoAccounts() {
  if (env.DEMO_DATA !== "on" || process.env.SHOW_DEMO_ACCOUNTS === "off") return;
  console.log(
    "\nDemo accounts (password Demo2026):\n" +
      "  XCD000001  master account of dealer A (two companies)\n" +
      "  XCD000002  sub-account of A, may order, price factor +10 %\n" +
      "  XCD000003  sub-account of A, no ordering permission\n" +
      "  DPC000001  master account of dealer B\n" +
      "  XCD000009  customer support + customer master account roles\n" +
      "  XCD000010  partiesId CRMCPXX (product selection landing)\n",
  );
}

async function serve() {
  const build = (await import(pathToFileURL(path.join(here, "build/index.js")).href)) as ServerBuild;

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY === "on") app.set("trust proxy", true);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    // The client address the app sees (for throttling and session records), never taken from the client.
    req.headers["x-shop-client-ip"] = req.ip ?? "";
    res.on("finish", () => {
      if (req.path === "/healthz" || req.path.startsWith("/build/")) return;
      log.info("request", {
        method: req.method,
        path: req.originalUrl.slice(0, 300),
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
          "upgrade-insecure-requests": env.TRUST_PROXY === "on" ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // helmet's default "no-referrer" makes Chromium send `Origin: null` on plain form posts, which
      // Remix's CSRF check refuses (500) — every no-JS form would fail. Same-origin keeps referrers in.
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: env.TRUST_PROXY === "on",
    }),
  );

  app.get("/healthz", async (_req, res) => {
    const ok = await databaseAnswers(db);
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "database unavailable" });
  });

  // Fingerprinted build assets never change; everything else in public/ may.
  app.use("/build", express.static(path.join(here, "public/build"), { immutable: true, maxAge: "1y" }));
  // Other files of public/ have a name with an extension; page paths never do, and need no disk lookup.
  const publicFiles = express.static(path.join(here, "public"), { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  // A ceiling on form posts per client address; the login has its own, finer throttle. Pages
  // (GET, HEAD) do not pass through the limiter at all.
  const postLimit = rateLimit({ windowMs: 60_000, limit: env.RATE_LIMIT_POSTS_PER_MINUTE, standardHeaders: "draft-7", legacyHeaders: false });
  app.use((req, res, next) => (req.method === "GET" || req.method === "HEAD" ? next() : postLimit(req, res, next)));

  // Page loaders of one GET share what they look up (the signed-in user): app/utils/request-scope.server.ts
  app.use((req, res, next) => {
    delete req.headers[SCOPE_HEADER];
    if (req.method === "GET" || req.method === "HEAD") {
      const scope = openRequestScope();
      req.headers[SCOPE_HEADER] = scope.id;
      res.on("close", scope.close);
    }
    next();
  });
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );

  const server = app.listen(env.PORT, env.HOST, () => {
    if (cluster.isWorker) return; // the supervisor reports once for all workers
    log.info("dealer shop listening", { url: `http://localhost:${env.PORT}`, database: env.DATABASE_URL.split("@").pop() });
    printDemoAccounts();
  });

  let closing = false;
  function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    log.info("shutting down", { signal });
    server.close(async () => {
      await db.destroy();
      process.exit(0);
    });
    // Idle keep-alive connections would hold close() open.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
