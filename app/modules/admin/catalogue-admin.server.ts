import type { Selectable } from "kysely";
import type { DB } from "~/db/db.server";
import type { CuttingDataTable } from "~/db/schema";
import { getCuttingData, MATERIAL_GROUPS, operationOf, type MaterialGroup } from "~/modules/catalogue/catalogue.server";
import { NotFoundError } from "~/modules/errors";
import { productSearch } from "~/modules/search/search.server";
import { parseKeyword } from "~/modules/search/normalize";
import { recordAudit, type Actor } from "./audit.server";
import { checkOrderingCode } from "./iso-code";
import { bumpVersion } from "./versions.server";

/**
 * Catalogue editing in the back office (/system/catalogue, /system/product; decision 045):
 * catalogue nodes (4 levels) and products. The search index follows product rows by itself
 * (SQLite triggers, PostgreSQL expression indexes), so a saved product is found at once; the
 * catalogue's counter in data_version makes every process drop its cached node tree, menu and
 * product counts. Every change is audited in its transaction.
 */
export const PRODUCT_PAGE_SIZE = 30;

type Result<T = object> = ({ ok: true } & T) | { ok: false; error: string; field?: string };

// ---------- nodes ----------

export interface NodeInput {
  labelZh: string;
  labelEn: string;
  describeZh: string;
  describeEn: string;
  showFlag: boolean;
  isNonStandard: boolean;
  sort: number;
}

const nodeCols = ["id", "code", "parent_code", "level", "label_zh", "label_en", "describe_zh", "describe_en", "show_flag", "is_non_standard", "sort"] as const;

/** The children of a node (or the level-1 nodes), with how many children or products each has. */
export async function listNodes(db: DB, parentCode: string | null) {
  let q = db.selectFrom("catalogue_node as n").select(nodeCols.map((c) => `n.${c}` as const));
  q = parentCode === null ? q.where("n.level", "=", 1) : q.where("n.parent_code", "=", parentCode);
  const rows = await q
    .select((eb) => [
      eb.selectFrom("catalogue_node as c").select((e) => e.fn.countAll<number>().as("n")).whereRef("c.parent_code", "=", "n.code").as("children"),
      eb.selectFrom("product as p").select((e) => e.fn.countAll<number>().as("n")).whereRef("p.catalogue_code", "=", "n.code").as("products"),
    ])
    .orderBy("n.sort")
    .orderBy("n.code")
    .execute();
  return rows.map((r) => ({ ...r, children: Number(r.children ?? 0), products: Number(r.products ?? 0) }));
}

export async function getNode(db: DB, code: string) {
  const node = await db.selectFrom("catalogue_node").select(nodeCols).where("code", "=", code).executeTakeFirst();
  if (!node) throw new NotFoundError("catalogue node");
  return node;
}

/** The node and its ancestors, level 1 first. */
export async function nodePath(db: DB, code: string | null) {
  const path: { code: string; label_zh: string; label_en: string; level: number }[] = [];
  let current = code;
  for (let i = 0; current && i < 5; i++) {
    const row = await db.selectFrom("catalogue_node").select(["code", "parent_code", "label_zh", "label_en", "level"]).where("code", "=", current).executeTakeFirst();
    if (!row) break;
    path.unshift(row);
    current = row.parent_code;
  }
  return path;
}

const NODE_CODE = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;

