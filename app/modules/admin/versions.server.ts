import { sql } from "kysely";
import type { DB } from "~/db/db.server";

/**
 * Tables that every page reads (menus, grants, system parameters) are cached in each server
 * process; a change bumps the table's counter in `data_version`, and every process re-reads its
 * copy when it sees a new counter. One primary-key read per use instead of the whole table, and
 * a change shows at once on every process (node:cluster workers, several machines).
 */
/** `catalogue`: catalogue nodes and products, bumped by the back office's catalogue screens (decision 045). */
export type VersionKey = "menu" | "sys_parameter" | "catalogue";

export async function readVersion(db: DB, key: VersionKey): Promise<number> {
  const row = await db.selectFrom("data_version").select("version").where("key", "=", key).executeTakeFirst();
  return row?.version ?? 0;
}

export async function bumpVersion(db: DB, key: VersionKey): Promise<void> {
  await db
    .insertInto("data_version")
    .values({ key, version: 1 })
    .onConflict((oc) => oc.column("key").doUpdateSet({ version: sql`data_version.version + 1` }))
    .execute();
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
