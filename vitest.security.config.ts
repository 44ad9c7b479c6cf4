import path from "node:path";
import { defineConfig } from "vitest/config";

/** tests/security: the built server attacked over HTTP (tests/security/harness.ts starts it). */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/security/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    // each file starts a server with two workers: two files at a time keep a 2-core machine busy enough
    maxWorkers: 2,
  },
});
