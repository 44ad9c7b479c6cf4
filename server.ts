import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
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
import { checkSameOrigin } from "./app/utils/cross-site.server";
import { log } from "./app/utils/log.server";
import { openRequestScope, SCOPE_HEADER } from "./app/utils/request-scope.server";

/**
 * The shop's HTTP server: Express in front of the Remix request handler, so that we own the
 * CSP nonces, caching, rate limits, the health check and graceful shutdown (docs/decisions/001).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Messages between the supervisor and its workers. */
const WORKER_READY = "shop:ready";
const NEW_CONNECTION = "shop:connection";
const CONNECTION_CLOSED = "shop:closed";

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
 * WEB_CONCURRENCY > 1: that many worker processes serve (one JavaScript thread each cannot use a
 * second core). The supervisor accepts the connections itself and hands each to the worker with
 * the fewest open connections: browsers keep a connection for many requests, and Node's own
 * round-robin gave the next connection to whichever worker answered first, so a busy moment could
 * leave one worker with 12 of 20 connections and its pages waiting half as long again (decision 034).
 * Workers that die are replaced; SIGTERM/SIGINT stop them gracefully.
 */
function superviseWorkers(count: number) {
  let stopping = false;
  const open = new Map<number, number>(); // ready worker id -> its open connections
  // A larger young generation (V8's default is 16 MB per semi-space): a page render allocates a
  // few MB of short-lived strings and objects, and fewer scavenges gave ~6 % more requests/s and a
  // shorter tail (decision 028).
  cluster.setupPrimary({ execArgv: [...process.execArgv, "--max-semi-space-size=32"] });

  const leastBusy = () => {
    let best: number | undefined;
    for (const [id, n] of open) if (best === undefined || n < open.get(best)!) best = id;
    return best;
  };
  const connectionClosed = (id: number) => {
    if (open.has(id)) open.set(id, Math.max(0, open.get(id)! - 1));
  };
  const balancer = net.createServer({ pauseOnConnect: true }, (socket) => {
    const id = leastBusy();
    const worker = id === undefined ? undefined : cluster.workers?.[id];
    if (id === undefined || !worker) return socket.destroy();
    open.set(id, open.get(id)! + 1);
    worker.send(NEW_CONNECTION, socket, { keepOpen: false }, (error) => {
      if (!error) return;
      socket.destroy();
      connectionClosed(id);
    });
  });

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message) => {
      if (message === CONNECTION_CLOSED) connectionClosed(worker.id);
      if (message !== WORKER_READY) return;
      open.set(worker.id, 0);
      if (open.size === count && !balancer.listening) {
        balancer.listen(env.PORT, env.HOST, () => {
          log.info("dealer shop listening", { url: `http://localhost:${env.PORT}`, workers: count });
          printDemoAccounts();
        });
      }
    });
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    open.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.warn("worker exited, starting another", { pid: worker.process.pid, code, signal });
    fork();
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal, workers: count });
    balancer.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 12_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Requests start in the order they arrived, one per turn of the event loop. A page is rendered in
 * one go (the SQLite driver is synchronous), and when Node took up every connection that was ready
 * at once, a connection served early in one round could come last in the next: under load one page
 * in forty waited twice as long as the median. Between two requests the loop now sends what is
 * written and reads what arrived, so each waits its turn in a queue (decision 034). Requests that
 * wait for I/O themselves (PostgreSQL, password hashing) do not hold up the next one.
 */
function inArrivalOrder(): express.RequestHandler {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const startNext = () => {
    scheduled = false;
    waiting.shift()?.();
    if (waiting.length > 0 && !scheduled) {
      scheduled = true;
      setImmediate(startNext);
    }
  };
  return (_req, _res, next) => {
    waiting.push(next);
    if (!scheduled) {
      scheduled = true;
      setImmediate(startNext);
    }
  };
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
  app.use(inArrivalOrder());
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

  // Cross-site posts are refused here, before Remix, for every path: pages, `?_data=` requests
  // and resource routes alike (app/utils/cross-site.server.ts, docs/security.md).
  const crossSitePage = path.join(here, "public/errors/cross-site.html");
  app.use((req, res, next) => {
    const verdict = checkSameOrigin({
      method: req.method,
      shopOrigin: env.PUBLIC_URL ? env.publicOrigin : `${req.protocol}://${req.get("host")}`,
      origin: req.get("origin"),
      referer: req.get("referer"),
      secFetchSite: req.get("sec-fetch-site"),
    });
    if (verdict.allowed) return next();
    log.warn("cross-site request refused", { method: req.method, path: req.originalUrl.slice(0, 300), reason: verdict.reason });
    res.status(403).sendFile(crossSitePage);
  });
  // Every action reads a form: a body of another type (JSON, text/plain) is answered 415 here
  // instead of failing inside an action.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !req.is("*/*")) return next(); // no body
    if (req.is(["application/x-www-form-urlencoded", "multipart/form-data"])) return next();
    log.warn("request refused", { method: req.method, path: req.originalUrl.slice(0, 300), status: 415, contentType: req.get("content-type")?.slice(0, 100) });
    res.status(415).type("text/plain").send("不支持的提交格式 · Unsupported Media Type");
  });

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

  const server = http.createServer(app);
  const handedOver = new Set<net.Socket>(); // connections the supervisor passed to this worker
  let closing = false;
  if (cluster.isWorker) {
    // The supervisor accepts connections and passes them on (superviseWorkers); it is told when
    // one closes, to keep count.
    process.on("message", (message, socket?: net.Socket) => {
      if (message !== NEW_CONNECTION || !socket) return;
      if (closing) return socket.destroy();
      handedOver.add(socket);
      socket.on("close", () => {
        handedOver.delete(socket);
        process.send?.(CONNECTION_CLOSED);
      });
      server.emit("connection", socket);
      socket.resume();
    });
    process.send?.(WORKER_READY);
  } else {
    server.listen(env.PORT, env.HOST, () => {
      log.info("dealer shop listening", { url: `http://localhost:${env.PORT}`, database: env.DATABASE_URL.split("@").pop() });
      printDemoAccounts();
    });
  }

  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    log.info("shutting down", { signal });
    setTimeout(() => process.exit(0), 10_000).unref();
    // No new connections; requests under way finish, and each keep-alive connection is closed as
    // soon as it is idle (checked every 50 ms: a worker's connections came from the supervisor).
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    if (cluster.isPrimary) await closed;
    while (handedOver.size > 0) {
      server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await db.destroy();
    process.exit(0);
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
