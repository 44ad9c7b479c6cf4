import type { Kysely } from "kysely";
import { sql } from "kysely";
import { isPostgres } from "../dialect.server";

/**
 * Indexed product search (docs/decisions/020-search-index.md).
 * SQLite: FTS5 trigram indexes over the product table (external content; one for codes, one for
 * names and specification), kept in step with product inserts, updates and deletes by triggers.
 * PostgreSQL: pg_trgm GIN indexes on search_code and on the name/specification text, plus a
 * C-collation b-tree for code prefixes. The extension lives in one schema (public unless it was
 * already installed elsewhere); the operator class is named with that schema, so a database whose
 * search_path is a per-test schema still finds it.
 */

/** The text expression the PostgreSQL name/specification index is built on (search must use the same). */
export const PG_TEXT_EXPRESSION = "(lower(name_zh || ' ' || name_en || ' ' || specification))";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Parallel test runs migrate at the same time; the lock makes "if not exists" safe.
    await sql`select pg_advisory_xact_lock(20261121)`.execute(db);
    const found = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (!found.rows.length) await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const again = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
    const ns = again.rows[0]?.schema ?? "public";
    const opclass = sql.raw(`${ns}.gin_trgm_ops`);
    await sql`create index product_search_code_trgm_idx on product using gin (search_code ${opclass})`.execute(db);
    await sql`create index product_text_trgm_idx on product using gin (${sql.raw(PG_TEXT_EXPRESSION)} ${opclass})`.execute(db);
    await sql`create index product_search_code_c_idx on product (search_code collate "C")`.execute(db);
    return;
  }
  // Two indexes: codes alone (small doclists, so a code query never wades through name trigrams)
  // and names + specification.
  await sql`create virtual table product_code_fts using fts5(
    search_code, content='product', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create virtual table product_text_fts using fts5(
    name_zh, name_en, specification, content='product', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger product_fts_ai after insert on product begin
    insert into product_code_fts(rowid, search_code) values (new.id, new.search_code);
    insert into product_text_fts(rowid, name_zh, name_en, specification) values (new.id, new.name_zh, new.name_en, new.specification);
  end`.execute(db);
  await sql`create trigger product_fts_ad after delete on product begin
    insert into product_code_fts(product_code_fts, rowid, search_code) values ('delete', old.id, old.search_code);
    insert into product_text_fts(product_text_fts, rowid, name_zh, name_en, specification)
    values ('delete', old.id, old.name_zh, old.name_en, old.specification);
  end`.execute(db);
  await sql`create trigger product_fts_au_code after update of search_code on product begin
    insert into product_code_fts(product_code_fts, rowid, search_code) values ('delete', old.id, old.search_code);
    insert into product_code_fts(rowid, search_code) values (new.id, new.search_code);
  end`.execute(db);
  await sql`create trigger product_fts_au_text after update of name_zh, name_en, specification on product begin
    insert into product_text_fts(product_text_fts, rowid, name_zh, name_en, specification)
    values ('delete', old.id, old.name_zh, old.name_en, old.specification);
    insert into product_text_fts(rowid, name_zh, name_en, specification) values (new.id, new.name_zh, new.name_en, new.specification);
  end`.execute(db);
  // Rows that existed before this migration.
  await sql`insert into product_code_fts(product_code_fts) values ('rebuild')`.execute(db);
  await sql`insert into product_text_fts(product_text_fts) values ('rebuild')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const i of ["product_search_code_trgm_idx", "product_text_trgm_idx", "product_search_code_c_idx"]) {
      await db.schema.dropIndex(i).ifExists().execute();
    }
    return;
  }
  for (const t of ["product_fts_ai", "product_fts_ad", "product_fts_au_code", "product_fts_au_text"])
    await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists product_code_fts`.execute(db);
  await sql`drop table if exists product_text_fts`.execute(db);
}
