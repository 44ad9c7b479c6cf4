import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { e2eDbDir, e2eDbPath, expect, JS_ON, test } from "./fixtures";

/**
 * The operator's view of the built server with two workers behind the supervisor (decision 034):
 * it serves many keep-alive connections at once, and on SIGTERM finishes the pages under way,
 * refuses new connections and exits. No browser is involved, so it runs once (in the js-on project).
 */
// eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument destructured
test("two workers serve parallel connections; SIGTERM lets pages under way finish, then stops", { tag: JS_ON }, async ({}) => {
  // a server of its own starts within it (the start alone may take the default limit on a busy machine)
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 50;
  const dbFile = path.join(e2eDbDir, "shutdown-test.db");
  fs.rmSync(dbFile, { force: true });
  const source = new Database(e2eDbPath, { readonly: true });
  await source.backup(dbFile); // a consistent copy of the running e2e server's database
  source.close();

  const server = spawn(process.execPath, ["build/server.js"], {
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      WEB_CONCURRENCY: "2",
      DATABASE_URL: `file:${dbFile}`,
      DEMO_DATA: "off",
      LOG_LEVEL: "error",
    },
  });
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  try {
    const base = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);

    // eight pages at once (keep-alive connections spread over both workers)
    const page = () => fetch(`${base}/searchProduct?keyWord=cnmg`).then(async (r) => ({ status: r.status, html: await r.text() }));
    const warm = await Promise.all(Array.from({ length: 8 }, page));
    expect(warm.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(warm[0].html).toContain("CNMG120408");

    const underWay = Array.from({ length: 8 }, page);
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.kill("SIGTERM");
    const answered = await Promise.all(underWay);
    expect(answered.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(answered.every((r) => r.html.includes("</html>"))).toBe(true);

    expect(await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 12_000))])).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  } finally {
    server.kill("SIGKILL");
    fs.rmSync(dbFile, { force: true });
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });
  }
});
