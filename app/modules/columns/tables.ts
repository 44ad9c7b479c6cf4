import { DEFAULT_ORDER_COLUMNS, ORDER_COLUMNS, RECORD_COLUMNS } from "~/modules/orders/columns";

/**
 * The tables whose columns a user chooses (spec §7 /userModuleField, decision 053): one entry per
 * module, its columns in display order, the ones shown until the user chooses, and the one that
 * always stays (the link to the order). Shared by the pages and the server; no server-only code.
 */
export const COLUMN_TABLES = {
  order_list: { columns: ORDER_COLUMNS, defaults: DEFAULT_ORDER_COLUMNS, fixed: "orderNo" },
  delivery_records: { columns: RECORD_COLUMNS, defaults: RECORD_COLUMNS, fixed: "orderNo" },
} as const;

export type ColumnModule = keyof typeof COLUMN_TABLES;
export type ColumnOf<M extends ColumnModule> = (typeof COLUMN_TABLES)[M]["columns"][number];
export const COLUMN_MODULES = Object.keys(COLUMN_TABLES) as ColumnModule[];

/**
 * The columns to show from a choice: the module's columns that were chosen, in the table's order,
 * always with the fixed one; the defaults when nothing known was chosen. Unknown names are dropped.
 */
export function pickColumns<M extends ColumnModule>(module: M, chosen: readonly unknown[]): ColumnOf<M>[] {
  const table = COLUMN_TABLES[module];
  const all = table.columns as readonly ColumnOf<M>[];
  const known = all.filter((c) => chosen.includes(c));
  if (known.length === 0 || (known.length === 1 && known[0] === table.fixed)) return [...(table.defaults as readonly ColumnOf<M>[])];
  return all.filter((c) => c === table.fixed || known.includes(c));
}