/** Updates a node, or adds one under `parentCode` (null: a level-1 node) when `newCode` is given. */
export async function saveNode(
  db: DB,
  actor: Actor,
  target: { code: string } | { newCode: string; parentCode: string | null },
  input: NodeInput,
): Promise<Result<{ code: string }>> {
  if (!input.labelZh.trim() || !input.labelEn.trim()) return { ok: false, error: "adminCatalog:node.error.labelRequired", field: input.labelZh.trim() ? "labelEn" : "labelZh" };
  const values = {
    label_zh: input.labelZh.trim(),
    label_en: input.labelEn.trim(),
    describe_zh: input.describeZh.trim(),
    describe_en: input.describeEn.trim(),
    show_flag: input.showFlag ? 1 : 0,
    is_non_standard: input.isNonStandard ? 1 : 0,
    sort: input.sort,
  };
  return db.transaction().execute(async (tx) => {
    if ("code" in target) {
      const before = await tx.selectFrom("catalogue_node").selectAll().where("code", "=", target.code).executeTakeFirst();
      if (!before) throw new NotFoundError("catalogue node");
      await tx.updateTable("catalogue_node").set(values).where("code", "=", target.code).execute();
      await recordAudit(tx, actor, { action: "update", entity: "catalogue_node", entityId: target.code, before, after: { ...before, ...values } });
      await bumpVersion(tx, "catalogue");
      return { ok: true as const, code: target.code };
    }
    const code = target.newCode.trim().toUpperCase();
    if (!NODE_CODE.test(code)) return { ok: false as const, error: "adminCatalog:node.error.codeRule", field: "code" };
    let level = 1;
    if (target.parentCode !== null) {
      const parent = await tx.selectFrom("catalogue_node").select(["code", "level"]).where("code", "=", target.parentCode).executeTakeFirst();
      if (!parent) throw new NotFoundError("catalogue node");
      if (parent.level >= 4) return { ok: false as const, error: "adminCatalog:node.error.tooDeep", field: "code" };
      level = parent.level + 1;
    }
    const taken = await tx.selectFrom("catalogue_node").select("id").where("code", "=", code).executeTakeFirst();
    if (taken) return { ok: false as const, error: "adminCatalog:node.error.codeTaken", field: "code" };
    const row = { code, parent_code: target.parentCode, level, ...values };
    await tx.insertInto("catalogue_node").values(row).execute();
    await recordAudit(tx, actor, { action: "create", entity: "catalogue_node", entityId: code, after: row });
    await bumpVersion(tx, "catalogue");
    return { ok: true as const, code };
  });
}

/** The codes of the node and everything under it, with their levels (the tree is at most 4 deep). */
async function subtree(db: DB, code: string, level: number) {
  const nodes = [{ code, level }];
  let frontier = [code];
  for (let depth = level; depth < 4 && frontier.length; depth++) {
    const children = await db.selectFrom("catalogue_node").select(["code", "level"]).where("parent_code", "in", frontier).execute();
    nodes.push(...children);
    frontier = children.map((c) => c.code);
  }
  return nodes;
}

/** Where a node may move to: the nodes of levels 1–3 outside its subtree that leave it within 4 levels (the form's list). */
export async function moveTargets(db: DB, code: string) {
  const node = await getNode(db, code);
  const tree = await subtree(db, node.code, node.level);
  const inTree = new Set(tree.map((n) => n.code));
  const height = Math.max(...tree.map((n) => n.level)) - node.level;
  const hasProducts = await subtreeHasProducts(db, [...inTree]);
  const rows = await db.selectFrom("catalogue_node").select(["code", "level", "label_zh", "label_en"]).where("level", "<", 4).orderBy("code").execute();
  const fits = (newLevel: number) => newLevel + height <= 4 && (!hasProducts || newLevel === node.level);
  return {
    node,
    topAllowed: node.parent_code !== null && fits(1),
    parents: rows.filter((r) => !inTree.has(r.code) && r.code !== node.parent_code && fits(r.level + 1)),
  };
}

async function subtreeHasProducts(db: DB, codes: string[]) {
  return !!(await db.selectFrom("product").select("id").where("catalogue_code", "in", codes).limit(1).executeTakeFirst());
}

/**
 * Moves a node with its whole subtree under another parent (null: to level 1). Levels are
 * recomputed; the tree stays within 4 levels, a node cannot go under itself or its own subtree,
 * and products stay on level-4 nodes (a subtree holding products keeps its levels). Products
 * follow their node (they refer to its code). Moving to the current parent changes nothing, so a
 * double post has one effect; the catalogue counter makes the shop drop its cached tree and menu.
 */
