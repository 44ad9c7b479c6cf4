import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the built server with its own fresh SQLite database.
 * Every journey runs twice: with JavaScript enabled and disabled.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Separate folders let several e2e runs share one machine (E2E_DB_DIR=test-results/e2e-db-x).
const DB_DIR = process.env.E2E_DB_DIR ?? "test-results/e2e-db";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `${DB_DIR}-out`,
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    launchOptions: chromium,
    trace: "retain-on-failure",
    locale: "zh-CN",
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -rf ${DB_DIR} && mkdir -p ${DB_DIR} && node build/server.js`,
    url: `http://localhost:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: `file:./${DB_DIR}/shop.db`,
      DEMO_DATA: "on",
      DEMO_PRODUCTS: "400",
      LOGIN_CAPTCHA: "off",
      MAIL_OUTBOX_DIR: `./${DB_DIR}/outbox`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
      SHOW_DEMO_ACCOUNTS: "off",
    },
  },
});
