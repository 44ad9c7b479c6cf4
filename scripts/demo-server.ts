import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { hashToken } from "../app/modules/auth/sessions.server";
import { sessionCookie } from "../app/utils/session.server";

/** The repository's root (the built server runs from there). */
export const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * The built server on a fresh demo database in `dbDir` (as playwright.config.ts's web server), for
 * the scripts that measure pages in a browser (`npm run audit`, `npm run js-budget`). Resolves once
 * /healthz answers.
 */
export async function startDemoServer(port: number, dbDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  if (!fs.existsSync(path.join(ROOT, "build", "server.js"))) throw new Error("build/server.js is missing: run npm run build first");
  fs.rmSync(dbDir, { recursive: true, force: true });
  fs.mkdirSync(dbDir, { recursive: true });
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: `file:${path.join(dbDir, "shop.db")}`,
      DEMO_DATA: "on",
      DEMO_PRODUCTS: "400",
      LOGIN_CAPTCHA: "off",
      MAIL_OUTBOX_DIR: path.join(dbDir, "outbox"),
      LOG_LEVEL: "error",
      WEB_CONCURRENCY: "1",
      ...env,
    },
  });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`http://localhost:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("the built server did not start");
}

/**
 * A session of a demo account made straight in the database, as the sign-in form's post would make
 * it (in `tenantCode`'s company entity, else the account's default one): its cookie's value. The
 * e2e fixtures (tests/e2e/fixtures.ts) and the scripts that measure signed-in pages use it.
 */
export async function demoSession(db: Database.Database, code: string, tenantCode?: string): Promise<string> {
  const user = db.prepare("select id from app_user where code = ?").get(code) as { id: number } | undefined;
  if (!user) throw new Error(`no demo user ${code}`);
  const tenant = (
    tenantCode
      ? db.prepare("select id from tenant where code = ?").get(tenantCode)
      : db.prepare("select tenant_id as id from user_tenant where user_id = ? order by is_default desc, tenant_id limit 1").get(user.id)
  ) as { id: number };
  const token = crypto.randomBytes(32).toString("base64url");
  db.prepare("insert into session (id, user_id, tenant_id, expires_at, created_at) values (?, ?, ?, ?, ?)").run(
    hashToken(token),
    user.id,
    tenant.id,
    new Date(Date.now() + 3600_000).toISOString(),
    new Date().toISOString(),
  );
  return (await sessionCookie(false).serialize(token)).split(";")[0].split("=").slice(1).join("=");
}