export async function moveNode(db: DB, actor: Actor, code: string, newParentCode: string | null): Promise<Result<{ code: string }>> {
  return db.transaction().execute(async (tx) => {
    const node = await tx.selectFrom("catalogue_node").select(["code", "parent_code", "level"]).where("code", "=", code).executeTakeFirst();
    if (!node) throw new NotFoundError("catalogue node");
    if (node.parent_code === newParentCode) return { ok: true as const, code };
    let newLevel = 1;
    if (newParentCode !== null) {
      const parent = await tx.selectFrom("catalogue_node").select(["code", "level"]).where("code", "=", newParentCode).executeTakeFirst();
      if (!parent) return { ok: false as const, error: "adminCatalog:node.error.parentUnknown", field: "parent" };
      newLevel = parent.level + 1;
    }
    const tree = await subtree(tx, node.code, node.level);
    if (newParentCode !== null && tree.some((n) => n.code === newParentCode)) return { ok: false as const, error: "adminCatalog:node.error.cycle", field: "parent" };
    const delta = newLevel - node.level;
    if (Math.max(...tree.map((n) => n.level)) + delta > 4) return { ok: false as const, error: "adminCatalog:node.error.moveTooDeep", field: "parent" };
    if (delta !== 0 && (await subtreeHasProducts(tx, tree.map((n) => n.code)))) return { ok: false as const, error: "adminCatalog:node.error.productsLevel", field: "parent" };
    // the old parent in the WHERE: of two posts racing, one moves it
    const moved = await tx
      .updateTable("catalogue_node")
      .set({ parent_code: newParentCode, level: newLevel })
      .where("code", "=", code)
      .where((eb) => (node.parent_code === null ? eb("parent_code", "is", null) : eb("parent_code", "=", node.parent_code)))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return { ok: true as const, code };
    const below = tree.slice(1).map((n) => n.code);
    if (delta !== 0 && below.length) {
      await tx.updateTable("catalogue_node").set((eb) => ({ level: eb("level", "+", delta) })).where("code", "in", below).execute();
    }
    await recordAudit(tx, actor, {
      action: "update",
      entity: "catalogue_node",
      entityId: code,
      before: { parent_code: node.parent_code, level: node.level },
      after: { parent_code: newParentCode, level: newLevel, subtree: tree.length },
    });
    await bumpVersion(tx, "catalogue");
    return { ok: true as const, code };
  });
}

// ---------- products ----------

export interface ProductFilter {
  q?: string;
  node?: string;
  status?: "active" | "delisted";
}

const listCols = ["id", "ordering_code", "name_zh", "name_en", "specification", "grade", "catalogue_code", "list_price", "status", "kind"] as const;

/**
 * Products for the list screen. A keyword goes through the shop's own search (so what the list
 * finds is what dealers find); otherwise by catalogue node and status, in code order.
 */
export async function listProducts(db: DB, filter: ProductFilter, page: number) {
  const offset = (Math.max(1, page) - 1) * PRODUCT_PAGE_SIZE;
  const keyword = filter.q ? parseKeyword(filter.q) : null;
  if (keyword?.ok) {
    const found = await productSearch(db).search(keyword, { offset, limit: PRODUCT_PAGE_SIZE });
    const rows = found.ids.length ? await db.selectFrom("product").select(listCols).where("id", "in", found.ids).execute() : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { total: found.total, rows: found.ids.flatMap((id) => byId.get(id) ?? []), keywordError: null };
  }
  let q = db.selectFrom("product");
  if (filter.node) q = q.where("catalogue_code", "=", filter.node);
  if (filter.status) q = q.where("status", "=", filter.status);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as("n")).execute();
  const rows = await q.select(listCols).orderBy("ordering_code").limit(PRODUCT_PAGE_SIZE).offset(offset).execute();
  return { total: Number(n), rows, keywordError: keyword && !keyword.ok ? `catalogue:${keyword.error}` : null };
}

export async function getProductForEdit(db: DB, id: number) {
  const product = await db.selectFrom("product").selectAll().where("id", "=", id).executeTakeFirst();
  if (!product) throw new NotFoundError("product");
  const [stock, tenants, cutting, cuttingEdit, compatible] = await Promise.all([
    db.selectFrom("stock").select(["tenant_id", "available", "reserved", "lead_time_days", "list_price"]).where("product_id", "=", id).execute(),
    db.selectFrom("tenant").select(["id", "code", "name_zh", "name_en", "status"]).orderBy("code").execute(),
    getCuttingData(db, product),
    cuttingRowsFor(db, product),
    product.fit_key
      ? db
          .selectFrom("product")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("fit_key", "=", product.fit_key)
          .where("id", "!=", id)
          .where("kind", product.kind === "holder" ? "!=" : "=", "holder")
          .executeTakeFirstOrThrow()
      : Promise.resolve({ n: 0 }),
  ]);
  const byTenant = new Map(stock.map((s) => [s.tenant_id, s]));
  return {
    product,
    stock: tenants.map((t) => ({ tenant: t, row: byTenant.get(t.id) ?? null })),
    cutting,
    cuttingEdit,
    compatibleCount: Number(compatible.n),
  };
}

