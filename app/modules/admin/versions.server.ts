import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect.server";
import { changedVersion, knownVersion, learnVersion, VERSION_CHANNEL } from "./version-listener.server";

/**
 * Tables that every page reads (menus, grants, system parameters) are cached in each server
 * process; a change bumps the table's counter in `data_version`, and every process re-reads its
 * copy when it sees a new counter. On SQLite the counter is read on each use (one primary-key read
 * of a local file); on PostgreSQL a process that listens (version-listener.server.ts) is told of
 * each new counter and reads none, so a change still shows at once on every process and machine.
 */
/** `catalogue`: catalogue nodes and products, bumped by the back office's catalogue screens (decision 045). */
export type VersionKey = "menu" | "sys_parameter" | "catalogue";

export async function readVersion(db: DB, key: VersionKey): Promise<number> {
  const known = knownVersion(db, key);
  if (known !== undefined) return known;
  const row = await db.selectFrom("data_version").select("version").where("key", "=", key).executeTakeFirst();
  const version = row?.version ?? 0;
  learnVersion(db, key, version);
  return version;
}

/**
 * A change to a cached table: its counter goes up, and on PostgreSQL every process listening is
 * told at once (`pg_notify` in the caller's transaction is delivered when it commits, and not at
 * all when it rolls back). The payload names the schema: one channel serves every schema of a
 * database (test runs keep apart in schemas).
 */
export async function bumpVersion(db: DB, key: VersionKey): Promise<void> {
  const { version } = await db
    .insertInto("data_version")
    .values({ key, version: 1 })
    .onConflict((oc) => oc.column("key").doUpdateSet({ version: sql`data_version.version + 1` }))
    .returning("version")
    .executeTakeFirstOrThrow();
  if (isPostgres(db)) {
    await sql`select pg_notify(${VERSION_CHANNEL}, current_schema() || ':' || ${key} || ':' || ${String(version)})`.execute(db);
    changedVersion(key, version);
  }
}

/** A value loaded from the database and kept until its table's counter changes. */
export function versionedCache<T>(key: VersionKey, load: (db: DB) => Promise<T>) {
  let entry: { db: DB; version: number; value: T } | undefined;
  return async (db: DB): Promise<T> => {
    const version = await readVersion(db, key);
    if (!entry || entry.version !== version || entry.db !== db) entry = { db, version, value: await load(db) };
    return entry.value;
  };
}
