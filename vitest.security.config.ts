import path from "node:path";
import { defineConfig } from "vitest/config";

/** tests/security: the built server attacked over HTTP (tests/security/harness.ts starts it). */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/security/**/*.test.ts"],
    // one server shared by the files (harness.ts `sharedShop`); a few start their own (`startShop`)
    globalSetup: ["tests/security/global-setup.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    // two files at a time on the shared server (and the few servers of their own) keep a 2-core machine busy enough
    maxWorkers: 2,
  },
});