export interface ProductInput {
  orderingCode: string;
  kind: string;
  catalogueCode: string;
  nameZh: string;
  nameEn: string;
  specification: string;
  grade: string | null;
  materialGroups: string;
  fitKey: string | null;
  attributes: string;
  unit: string;
  mpq: number;
  moq: number;
  /** fen; null: price on request */
  listPrice: number | null;
  status: "active" | "delisted";
}

/** Checks what a form cannot: the ordering code (search and ISO), MOQ against MPQ, the attributes' JSON, the node. */
/** Updates product `id`, or adds a product when `id` is null. */
export async function saveProduct(db: DB, actor: Actor, id: number | null, input: ProductInput): Promise<Result<{ id: number; orderingCode: string }>> {
  const code = checkOrderingCode(input.orderingCode, input.kind);
  if (!code.ok) return { ok: false, error: code.error, field: "orderingCode" };
  if (input.moq < input.mpq || input.moq % input.mpq !== 0) return { ok: false, error: "adminCatalog:product.error.moqMpq", field: "moq" };
  let attributes: string;
  try {
    const parsed = JSON.parse(input.attributes.trim() || "{}") as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    attributes = JSON.stringify(parsed);
  } catch {
    return { ok: false, error: "adminCatalog:product.error.attributes", field: "attributes" };
  }
  const iso = code.iso;
  if (iso && input.grade && iso.grade && iso.grade !== input.grade.toUpperCase()) return { ok: false, error: "adminCatalog:product.error.gradeMismatch", field: "grade" };
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await tx.selectFrom("product").selectAll().where("id", "=", id).executeTakeFirst();
    if (id !== null && !before) throw new NotFoundError("product");
    const node = await tx.selectFrom("catalogue_node").select("level").where("code", "=", input.catalogueCode).executeTakeFirst();
    if (!node || node.level !== 4) return { ok: false as const, error: "adminCatalog:product.error.node", field: "catalogueCode" };
    const clash = await tx
      .selectFrom("product")
      .select("ordering_code")
      .where((eb) => eb.or([eb("ordering_code", "=", code.code), eb("search_code", "=", code.searchCode)]))
      .where("id", "!=", id ?? 0)
      .executeTakeFirst();
    if (clash) return { ok: false as const, error: "adminCatalog:product.error.codeTaken", field: "orderingCode" };
    const values = {
      ordering_code: code.code,
      search_code: code.searchCode,
      kind: input.kind,
      catalogue_code: input.catalogueCode,
      name_zh: input.nameZh.trim(),
      name_en: input.nameEn.trim(),
      specification: input.specification.trim(),
      grade: iso?.grade ?? (input.grade?.trim().toUpperCase() || null),
      material_groups: input.materialGroups,
      // an ISO insert's selection fields and fit come from its code; other products keep theirs
      iso_shape: iso ? iso.shape : (before?.iso_shape ?? null),
      iso_size: iso ? iso.size : (before?.iso_size ?? null),
      nose_radius: iso ? iso.noseRadius : (before?.nose_radius ?? null),
      chip_breaker: iso ? iso.chipBreaker : (before?.chip_breaker ?? null),
      fit_key: iso ? iso.fitKey : input.fitKey?.trim().toUpperCase() || null,
      attributes,
      unit: input.unit,
      mpq: input.mpq,
      moq: input.moq,
      list_price: input.listPrice,
      status: input.status,
      updated_at: new Date().toISOString(),
    };
    let savedId: number;
    if (before) {
      savedId = before.id;
      await tx.updateTable("product").set(values).where("id", "=", savedId).execute();
      await recordAudit(tx, actor, { action: "update", entity: "product", entityId: savedId, before, after: { ...before, ...values } });
    } else {
      savedId = (await tx.insertInto("product").values({ ...values, created_at: values.updated_at }).returning("id").executeTakeFirstOrThrow()).id;
      await recordAudit(tx, actor, { action: "create", entity: "product", entityId: savedId, after: values });
    }
    await bumpVersion(tx, "catalogue");
    return { ok: true as const, id: savedId, orderingCode: code.code };
  });
}

