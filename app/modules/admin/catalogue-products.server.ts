import type { DB } from "~/db/db.server";
import { getCuttingData } from "~/modules/catalogue/catalogue.server";
import { NotFoundError } from "~/modules/errors";
import { productSearch } from "~/modules/search/search.server";
import { parseKeyword } from "~/modules/search/normalize";
import { cuttingRowsFor } from "./cutting-data-admin.server";
import { recordAudit, type Actor } from "./audit.server";
import { checkOrderingCode } from "./iso-code";
import { bumpVersion } from "./versions.server";
import { fail, ok, type Result } from "~/modules/result";

/**
 * Products in the back office (/system/product; decision 045): the list, the edit form, a product's
 * stock per company entity. The search index follows product rows by itself (SQLite triggers,
 * PostgreSQL expression indexes), so a saved product is found at once. Every change is audited in
 * its transaction.
 */
export const PRODUCT_PAGE_SIZE = 30;

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
  if (!code.ok) return fail(code.error, undefined, "orderingCode");
  if (input.moq < input.mpq || input.moq % input.mpq !== 0) return fail("adminCatalog:product.error.moqMpq", undefined, "moq");
  let attributes: string;
  try {
    const parsed = JSON.parse(input.attributes.trim() || "{}") as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    attributes = JSON.stringify(parsed);
  } catch {
    return fail("adminCatalog:product.error.attributes", undefined, "attributes");
  }
  const iso = code.iso;
  if (iso && input.grade && iso.grade && iso.grade !== input.grade.toUpperCase()) return fail("adminCatalog:product.error.gradeMismatch", undefined, "grade");
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await tx.selectFrom("product").selectAll().where("id", "=", id).executeTakeFirst();
    if (id !== null && !before) throw new NotFoundError("product");
    const node = await tx.selectFrom("catalogue_node").select("level").where("code", "=", input.catalogueCode).executeTakeFirst();
    if (!node || node.level !== 4) return fail("adminCatalog:product.error.node", undefined, "catalogueCode");
    const clash = await tx
      .selectFrom("product")
      .select("ordering_code")
      .where((eb) => eb.or([eb("ordering_code", "=", code.code), eb("search_code", "=", code.searchCode)]))
      .where("id", "!=", id ?? 0)
      .executeTakeFirst();
    if (clash) return fail("adminCatalog:product.error.codeTaken", undefined, "orderingCode");
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
      savedId = (
        await tx
          .insertInto("product")
          .values({ ...values, created_at: values.updated_at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      await recordAudit(tx, actor, { action: "create", entity: "product", entityId: savedId, after: values });
    }
    await bumpVersion(tx, "catalogue");
    return ok({ id: savedId, orderingCode: code.code });
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
    if (tenant.status !== "ready") return fail("adminCatalog:stock.error.notReady");
    const before = await tx
      .selectFrom("stock")
      .selectAll()
      .where("tenant_id", "=", input.tenantId)
      .where("product_id", "=", input.productId)
      .executeTakeFirst();
    await tx
      .insertInto("stock")
      .values({
        tenant_id: input.tenantId,
        product_id: input.productId,
        available: input.available,
        reserved: 0,
        lead_time_days: input.leadTimeDays,
        list_price: input.listPrice,
        updated_at: new Date().toISOString(),
      })
      .onConflict((oc) =>
        oc
          .columns(["tenant_id", "product_id"])
          .doUpdateSet({ available: input.available, lead_time_days: input.leadTimeDays, list_price: input.listPrice, updated_at: new Date().toISOString() }),
      )
      .execute();
    await recordAudit(tx, actor, {
      action: before ? "update" : "create",
      entity: "stock",
      entityId: `${input.tenantId}:${input.productId}`,
      before,
      after: {
        tenant_id: input.tenantId,
        product_id: input.productId,
        available: input.available,
        lead_time_days: input.leadTimeDays,
        list_price: input.listPrice,
      },
    });
    return ok();
  });
}
