import type { Selectable } from "kysely";
import type { DB } from "~/db/db.server";
import type { CuttingDataTable } from "~/db/schema";
import { MATERIAL_GROUPS, operationOf, type MaterialGroup } from "~/modules/catalogue/catalogue.server";
import { NotFoundError } from "~/modules/errors";
import { recordAudit, type Actor } from "./audit.server";
import { fail, ok, type Result } from "~/modules/result";

/** Cutting data in the back office, per grade and operation (decision 054), edited on the product page; audited. */

export type CuttingGroup = MaterialGroup;

/** Plausible ranges for carbide and CBN tools (DOMAIN.md): anything outside is a typing error. */
export const CUTTING_LIMITS = { vc: [1, 3000], f: [0.001, 5], ap: [0.01, 50] } as const;

export interface CuttingInput {
  group: CuttingGroup;
  vcMin: number;
  vcMax: number;
  /** feed: mm/rev (turning, drilling) or fz mm/tooth (milling) */
  fMin: number;
  fMax: number;
  apMin: number;
  apMax: number;
}

/** The rows of the product's grade and operation, one per material group, for the edit table. */
type CuttingRow = Pick<Selectable<CuttingDataTable>, "material_group" | "vc_min" | "vc_max" | "f_min" | "f_max" | "ap_min" | "ap_max">;

export async function cuttingRowsFor(
  db: DB,
  product: { grade: string | null; kind: string },
): Promise<{ operation: string | null; rows: { group: CuttingGroup; row: CuttingRow | null }[] }> {
  const operation = operationOf(product.kind);
  if (!product.grade || !operation) return { operation, rows: [] };
  const rows = await db
    .selectFrom("cutting_data")
    .select(["material_group", "vc_min", "vc_max", "f_min", "f_max", "ap_min", "ap_max"])
    .where("grade", "=", product.grade)
    .where("operation", "=", operation)
    .execute();
  const byGroup = new Map(rows.map((r) => [r.material_group, r]));
  return { operation, rows: MATERIAL_GROUPS.map((g) => ({ group: g, row: byGroup.get(g) ?? null })) };
}

/** Checks the ranges: each within its limits, min ≤ max. */
export function checkCutting(input: CuttingInput): { error: string; field: string } | null {
  const pairs = [
    ["vc", input.vcMin, input.vcMax],
    ["f", input.fMin, input.fMax],
    ["ap", input.apMin, input.apMax],
  ] as const;
  for (const [name, min, max] of pairs) {
    const [lo, hi] = CUTTING_LIMITS[name];
    if (!(min >= lo && min <= hi)) return { error: `adminCatalog:cutting.error.${name}Range`, field: `${name}Min` };
    if (!(max >= lo && max <= hi)) return { error: `adminCatalog:cutting.error.${name}Range`, field: `${name}Max` };
    if (min > max) return { error: "adminCatalog:cutting.error.minMax", field: `${name}Max` };
  }
  return null;
}

async function gradeOf(db: DB, productId: number) {
  const p = await db.selectFrom("product").select(["grade", "kind"]).where("id", "=", productId).executeTakeFirst();
  if (!p) throw new NotFoundError("product");
  const operation = operationOf(p.kind);
  return p.grade && operation ? { grade: p.grade, operation } : null;
}

/**
 * Sets the cutting data of the product's grade and operation for one material group (added or
 * replaced: a double post leaves one row). It applies to every product of the grade.
 */
export async function saveCuttingData(db: DB, actor: Actor, productId: number, input: CuttingInput): Promise<Result> {
  const bad = checkCutting(input);
  if (bad) return fail(bad.error, undefined, bad.field);
  return db.transaction().execute(async (tx) => {
    const key = await gradeOf(tx, productId);
    if (!key) return fail("adminCatalog:cutting.error.noGrade");
    const values = { vc_min: input.vcMin, vc_max: input.vcMax, f_min: input.fMin, f_max: input.fMax, ap_min: input.apMin, ap_max: input.apMax };
    const where = { grade: key.grade, operation: key.operation, material_group: input.group };
    const before = await tx
      .selectFrom("cutting_data")
      .selectAll()
      .where("grade", "=", where.grade)
      .where("operation", "=", where.operation)
      .where("material_group", "=", where.material_group)
      .executeTakeFirst();
    await tx
      .insertInto("cutting_data")
      .values({ ...where, ...values })
      .onConflict((oc) => oc.columns(["grade", "operation", "material_group"]).doUpdateSet(values))
      .execute();
    await recordAudit(tx, actor, {
      action: before ? "update" : "create",
      entity: "cutting_data",
      entityId: `${where.grade}:${where.operation}:${where.material_group}`,
      before,
      after: { ...where, ...values },
    });
    return ok();
  });
}

/** Removes one material group's cutting data of the product's grade (a second post changes nothing). */
export async function deleteCuttingData(db: DB, actor: Actor, productId: number, group: CuttingGroup): Promise<Result> {
  return db.transaction().execute(async (tx) => {
    const key = await gradeOf(tx, productId);
    if (!key) return fail("adminCatalog:cutting.error.noGrade");
    const before = await tx
      .selectFrom("cutting_data")
      .selectAll()
      .where("grade", "=", key.grade)
      .where("operation", "=", key.operation)
      .where("material_group", "=", group)
      .executeTakeFirst();
    if (!before) return ok();
    await tx.deleteFrom("cutting_data").where("id", "=", before.id).execute();
    await recordAudit(tx, actor, { action: "delete", entity: "cutting_data", entityId: `${key.grade}:${key.operation}:${group}`, before });
    return ok();
  });
}
