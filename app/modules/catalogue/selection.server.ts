import { pageOffset } from "./sorts";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { MATERIAL_GROUPS, PAGE_SIZE, getNodePath, leafCodesUnder, productColumns, toProductRow, type ProductRow } from "./catalogue.server";

/**
 * Product selection: parametric filtering by catalogue node and ISO attributes with counts per
 * option (docs/decisions/024-selection.md). Each facet counts with every OTHER filter applied,
 * so an option shows how many products choosing it would give.
 */
export const FACETS = ["shape", "size", "radius", "breaker", "grade", "material"] as const;
export type Facet = (typeof FACETS)[number];

const columnOf = {
  shape: "iso_shape",
  size: "iso_size",
  radius: "nose_radius",
  breaker: "chip_breaker",
  grade: "grade",
} as const;

export type SelectionFilters = Partial<Record<Facet, string>> & { node?: string };

export interface SelectionResult {
  filters: SelectionFilters;
  nodeLabel: string | null;
  facets: Record<Facet, { value: string; count: number }[]>;
  rows: ProductRow[];
  total: number;
}

type EB = ExpressionBuilder<Database, "product">;

export async function runSelection(db: DB, input: { filters: SelectionFilters; page: number; lang: Language }): Promise<SelectionResult> {
  const f = input.filters;
  let leaves: string[] | null = null;
  let nodeLabel: string | null = null;
  if (f.node) {
    const path = await getNodePath(db, f.node, input.lang);
    if (path) {
      const node = path[path.length - 1];
      nodeLabel = path.map((n) => n.label).join(" / ");
      leaves = await leafCodesUnder(db, node);
    } else leaves = [];
  }
  const conditions = (eb: EB, except: Facet | null): Expression<SqlBool>[] => {
    const list: Expression<SqlBool>[] = [eb("status", "=", "active")];
    if (leaves) list.push(leaves.length ? eb("catalogue_code", "in", leaves) : sql<SqlBool>`1 = 0`);
    for (const facet of FACETS) {
      const value = f[facet];
      if (!value || facet === except) continue;
      if (facet === "material") list.push(eb("material_groups", "like", `%${value}%`));
      else list.push(eb(columnOf[facet], "=", value));
    }
    return list;
  };

  const facetCounts = async (facet: Facet) => {
    if (facet === "material") {
      const row = await db
        .selectFrom("product")
        .select((eb) => MATERIAL_GROUPS.map((g) => eb.fn.sum<number>(eb.case().when("material_groups", "like", `%${g}%`).then(1).else(0).end()).as(g)))
        .where((eb) => eb.and(conditions(eb, "material")))
        .executeTakeFirst();
      return MATERIAL_GROUPS.map((g) => ({ value: g, count: Number((row as Record<string, unknown> | undefined)?.[g] ?? 0) }));
    }
    const col = columnOf[facet];
    const rows = await db
      .selectFrom("product")
      .select((eb) => [eb.ref(col).as("value"), eb.fn.countAll<number>().as("n")])
      .where((eb) => eb.and([...conditions(eb, facet), eb(col, "is not", null)]))
      .groupBy(col)
      .orderBy(col)
      .limit(200)
      .execute();
    return rows.map((r) => ({ value: String(r.value), count: Number(r.n) }));
  };

  const size = PAGE_SIZE;
  const [counts, total] = await Promise.all([
    Promise.all(FACETS.map(facetCounts)),
    db
      .selectFrom("product")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => eb.and(conditions(eb, null)))
      .executeTakeFirstOrThrow()
      .then((c) => Number(c.n)),
  ]);
  const offset = pageOffset(input.page, size, total);
  const rows =
    offset === null
      ? []
      : await db
          .selectFrom("product")
          .select(productColumns)
          .where((eb) => eb.and(conditions(eb, null)))
          .orderBy("ordering_code")
          .limit(size)
          .offset(offset)
          .execute();
  const facets = Object.fromEntries(FACETS.map((facet, i) => [facet, counts[i]])) as SelectionResult["facets"];
  return { filters: f, nodeLabel, facets, rows: rows.map((r) => toProductRow(r, input.lang)), total };
}
