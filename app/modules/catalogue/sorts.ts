/** Sort orders of product lists (shared by the server queries and the sort links). */
export const SORTS = ["code", "-code", "price", "-price", "new"] as const;
export type ProductSort = (typeof SORTS)[number];

export function parseSort(value: string | null): ProductSort {
  return (SORTS as readonly string[]).includes(value ?? "") ? (value as ProductSort) : "code";
}

/** A page number from the query: 1 for anything that is not a positive integer; at most `max`. */
export function parsePage(value: string | null, max = 100_000): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}

/**
 * The row offset of a page, or null when the page lies past the last row: such a page is empty,
 * and asking the database for it would make it skip millions of rows (page=99999) for nothing.
 */
export function pageOffset(page: number, size: number, total: number): number | null {
  const offset = (Math.max(1, page) - 1) * size;
  return offset < total ? offset : null;
}