/**
 * A product's stock, lead time and list price in one company entity (its assortment, decision
 * 043; the entity's list price, null: the product master's, decision 054).
 */
export async function saveStock(
  db: DB,
  actor: Actor,
  input: { productId: number; tenantId: number; available: number; leadTimeDays: number; listPrice: number | null },
): Promise<Result> {
  return db.transaction().execute(async (tx) => {
    const product = await tx.selectFrom("product").select("id").where("id", "=", input.productId).executeTakeFirst();
    const tenant = await tx.selectFrom("tenant").select(["id", "status"]).where("id", "=", input.tenantId).executeTakeFirst();
    if (!product || !tenant) throw new NotFoundError("stock");
    if (tenant.status !== "ready") return { ok: false as const, error: "adminCatalog:stock.error.notReady" };
    const before = await tx.selectFrom("stock").selectAll().where("tenant_id", "=", input.tenantId).where("product_id", "=", input.productId).executeTakeFirst();
    await tx
      .insertInto("stock")
      .values({ tenant_id: input.tenantId, product_id: input.productId, available: input.available, reserved: 0, lead_time_days: input.leadTimeDays, list_price: input.listPrice })
      .onConflict((oc) => oc.columns(["tenant_id", "product_id"]).doUpdateSet({ available: input.available, lead_time_days: input.leadTimeDays, list_price: input.listPrice }))
      .execute();
    await recordAudit(tx, actor, {
      action: before ? "update" : "create",
      entity: "stock",
      entityId: `${input.tenantId}:${input.productId}`,
      before,
      after: { tenant_id: input.tenantId, product_id: input.productId, available: input.available, lead_time_days: input.leadTimeDays, list_price: input.listPrice },
    });
    return { ok: true as const };
  });
}

/** Level-4 nodes for the product form's node list. */
export async function leafNodes(db: DB) {
  return db.selectFrom("catalogue_node").select(["code", "label_zh", "label_en"]).where("level", "=", 4).orderBy("code").execute();
}


// ---------- cutting data (per grade and operation, decision 054) ----------

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

export async function cuttingRowsFor(db: DB, product: { grade: string | null; kind: string }): Promise<{ operation: string | null; rows: { group: CuttingGroup; row: CuttingRow | null }[] }> {
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
  if (bad) return { ok: false, ...bad };
  return db.transaction().execute(async (tx) => {
    const key = await gradeOf(tx, productId);
    if (!key) return { ok: false as const, error: "adminCatalog:cutting.error.noGrade" };
    const values = { vc_min: input.vcMin, vc_max: input.vcMax, f_min: input.fMin, f_max: input.fMax, ap_min: input.apMin, ap_max: input.apMax };
    const where = { grade: key.grade, operation: key.operation, material_group: input.group };
    const before = await tx.selectFrom("cutting_data").selectAll().where("grade", "=", where.grade).where("operation", "=", where.operation).where("material_group", "=", where.material_group).executeTakeFirst();
    await tx
      .insertInto("cutting_data")
      .values({ ...where, ...values })
      .onConflict((oc) => oc.columns(["grade", "operation", "material_group"]).doUpdateSet(values))
      .execute();
    await recordAudit(tx, actor, { action: before ? "update" : "create", entity: "cutting_data", entityId: `${where.grade}:${where.operation}:${where.material_group}`, before, after: { ...where, ...values } });
    return { ok: true as const };
  });
}

/** Removes one material group's cutting data of the product's grade (a second post changes nothing). */
export async function deleteCuttingData(db: DB, actor: Actor, productId: number, group: CuttingGroup): Promise<Result> {
  return db.transaction().execute(async (tx) => {
    const key = await gradeOf(tx, productId);
    if (!key) return { ok: false as const, error: "adminCatalog:cutting.error.noGrade" };
    const before = await tx.selectFrom("cutting_data").selectAll().where("grade", "=", key.grade).where("operation", "=", key.operation).where("material_group", "=", group).executeTakeFirst();
    if (!before) return { ok: true as const };
    await tx.deleteFrom("cutting_data").where("id", "=", before.id).execute();
    await recordAudit(tx, actor, { action: "delete", entity: "cutting_data", entityId: `${key.grade}:${key.operation}:${group}`, before });
    return { ok: true as const };
  });
}
