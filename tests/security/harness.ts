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
  /** the server's standard error so far (log lines at LOG_LEVEL) */
  stderr: () => string;
  sql: () => Database.Database;
  stop: () => Promise<void>;
}

// Test files run in parallel forks: each fork takes its own block of ports.
let nextPort = Number(process.env.SECURITY_PORT ?? 3300) + 20 * Number(process.env.VITEST_POOL_ID ?? 0);

export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const port = nextPort++;
  const dir = path.resolve(`test-results/security-db-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const dbPath = path.join(dir, "shop.db");
  const outbox = path.join(dir, "outbox");
  let stderr = "";
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    stdio: ["ignore", "ignore", "pipe"],
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
  return {
    base,
    pid: child.pid!,
    dbPath,
    outbox,
    stderr: () => stderr,
    sql: () => {
      const db = new Database(dbPath);
      db.pragma("busy_timeout = 5000");
      return db;
    },
    stop: async () => {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
      child.kill("SIGKILL");
    },
  };
}
