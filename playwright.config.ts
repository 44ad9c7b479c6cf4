import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the built server with its own fresh SQLite database.
 * A journey that posts forms runs twice, with JavaScript enabled and disabled; a test tagged for
 * one project (JS_ON, JS_OFF in tests/e2e/fixtures.ts: it only reads pages, or its point does not
 * depend on scripts) runs in that one (decision 087).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Separate folders let several e2e runs share one machine (E2E_DB_DIR=test-results/e2e-db-x).
const DB_DIR = process.env.E2E_DB_DIR ?? "test-results/e2e-db";
const SETTINGS_URL = `http://localhost:${PORT + 1}`;
const SHOP_WIDE = /shop-wide-settings\.spec\.ts/;
// two instances behind HAProxy, started by the file itself (tests/e2e/cluster.spec.ts): about the
// servers, not the browser, so in one project (JavaScript off) only
const CLUSTER = /cluster\.spec\.ts/;
// The sign-in hand-over (decision 048) needs a shared secret: the servers and the test process get
// the same fixed test value, so tests/e2e/services-relay.spec.ts runs in CI (decision 053).
const RELAY_SECRET = process.env.RELAY_SECRET ?? "e2e-relay-secret-0123456789abcdef0123456789";
process.env.RELAY_SECRET = RELAY_SECRET;
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `${DB_DIR}-out`,
  // Every test is independent of the others in its file (accounts of its own where it changes
  // one), so tests, not files, spread over the workers; the two files about the servers
  // (cluster, shop-wide settings) run theirs in order (`mode: "serial"`). Two workers for two
  // cores: each drives a browser while the server renders for it.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // a test passes the first time or is fixed: a retry would hide a flaky test and cost its time again
  retries: 0,
  // a test's whole time: the long journeys take 20–40 s on a quiet machine and passed 60 s on a
  // loaded one (load 15–29, decision 063 addendum), failing with nothing wrong; a wrong page still
  // fails at the first expectation that waits in vain (expect's 10 s below), not at this limit
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    launchOptions: chromium,
    // traces of failed tests keep their DOM snapshots and network; the screencast of every test,
    // recorded and thrown away when it passes, cost more time than it gave
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    locale: "zh-CN",
  },
  projects: [
    // Shop-wide settings (landing page, maintenance window) would disturb every other test on the
    // shared server: these run on a second server of their own, JS on first, then JS off. Listed
    // first, so that they run beside the long journeys rather than alone at the end.
    {
      name: "settings-js-on",
      testMatch: SHOP_WIDE,
      use: { ...devices["Desktop Chrome"], baseURL: SETTINGS_URL, launchOptions: chromium, javaScriptEnabled: true },
    },
    {
      name: "settings-js-off",
      testMatch: SHOP_WIDE,
      dependencies: ["settings-js-on"],
      use: { ...devices["Desktop Chrome"], baseURL: SETTINGS_URL, launchOptions: chromium, javaScriptEnabled: false },
    },
    // the two JavaScript projects share the main server and run side by side: a test that changes
    // an account's state works on an account of its own (cloneUser, uniqueCode in auth-helpers.ts)
    {
      name: "js-on",
      testIgnore: [SHOP_WIDE, CLUSTER],
      grepInvert: /@js-off-only/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
    },
    {
      name: "js-off",
      testIgnore: SHOP_WIDE,
      grepInvert: /@js-on-only/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false },
    },
  ],
  webServer: [server(PORT, DB_DIR), server(PORT + 1, `${DB_DIR}-settings`), nuChecker(PORT + 2)],
});

/**
 * The Nu HTML checker (vnu-jar, Java 17) as a web service on the loopback address: the page sweep
 * (page-checks.spec.ts) posts each page's HTML to it on the load that axe checks, instead of
 * writing the pages to files and starting the checker once more at the end.
 */
function nuChecker(port: number) {
  return {
    command: `java -Dnu.validator.servlet.bind-address=127.0.0.1 -cp node_modules/vnu-jar/build/dist/vnu.jar nu.validator.servlet.Main ${port}`,
    url: `http://127.0.0.1:${port}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "ignore" as const,
  };
}

/** The built server on its own fresh demo database. */
function server(port: number, dbDir: string) {
  return {
    command: `rm -rf ${dbDir} && mkdir -p ${dbDir} && node build/server.js`,
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: `file:./${dbDir}/shop.db`,
      DEMO_DATA: "on",
      DEMO_PRODUCTS: "400",
      LOGIN_CAPTCHA: "off",
      MAIL_OUTBOX_DIR: `./${DB_DIR}/outbox`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
      SHOW_DEMO_ACCOUNTS: "off",
      RELAY_SECRET,
    },
  };
}
