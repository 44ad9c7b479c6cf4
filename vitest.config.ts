import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
    // the migrated template databases every data-layer test file copies (tests/helpers/db.ts)
    globalSetup: ["tests/helpers/db-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // better-sqlite3 and argon2 are native: forks are the safe pool for them.
    pool: "forks",
    // vitest's default is one fork fewer than the cores: one file at a time on a 2-core machine,
    // while a data-layer file spends much of its time waiting for PostgreSQL (decision 063 addendum)
    maxWorkers: 2,
  },
});
