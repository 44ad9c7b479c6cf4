import { LRUCache } from "lru-cache";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type LogConfig,
  type SqliteDialectConfig,
  type SqliteStatement,
} from "kysely";
import pg from "pg";
import type { Database as Schema } from "./schema";

export type DB = Kysely<Schema>;

// PostgreSQL returns bigint (int8) as strings; our bigints are money amounts well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database named by a DATABASE_URL: `file:<path>` (SQLite) or `postgres://…`. */
export function createDb(url: string): DB {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const parsed = new URL(url);
    const schema = parsed.searchParams.get("schema");
    parsed.searchParams.delete("schema");
    const pool = new pg.Pool({ connectionString: parsed.toString(), max: Number(process.env.PG_POOL_MAX ?? 10) });
    if (schema) {
      // A schema per test run keeps parallel runs apart on one server.
      pool.on("connect", (client) => void client.query(`set search_path to "${schema.replace(/"/g, "")}"`));
    }
    return new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), log: queryLog() });
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file === ":memory:" ? ":memory:" : path.resolve(file));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Schema>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), log: queryLog() });
}

/** True when the database answers a trivial query (used by /healthz). */
export async function databaseAnswers(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * DB_LOG_QUERIES=on prints every query with its duration (for finding slow pages);
 * DB_LOG_QUERIES=params prints each whole statement with its parameters too, for
 * `npm run explain` to plan them again (parameters hold session hashes and addresses: a local tool only).
 */
function queryLog(): LogConfig | undefined {
  const mode = process.env.DB_LOG_QUERIES;
  if (mode !== "on" && mode !== "params") return undefined;
  return (event) => {
    const ms = Number(event.queryDurationMillis.toFixed(2));
    const entry =
      mode === "params"
        ? { level: "debug", msg: "query", ms, sql: event.query.sql, params: event.query.parameters }
        : { level: "debug", msg: "query", ms, sql: event.query.sql.slice(0, 300) };
    console.log(JSON.stringify(entry));
  };
}

/**
 * Kysely prepares every query afresh; a page runs the same twenty statements on every view, and
 * preparing was ~5 % of a product-list request. Prepared statements are kept per SQL text (a
 * least recently used go first). A statement still being iterated (a streamed export) is busy and cannot run twice
 * at once, so that case gets a fresh one.
 */
function withStatementCache(sqlite: Database.Database, max = 500) {
  const statements = new LRUCache<string, SqliteStatement & { readonly busy: boolean }>({ max });
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = withFastRows(sqlite.prepare(text));
      if (!cached) {
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * better-sqlite3 builds every result row as an object through V8's C++ API, one property at a time:
 * for the 50 rows of a product page that took two thirds of the query's time. A reading statement
 * returns its rows as arrays instead, and a function generated once per statement from its column
 * names turns each into the same object (a later column of the same name wins, as before) in half
 * the time (decision 035).
 */
function withFastRows(statement: Database.Statement): SqliteStatement & { readonly busy: boolean } {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  // A column named __proto__ would set the prototype in an object literal: keep such rows as they were.
  if (names.includes("__proto__")) return statement;
  const toRow = new Function("values", `return { ${names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(", ")} };`) as (
    values: unknown[],
  ) => Record<string, unknown>;
  statement.raw(true);
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => (statement.all(parameters) as unknown[][]).map((values) => toRow(values)),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
    run: (parameters) => statement.run(parameters),
  };
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE). Several server
 * processes share one database file (WEB_CONCURRENCY); a deferred transaction that reads first
 * and writes later would fail with SQLITE_BUSY instead of waiting for the other writer.
 * Within one process Kysely already runs one transaction at a time.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}
