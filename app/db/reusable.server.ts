import { CompiledQuery, type Compilable } from "kysely";
import type { DB } from "./db.server";

type Value = string | number | boolean | null | Date;
type Arg = Value | readonly Value[];

/** Where a value of the call goes among the compiled query's parameters. */
class Slot {
  constructor(
    readonly arg: number,
    readonly item: number, // -1: the argument itself; otherwise its index in a list argument
  ) {}
}

interface Template {
  sql: string;
  parameters: readonly unknown[]; // Slot, or a constant the query's code put in
}

const MAX_SHAPES = 200; // list lengths kept per query and database (then it starts again)

/**
 * A query whose shape is fixed by its code, built and compiled by Kysely once per database and
 * per length of its list arguments, then run with each call's values. Kysely otherwise builds
 * and compiles the same tree on every call: with 50-id `in` lists, ~10 % of a product list's CPU
 * (docs/decisions/036). The SQL is exactly Kysely's, so the statement cache and the query log
 * see the same text.
 *
 * `build` must pass every argument to the query builder as a value (`where(col, "=", arg)`,
 * `where(col, "in", list)`), never branch on it: it is called with placeholders.
 */
export function reusableQuery<A extends Arg[], O>(build: (db: DB, ...args: A) => Compilable<O>) {
  const byDb = new WeakMap<DB, Map<string, Template>>();

  function templateFor(db: DB, args: A): Template {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    const key = args.map((a) => (Array.isArray(a) ? a.length : "-")).join(",");
    let template = shapes.get(key);
    if (!template) {
      const slots = args.map((a, i) => (Array.isArray(a) ? a.map((_, j) => new Slot(i, j)) : new Slot(i, -1)));
      const compiled = build(db, ...(slots as unknown as A)).compile();
      const used = new Set(compiled.parameters.filter((p): p is Slot => p instanceof Slot));
      if (used.size !== slots.flat().length || compiled.sql.includes("[object Object]")) {
        throw new Error(`reusableQuery: every argument must be a value of the query (${compiled.sql})`);
      }
      template = { sql: compiled.sql, parameters: compiled.parameters };
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, template);
    }
    return template;
  }

  return async function run(db: DB, ...args: A): Promise<O[]> {
    const { sql, parameters } = templateFor(db, args);
    const values = parameters.map((p) =>
      p instanceof Slot ? (p.item < 0 ? args[p.arg] : (args[p.arg] as readonly Value[])[p.item]) : p,
    );
    return (await db.executeQuery<O>(CompiledQuery.raw(sql, values))).rows;
  };
}
