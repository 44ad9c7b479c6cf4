/**
 * Fills the database with deterministic demo data.
 *
 *   npm run db:seed -- --products 600 [--seed 20261121] [--reset]
 *
 * DATABASE_URL names the database (default file:./data/shop.db). A database that already holds
 * data is left alone unless --reset is given: then a SQLite file is deleted and recreated, any
 * other database has all its rows deleted first.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createDb } from "../app/db/db.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { DEFAULT_SEED, DEMO_PASSWORD, isEmpty, resetDatabase, seedDemoData } from "../app/db/seed/seed.server";

const DEMO_ACCOUNTS: [string, string][] = [
  ["XCD000001", "master account of dealer A (湖南精工), tenants 1000 and 2000"],
  ["XCD000002", "sub-account of dealer A, may order, price +10 %"],
  ["XCD000003", "sub-account of dealer A, may not order"],
  ["DPC000001", "master account of dealer B (广东锐达), tenants 1000 and 2000"],
  ["XCD000009", "customer support (shop) + customer master account"],
  ["XCD000010", "partiesId CRMCPXX (product selection user)"],
];

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "600" },
    seed: { type: "string", default: String(DEFAULT_SEED) },
    reset: { type: "boolean", default: false },
  },
});

const products = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(products) || products < 0 || !Number.isInteger(seed)) {
  console.error("usage: npm run db:seed -- --products N [--seed S] [--reset]");
  process.exit(2);
}

const url = process.env.DATABASE_URL ?? "file:./data/shop.db";
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

if (values.reset && url.startsWith("file:") && url !== "file::memory:") {
  // Quicker than deleting a million rows, and it gives back the disk space.
  const file = path.resolve(url.slice("file:".length));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  console.log(`removed ${file}`);
}

const db = createDb(url);
try {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) console.log(`migrations applied: ${applied.join(", ")}`);

  if (!(await isEmpty(db))) {
    if (!values.reset) {
      console.error(`${redact(url)} already holds data; run with --reset to replace it.`);
      process.exitCode = 1;
    } else {
      console.log("deleting all rows ...");
      await resetDatabase(db);
    }
  }

  if (process.exitCode !== 1) {
    console.log(`seeding ${products.toLocaleString("en")} products into ${redact(url)} (seed ${seed}) ...`);
    const summary = await seedDemoData(db, { products, seed, log: (msg) => console.log(`  [${elapsed()}] ${msg}`) });
    console.log(
      `done in ${elapsed()}: ${summary.products.toLocaleString("en")} products, ${summary.nodes} catalogue nodes, ` +
        `${summary.users} users, ${summary.orders} orders, ${summary.promotions} promotions`,
    );
    console.log(`demo accounts (password ${DEMO_PASSWORD}):`);
    for (const [code, text] of DEMO_ACCOUNTS) console.log(`  ${code}  ${text}`);
  }
} finally {
  await db.destroy();
}

/** Hides a password in a PostgreSQL URL before printing it. */
function redact(u: string): string {
  return u.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}
