import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type DB } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";

/**
 * The databases a data-layer test runs against: always SQLite; PostgreSQL too when
 * TEST_DATABASE_URL is set (CI sets it). Use with describe.each(testDatabases()).
 */
export function testDatabases(): { name: string; url: () => Promise<string> }[] {
  const list = [{ name: "sqlite", url: async () => sqliteUrl() }];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) list.push({ name: "postgres", url: () => postgresSchemaUrl(pgUrl) });
  return list;
}

function sqliteUrl(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  return `file:${path.join(dir, "shop.db")}`;
}

/** A fresh schema on the PostgreSQL server for this test file, dropped at exit. */
async function postgresSchemaUrl(base: string): Promise<string> {
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  process.once("beforeExit", async () => {
    const c = new pg.Client({ connectionString: base });
    try {
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
    } finally {
      await c.end();
    }
  });
  return url.toString();
}

/** A migrated, empty database. */
export async function freshDb(url: string): Promise<DB> {
  const db = createDb(url);
  await migrateToLatest(db);
  return db;
}
