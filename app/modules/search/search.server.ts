import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect.server";
import { PG_TEXT_EXPRESSION } from "~/db/migrations/2026-11-21-0002-search";
import { SEARCH_MIN_CHARS, escapeLike, ftsPhrase, type KeywordResult } from "./normalize";

/**
 * Product search behind one interface, with a SQLite (two FTS5 trigram indexes) and a PostgreSQL (pg_trgm)
 * implementation chosen by the database (docs/decisions/020-search-index.md).
 *
 * Ranking, in stages that each read an index and stop at the page end:
 *   1. the code equals the keyword (normal form), 2. the code starts with it (by code),
 *   3. the code contains it, 4. names or specification contain every word (3 and 4 by product id).
 * The total is counted up to SEARCH_COUNT_CAP; beyond that the page says "more than 500".
 */
export const SEARCH_COUNT_CAP = 500;
export const SEARCH_PAGE_SIZE = 50;

export type ParsedKeyword = Extract<KeywordResult, { ok: true }>;

export interface SearchResult {
  ids: number[];
  /** number of matches, at most SEARCH_COUNT_CAP */
  total: number;
  /** true when there are more matches than SEARCH_COUNT_CAP */
  capped: boolean;
}

interface Stages {
  exact(code: string, limit: number): Promise<number[]>;
  prefix(code: string, limit: number): Promise<number[]>;
  codeContains(code: string, limit: number): Promise<number[]>;
  textContains(terms: string[], limit: number): Promise<number[]>;
  /** ids matching any stage, at most `limit` (for the total) */
  anyMatch(q: ParsedKeyword, limit: number): Promise<number[]>;
}

export interface ProductSearch {
  search(q: ParsedKeyword, page?: { offset?: number; limit?: number }): Promise<SearchResult>;
}

export function productSearch(db: DB): ProductSearch {
  return {
    async search(q, page = {}) {
      // per search: the SQLite stages remember their index reads for the total count below
      const stages = isPostgres(db) ? postgresStages(db) : sqliteStages(db);
      const limit = Math.min(Math.max(page.limit ?? SEARCH_PAGE_SIZE, 1), 200);
      const offset = Math.min(Math.max(page.offset ?? 0, 0), SEARCH_COUNT_CAP);
      const need = offset + limit;
      const collected: number[] = [];
      const seen = new Set<number>();
      const steps: ((n: number) => Promise<number[]>)[] = [
        (n) => stages.exact(q.code, n),
        (n) => stages.prefix(q.code, n),
        (n) => (q.code.length >= SEARCH_MIN_CHARS ? stages.codeContains(q.code, n) : Promise.resolve([])),
        (n) => stages.textContains(q.terms, n),
      ];
      for (const step of steps) {
        if (collected.length >= need) break;
        // earlier stages' ids may come again: ask for that many more
        for (const id of await step(need + collected.length)) {
          if (seen.has(id)) continue;
          seen.add(id);
          collected.push(id);
          if (collected.length >= need) break;
        }
      }
      let total = collected.length;
      let capped = false;
      if (collected.length >= need) {
        const ids = new Set(await stages.anyMatch(q, SEARCH_COUNT_CAP + 1));
        for (const id of collected) ids.add(id);
        capped = ids.size > SEARCH_COUNT_CAP;
        total = Math.min(ids.size, SEARCH_COUNT_CAP);
      }
      return { ids: collected.slice(offset, need), total, capped };
    },
  };
}

const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));

