import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * The security tests talk to the built server over HTTP, as an attacker would. `startShop` starts
 * the built server (`build/server.js`) on its own port with a fresh SQLite database (demo data generated on start-up);
 * `shop.sql` opens that database for checks the HTTP answers cannot show (how many orders exist).
 */
export interface Shop {
  base: string;
  /** the server's main process (with WEB_CONCURRENCY=1 the one that serves) */
  pid: number;
  dbPath: string;
  outbox: string;
  /** the server's standard error so far (error log lines) */
  stderr: () => string;
  /** the server's standard output so far (log lines below error at LOG_LEVEL: the request log at info) */
  stdout: () => string;
  sql: () => Database.Database;
  stop: () => Promise<void>;
  /** signs in through the login form (password Demo2026 unless given); returns the session cookie */
  signIn: (code: string, opts?: { password?: string; cookie?: string }) => Promise<string>;
  /** a form post as the shop's own page sends it (Origin: the shop), not following redirects */
  post: (pathname: string, cookie: string, fields: Record<string, string>, headers?: Record<string, string>) => Promise<Response>;
  get: (pathname: string, cookie: string) => Promise<Response>;
  query: <T>(sql: string, ...params: unknown[]) => T[];
  one: <T>(sql: string, ...params: unknown[]) => T;
  run: (sql: string, ...params: unknown[]) => void;
  /**
   * What the user sees after a redirect: follows the answer's Location with the session and the
   * toast cookie it set, and gives the toast's text and kind (null when the page shows none).
   */
  toast: (answer: Response, cookie: string) => Promise<{ text: string; kind: "success" | "error" } | null>;
  /** the fill-order form as the browser gets it: the page's one-time token and the default address */
  fillOrderForm: (cookie: string) => Promise<Record<string, string>>;
}

// Test files run in parallel forks: each fork takes its own block of ports.
let nextPort = Number(process.env.SECURITY_PORT ?? 3300) + 20 * Number(process.env.VITEST_POOL_ID ?? 0);

/**
 * A server of the file's own. Most files use `sharedShop()` instead; a file starts its own only
 * when it needs a server set up differently (an environment variable) or owns something every
 * other file would see (shop-wide settings, roles, the server's logs or memory): it says why beside the call.
 */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const { inject } = await import("vitest");
  return launch(nextPort++, env, inject("demoTemplate"));
}

/**
 * Starts the built server on `port` with a fresh demo database (also used by global-setup.ts).
 * With `template` (a folder `snapshotDemo` wrote), the database and its content files start as
 * copies of it: the server finds its migrations applied and its demo data there and skips both
 * (decision 063). Without it, the server generates them.
 */
