import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createDb, type DB } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoData } from "~/db/seed/seed.server";

/**
 * The databases a data-layer test runs against: always SQLite; PostgreSQL too when
 * TEST_DATABASE_URL is set (CI sets it). Use with describe.each(testDatabases()).
 *
 * `url()` is a migrated, empty database of the file's own; `seeded({ products })` one that also
 * holds `seedDemoData(db, { products })`'s demo data. Both are copies of templates made once per
 * run (tests/helpers/db-setup.ts migrates; the first file asking for a seed size seeds it), not
 * migrated and seeded again by every file (decision 063, addendum). Without the run's templates
 * (a config without that global setup) they migrate and seed as before.
 */
export function testDatabases(): {
  name: string;
  url: () => Promise<string>;
  seeded: (options: { products: number }) => Promise<string>;
}[] {
  const list = [{ name: "sqlite", url: sqliteUrl, seeded: (o: { products: number }) => sqliteSeededUrl(o.products) }];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) list.push({ name: "postgres", url: () => postgresUrl(pgUrl), seeded: (o) => postgresSeededUrl(pgUrl, o.products) });
  return list;
}

/** What tests/helpers/db-setup.ts hands to the test files. */
export interface UnitDbTemplates {
  /** the folder of the SQLite templates (`migrated.db`, `seed-<products>.db`) */
  sqliteDir: string;
  /** the PostgreSQL databases' name prefix (`<prefix>_migrated`, `<prefix>_seed<products>`); null without TEST_DATABASE_URL */
  pgPrefix: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    unitDbTemplates: UnitDbTemplates;
  }
}

async function templates(): Promise<UnitDbTemplates | undefined> {
  const { inject } = await import("vitest");
  return inject("unitDbTemplates");
}

function newSqliteFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  return path.join(dir, "shop.db");
}

async function sqliteUrl(): Promise<string> {
  const file = newSqliteFile();
  const t = await templates();
  if (t) fs.copyFileSync(path.join(t.sqliteDir, "migrated.db"), file);
  return `file:${file}`;
}

async function sqliteSeededUrl(products: number): Promise<string> {
  const t = await templates();
  if (!t) return seedInPlace(await sqliteUrl(), products);
  const template = path.join(t.sqliteDir, `seed-${products}.db`);
  if (!fs.existsSync(template)) {
    // two files asking at once both seed; the second rename replaces the first's identical copy
    const building = path.join(t.sqliteDir, `seed-${products}.${process.pid}.building.db`);
    fs.copyFileSync(path.join(t.sqliteDir, "migrated.db"), building);
    await seedInPlace(`file:${building}`, products);
    noWalLeft(building);
    fs.renameSync(building, template);
  }
  const file = newSqliteFile();
  fs.copyFileSync(template, file);
  return `file:${file}`;
}

/** Seeds the database at `url` (migrating it first when it is not) and returns `url`. */
async function seedInPlace(url: string, products: number): Promise<string> {
  const db = await freshDb(url);
  try {
    await seedDemoData(db, { products });
  } finally {
    await db.destroy();
  }
  return url;
}

/** Closing the last connection folds SQLite's WAL into the file: the file alone is then the whole database. */
function noWalLeft(file: string): void {
  for (const extra of ["-wal", "-shm"]) {
    if (fs.existsSync(file + extra) && fs.statSync(file + extra).size > 0) throw new Error(`${file}${extra} was left behind: the copy would miss rows`);
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  url.searchParams.delete("schema");
  return url.toString();
}

async function withClient<T>(base: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(base, new URL(base).pathname.slice(1) || "postgres") });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A database of the file's own copied from `template` (dropped with the run's templates at its end). */
async function copyOf(base: string, prefix: string, template: string): Promise<string> {
  const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  await withClient(base, (c) => c.query(`create database "${name}" template "${template}"`));
  return databaseUrl(base, name);
}

async function postgresUrl(base: string): Promise<string> {
  const t = await templates();
  if (!t?.pgPrefix) return postgresSchemaUrl(base);
  return copyOf(base, t.pgPrefix, `${t.pgPrefix}_migrated`);
}

async function postgresSeededUrl(base: string, products: number): Promise<string> {
  const t = await templates();
  if (!t?.pgPrefix) return seedInPlace(await postgresSchemaUrl(base), products);
  const prefix = t.pgPrefix;
  const template = `${prefix}_seed${products}`;
  // one file seeds the template, a second asking at the same time waits for it (a lock on the server)
  await withClient(base, async (c) => {
    await c.query("select pg_advisory_lock(hashtext($1))", [template]);
    try {
      const found = await c.query("select 1 from pg_database where datname = $1", [template]);
      if (found.rowCount) return;
      await c.query(`create database "${template}" template "${prefix}_migrated"`);
      await seedInPlace(databaseUrl(base, template), products);
    } finally {
      await c.query("select pg_advisory_unlock(hashtext($1))", [template]);
    }
  });
  return copyOf(base, prefix, template);
}

/** A fresh schema on the PostgreSQL server for this test file, dropped at exit (without the run's templates). */
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

/** A migrated, empty database (a copy of the run's migrated template: migrating it again changes nothing). */
export async function freshDb(url: string): Promise<DB> {
  const db = createDb(url);
  await migrateToLatest(db);
  return db;
}

/**
 * A test file's database, for its `describe` block: a fresh copy before the tests (`ready` fills it
 * with the file's fixtures and keeps it in the file's own variable), destroyed after them.
 */
export function withFreshDb(source: () => Promise<string>, ready: (db: DB) => Promise<void> | void) {
  let db: DB | undefined;
  beforeAll(async () => {
    db = await freshDb(await source());
    await ready(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });
}

/** The run's templates: a migrated SQLite file and, with TEST_DATABASE_URL, a migrated PostgreSQL database. */
export async function makeTemplates(pgBase: string | undefined): Promise<{ templates: UnitDbTemplates; drop: () => Promise<void> }> {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-templates-"));
  const migrateAt = async (url: string) => {
    const db = await freshDb(url);
    await db.destroy();
  };
  let pgPrefix: string | null = null;
  const work = [migrateAt(`file:${path.join(sqliteDir, "migrated.db")}`)];
  if (pgBase) {
    const own = new URL(pgBase).pathname.slice(1) || "postgres";
    pgPrefix = `${own.replace(/[^a-z0-9_]/gi, "").slice(0, 30)}_u${crypto.randomBytes(4).toString("hex")}`.toLowerCase();
    const migrated = `${pgPrefix}_migrated`;
    work.push(withClient(pgBase, (c) => c.query(`create database "${migrated}"`)).then(() => migrateAt(databaseUrl(pgBase, migrated))));
  }
  await Promise.all(work);
  const drop = async () => {
    fs.rmSync(sqliteDir, { recursive: true, force: true });
    if (!pgBase || !pgPrefix) return;
    await withClient(pgBase, async (c) => {
      const { rows } = await c.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${pgPrefix}\\_%`]);
      for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
    });
  };
  return { templates: { sqliteDir, pgPrefix }, drop };
}