function sqliteStages(db: DB): Stages {
  const textTerms = (terms: string[]) => terms.filter((t) => [...t].length >= SEARCH_MIN_CHARS);
  const textExpr = (terms: string[]) => terms.map(ftsPhrase).join(" AND ");
  // A full results page is followed by the count (anyMatch, up to the cap): the two FTS reads are
  // made once, to the cap, and sliced, instead of running each MATCH twice (long phrases cost ms).
  const memo = new Map<string, Promise<number[]>>();
  const once = (key: string, read: () => Promise<number[]>, limit: number) => {
    let pending = memo.get(key);
    if (!pending) memo.set(key, (pending = read()));
    return pending.then((all) => all.slice(0, limit));
  };
  const FETCH = SEARCH_COUNT_CAP + 1;
  const codeIds = (code: string, limit: number) =>
    once(
      `code|${code}`,
      async () =>
        ids(
          (
            await sql<{
              id: number;
            }>`select rowid as id from product_code_fts where product_code_fts match ${ftsPhrase(code)} limit ${Math.max(limit, FETCH)}`.execute(db)
          ).rows,
        ),
      limit,
    );
  // A trigram index cannot find a two-character word (铣刀): such words are matched with LIKE on the
  // product row, among the index's matches of the longer words, or by a scan in id order that stops
  // at the page end (a rare two-character word alone reads the whole product table; issue 29).
  const shortLike = (terms: string[]) =>
    sql.join(
      terms.map((w) => {
        const like = "%" + escapeLike(w) + "%";
        return sql`(p.name_zh like ${like} escape '\\' or p.name_en like ${like} escape '\\' or p.specification like ${like} escape '\\')`;
      }),
      sql` and `,
    );
  const textIds = async (terms: string[], limit: number) => {
    const t = textTerms(terms);
    const short = terms.filter((w) => !t.includes(w));
    if (!t.length && !short.length) return [];
    const n = Math.max(limit, FETCH);
    return once(
      `text|${t.join("\u0000")}|${short.join("\u0000")}`,
      async () =>
        ids(
          (!t.length
            ? await sql<{ id: number }>`select p.id from product p where ${shortLike(short)} order by p.id limit ${n}`.execute(db)
            : short.length
              ? await sql<{ id: number }>`select f.rowid as id from product_text_fts f join product p on p.id = f.rowid
                    where product_text_fts match ${textExpr(t)} and ${shortLike(short)} limit ${n}`.execute(db)
              : await sql<{ id: number }>`select rowid as id from product_text_fts where product_text_fts match ${textExpr(t)} limit ${n}`.execute(db)
          ).rows,
        ),
      limit,
    );
  };
  const prefixIds = async (code: string, limit: number, exclusive: boolean) =>
    ids(
      (
        await sql<{ id: number }>`select id from product where search_code ${sql.raw(exclusive ? ">" : ">=")} ${code} and search_code < ${code + "\uffff"}
          order by search_code limit ${limit}`.execute(db)
      ).rows,
    );
  return {
    exact: async (code, limit) => ids((await sql<{ id: number }>`select id from product where search_code = ${code} limit ${limit}`.execute(db)).rows),
    prefix: (code, limit) => prefixIds(code, limit, true),
    codeContains: codeIds,
    textContains: textIds,
    anyMatch: async (q, limit) => [
      ...(q.code.length >= SEARCH_MIN_CHARS ? await codeIds(q.code, limit) : await prefixIds(q.code, limit, false)),
      ...(await textIds(q.terms, limit)),
    ],
  };
}

function postgresStages(db: DB): Stages {
  const text = sql.raw(PG_TEXT_EXPRESSION);
  const textWhere = (terms: string[]) =>
    sql.join(
      terms.map((t) => sql`${text} like ${"%" + escapeLike(t.toLowerCase()) + "%"}`),
      sql` and `,
    );
  return {
    exact: async (code, limit) => ids((await sql<{ id: number }>`select id from product where search_code = ${code} limit ${limit}`.execute(db)).rows),
    prefix: async (code, limit) =>
      ids(
        (
          await sql<{ id: number }>`select id from product
            where search_code collate "C" like ${escapeLike(code) + "%"} and search_code <> ${code}
            order by search_code collate "C" limit ${limit}`.execute(db)
        ).rows,
      ),
    codeContains: async (code, limit) =>
      ids(
        (await sql<{ id: number }>`select id from product where search_code like ${"%" + escapeLike(code) + "%"} order by id limit ${limit}`.execute(db)).rows,
      ),
    textContains: async (terms, limit) =>
      ids((await sql<{ id: number }>`select id from product where ${textWhere(terms)} order by id limit ${limit}`.execute(db)).rows),
    anyMatch: async (q, limit) =>
      ids(
        (
          await sql<{ id: number }>`select id from product
            where search_code like ${"%" + escapeLike(q.code) + "%"} or (${textWhere(q.terms)}) limit ${limit}`.execute(db)
        ).rows,
      ),
  };
}

/**
 * After a bulk load (seeding, a large catalogue import): merges each full-text index into one
 * segment. FTS5 writes every insert transaction as a new segment and merges them only partly as it
 * goes; a query reads every segment, so a freshly seeded index of 1,000,000 products answered at
 * half speed (search p95 7.4 ms before, 2.4–3.8 ms after; decision 035). PostgreSQL: refreshes the
 * planner's statistics of the product table instead (pg_trgm's GIN index needs no merging).
 */
export async function optimizeSearchIndex(db: DB): Promise<void> {
  if (isPostgres(db)) {
    await sql`analyze product`.execute(db);
    return;
  }
  for (const table of ["product_code_fts", "product_text_fts"]) {
    await sql.raw(`insert into ${table}(${table}) values ('optimize')`).execute(db);
  }
}

/** The naive baseline for `npm run bench`: a LIKE '%…%' scan over code, names and specification. */
export async function likeScanSearch(db: DB, q: ParsedKeyword, limit = SEARCH_PAGE_SIZE): Promise<number[]> {
  const code = "%" + escapeLike(q.code) + "%";
  const word = "%" + escapeLike(q.keyword) + "%";
  const rows = await sql<{ id: number }>`select id from product
    where search_code like ${code} escape '\\' or name_zh like ${word} escape '\\' or name_en like ${word} escape '\\'
      or specification like ${word} escape '\\'
    order by case when search_code = ${q.code} then 0 when search_code like ${q.code.replace(/[\\%_]/g, "\\$&") + "%"} escape '\\' then 1 else 2 end, id
    limit ${limit}`.execute(db);
  return ids(rows.rows);
}