export async function launch(port: number, env: Record<string, string> = {}, template?: string): Promise<Shop> {
  const dir = path.resolve(`test-results/security-db-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  if (template) fs.cpSync(template, dir, { recursive: true });
  fs.mkdirSync(dir, { recursive: true });
  const dbPath = path.join(dir, "shop.db");
  const outbox = path.join(dir, "outbox");
  let stderr = "";
  let stdout = "";
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "2",
      DATABASE_URL: `file:${dbPath}`,
      DEMO_DATA: "on",
      DEMO_PRODUCTS: "200",
      LOGIN_CAPTCHA: "off",
      MAIL_OUTBOX_DIR: outbox,
      LOG_LEVEL: "warn",
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
      SHOW_DEMO_ACCOUNTS: "off",
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
  });
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await fetch(`${base}/healthz`).catch(() => null);
    if (answer?.status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the shop did not start on ${base}:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
    child.kill("SIGKILL");
  };
  return shopAt({ base, pid: child.pid!, dbPath, outbox }, { stderr: () => stderr, stdout: () => stdout, stop });
}

/**
 * A copy of a freshly started server's demo database (SQLite's online backup: consistent while
 * the server runs) and of its content files, in `to`: the start of every server of a file's own.
 */
export async function snapshotDemo(shop: Pick<Shop, "dbPath">, to: string): Promise<string> {
  const dir = path.resolve(to);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const content = path.join(path.dirname(shop.dbPath), "content");
  if (fs.existsSync(content)) fs.cpSync(content, path.join(dir, "content"), { recursive: true });
  const db = new Database(shop.dbPath, { readonly: true });
  try {
    await db.backup(path.join(dir, "shop.db"));
  } finally {
    db.close();
  }
  return dir;
}

/** Where a running server answers: what global-setup.ts hands to the test files. */
export interface ShopAddress {
  base: string;
  pid: number;
  dbPath: string;
  outbox: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    sharedShop: ShopAddress;
    /** the folder of the demo database every server of a file's own starts from (`snapshotDemo`) */
    demoTemplate: string;
  }
}

/**
 * The server every test file shares (started once per run by tests/security/global-setup.ts).
 * A file on it signs in with accounts of its own where it changes or counts what an account has
 * (`newAccount`, `newDealer`), so that files running at the same time do not see each other's
 * work. Its logs are not kept and `stop` leaves it running for the other files.
 */
export async function sharedShop(): Promise<Shop> {
  // imported here: global-setup.ts loads this module in vitest's main process, where the test API has no place
  const { inject } = await import("vitest");
  const unkept = () => {
    throw new Error("the shared server's logs are not kept: a file that reads them starts its own (startShop)");
  };
  return shopAt(inject("sharedShop"), { stderr: unkept, stdout: unkept, stop: async () => {} });
}

function shopAt({ base, pid, dbPath, outbox }: ShopAddress, own: Pick<Shop, "stderr" | "stdout" | "stop">): Shop {
  const sql = () => {
    const db = new Database(dbPath);
    db.pragma("busy_timeout = 5000");
    return db;
  };
  const withDb = <T>(use: (db: Database.Database) => T): T => {
    const db = sql();
    try {
      return use(db);
    } finally {
      db.close();
    }
  };
  const post = (pathname: string, cookie: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: base }) =>
    fetch(`${base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
      body: new URLSearchParams(fields),
    });
  return {
    base,
    pid,
    dbPath,
    outbox,
    ...own,
    sql,
    post,
    get: (pathname, cookie) => fetch(`${base}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }),
    signIn: async (code, opts = {}) => {
      const answer = await post("/shop_login", opts.cookie ?? "", { code, password: opts.password ?? "Demo2026" });
      const session = answer.headers.getSetCookie().find((c) => c.startsWith("shop_session="));
      if (answer.status !== 302 || !session) throw new Error(`sign-in of ${code} failed: ${answer.status}`);
      return session.split(";")[0];
    },
    toast: async (answer, cookie) => {
      const location = answer.headers.get("location");
      const flash = answer.headers.getSetCookie().find((c) => c.startsWith("shop_flash="));
      if (!location || !flash) return null;
      const page = await fetch(new URL(location, base), { redirect: "manual", headers: { Cookie: [cookie, flash.split(";")[0]].filter(Boolean).join("; ") } });
      const match = /<p class="message message-(success|error)" role="(?:status|alert)" data-testid="flash">([^<]*)<\/p>/.exec(await page.text());
      return match ? { kind: match[1] as "success" | "error", text: match[2] } : null;
    },
    query: (text, ...params) => withDb((db) => db.prepare(text).all(...params) as never[]),
    one: (text, ...params) => withDb((db) => db.prepare(text).get(...params) as never),
    run: (text, ...params) => withDb((db) => void db.prepare(text).run(...params)),
    fillOrderForm: async (cookie) => {
      const html = await (await fetch(`${base}/order/fillOrder`, { headers: { Cookie: cookie } })).text();
      const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
      const addresses = html.match(/<input[^>]*name="addressId"[^>]*>/g) ?? [];
      const chosen = addresses.find((input) => input.includes("checked")) ?? addresses[0];
      const addressId = chosen && /value="(\d+)"/.exec(chosen)?.[1];
      if (!token || !addressId) throw new Error("the fill-order page has no token or address");
      const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      return { intent: "submit", token, addressId, paymentMethod: "prepayment", expectedDeliveryDate: inAWeek };
    },
  };
}
