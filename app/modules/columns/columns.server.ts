import type { DB } from "~/db/db.server";
import { COLUMN_TABLES, pickColumns, type ColumnModule, type ColumnOf } from "./tables";

/**
 * Column choices kept per user and module in user_module_field (spec §7 /userModuleField,
 * decision 053): the one mechanism of every table with a column chooser.
 */
export { COLUMN_MODULES, COLUMN_TABLES, pickColumns, type ColumnModule, type ColumnOf } from "./tables";

export async function getColumns<M extends ColumnModule>(db: DB, userId: number, module: M): Promise<ColumnOf<M>[]> {
  const row = await db.selectFrom("user_module_field").select("fields").where("user_id", "=", userId).where("module", "=", module).executeTakeFirst();
  if (!row) return pickColumns(module, []);
  try {
    const parsed = JSON.parse(row.fields) as unknown;
    return pickColumns(module, Array.isArray(parsed) ? parsed : []);
  } catch {
    return pickColumns(module, []);
  }
}

/** Saves a choice (an upsert: posting the same choice twice leaves one row); returns the columns kept. */
export async function saveColumns<M extends ColumnModule>(db: DB, userId: number, module: M, chosen: readonly string[]): Promise<ColumnOf<M>[]> {
  const keep = pickColumns(module, chosen);
  const fields = JSON.stringify(keep);
  await db
    .insertInto("user_module_field")
    .values({ user_id: userId, module, fields })
    .onConflict((oc) => oc.columns(["user_id", "module"]).doUpdateSet({ fields }))
    .execute();
  return keep;
}

/** Every module's columns of a user (GET /userModuleField without a module). */
export async function allColumns(db: DB, userId: number): Promise<Record<ColumnModule, string[]>> {
  const out = {} as Record<ColumnModule, string[]>;
  for (const m of Object.keys(COLUMN_TABLES) as ColumnModule[]) out[m] = await getColumns(db, userId, m);
  return out;
}
