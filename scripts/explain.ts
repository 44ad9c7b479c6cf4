/**
 * npm run explain -- <query log> [--top 40]
 *
 * Plans again every distinct statement of a query log written by a server started with
 * DB_LOG_QUERIES=params (one JSON line per query, with its parameters), against the database of
 * DATABASE_URL, and prints each with its plan, most expensive first:
 * - PostgreSQL: `EXPLAIN (ANALYZE, BUFFERS)` inside a transaction that is rolled back, so the
 *   writes of an order submission are planned and run but leave nothing behind;
 * - SQLite: `EXPLAIN QUERY PLAN`, and a read is timed alone (median of 5); writes are planned only.
 * Used for decision 059's query plans at 1,000,000 products.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";

type LoggedQuery = { sql: string; params: unknown[]; ms: number };

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "40" } } });
const logFile = positionals[0];
const url = process.env.DATABASE_URL ?? "file:./data/shop.db";
if (!logFile) {
  console.error("usage: DATABASE_URL=… npm run explain -- <query log written with DB_LOG_QUERIES=params> [--top 40]");
  process.exit(2);
}

/** The log's statements, each once (the first parameters it was run with), with how often it ran. */
function distinctStatements(file: string): { query: LoggedQuery; runs: number }[] {
  const byText = new Map<string, { query: LoggedQuery; runs: number }>();
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as { msg?: string; sql?: string; params?: unknown[]; ms?: number };
    if (entry.msg !== "query" || !entry.sql || !entry.params) continue;
    // transaction control has no plan
    if (/^\s*(begin|commit|rollback|savepoint|release)/i.test(entry.sql)) continue;
    const seen = byText.get(entry.sql);
    if (seen) seen.runs += 1;
    else byText.set(entry.sql, { query: { sql: entry.sql, params: entry.params, ms: entry.ms ?? 0 }, runs: 1 });
  }
  return [...byText.values()];
}

async function explainOnPostgres(statements: { query: LoggedQuery; runs: number }[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: { sql: string; runs: number; ms: number; plan: string }[] = [];
  for (const { query, runs } of statements) {
    await client.query("begin");
    try {
      const res = await client.query(`explain (analyze, buffers) ${query.sql}`, query.params);
      const plan = res.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
      out.push({ sql: query.sql, runs, ms, plan });
    } catch (error) {
      out.push({ sql: query.sql, runs, ms: 0, plan: `(not planned: ${(error as Error).message})` });
    } finally {
      await client.query("rollback");
    }
  }
  await client.end();
  return out;
}

function explainOnSqlite(statements: { query: LoggedQuery; runs: number }[]) {
  const db = new Database(url.replace(/^file:/, ""), { readonly: true });
  const out: { sql: string; runs: number; ms: number; plan: string }[] = [];
  for (const { query, runs } of statements) {
    const params = query.params.map((p) => (typeof p === "boolean" ? Number(p) : p));
    try {
      const plan = (db.prepare(`explain query plan ${query.sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join("\n");
      let ms = 0;
      const statement = db.prepare(query.sql);
      if (statement.reader) {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          statement.all(...params);
          times.push(performance.now() - t0);
        }
        ms = times.sort((a, b) => a - b)[2];
      }
      out.push({ sql: query.sql, runs, ms, plan });
    } catch (error) {
      out.push({ sql: query.sql, runs, ms: 0, plan: `(not planned: ${(error as Error).message})` });
    }
  }
  db.close();
  return out;
}

const statements = distinctStatements(logFile);
const planned = /^postgres(ql)?:\/\//.test(url) ? await explainOnPostgres(statements) : explainOnSqlite(statements);
planned.sort((a, b) => b.ms * b.runs - a.ms * a.runs);
console.log(`${statements.length} distinct statements in ${logFile}; the ${Math.min(planned.length, Number(values.top))} costliest (time × runs):\n`);
for (const p of planned.slice(0, Number(values.top))) {
  console.log(`── ${p.ms.toFixed(3)} ms × ${p.runs}\n${p.sql}\n${p.plan.replace(/^/gm, "   ")}\n`);
}
