import { LRUCache } from "lru-cache";
import type { DB } from "~/db/db.server";
import type { Product } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { readVersion } from "~/modules/admin/versions.server";
import { offerProductColumns, type OfferProduct } from "./offer.server";
import { pageOffset, type ProductSort } from "./sorts";

/**
 * Catalogue reads: nodes (4 levels, only those with the show flag, under shown parents),
 * breadcrumbs, product lists with paging and sorting, product detail, cutting data and
 * compatible products (docs/decisions/021-catalogue-pages.md).
 */
export const PAGE_SIZE = 50;
export { SORTS, type ProductSort } from "./sorts";

export interface NodeView {
  code: string;
  parentCode: string | null;
  level: number;
  label: string;
  describe: string;
  isNonStandard: boolean;
}

type NodeRow = {
  code: string;
  parent_code: string | null;
  level: number;
  label_zh: string;
  label_en: string;
  describe_zh: string;
  describe_en: string;
  is_non_standard: number;
  show_flag: number;
};

const nodeColumns = ["code", "parent_code", "level", "label_zh", "label_en", "describe_zh", "describe_en", "is_non_standard", "show_flag"] as const;

const toNode = (r: NodeRow, lang: Language): NodeView => ({
  code: r.code,
  parentCode: r.parent_code,
  level: r.level,
  label: lang === "en" ? r.label_en : r.label_zh,
  describe: lang === "en" ? r.describe_en : r.describe_zh,
  isNonStandard: r.is_non_standard === 1,
});

interface NodeIndex {
  at: number;
  /** the catalogue's counter in data_version when read: a change on the back office's screens shows at once */
  version: number;
  byCode: Map<string, NodeRow>;
  /** children of each parent code (L1 nodes under null), in catalogue order */
  children: Map<string | null, NodeRow[]>;
}
const NODE_CACHE_MS = 60_000;
const nodeIndexes = new WeakMap<DB, NodeIndex>();

/**
 * All catalogue nodes (a few hundred), read at most once a minute per process and database: every
 * catalogue page walks the tree (path, children, leaves), which took four to six queries a view.
 * The catalogue changes with the ERP's product data; a minute's delay is the menu's as well.
 */
async function nodeIndex(db: DB, now = Date.now()): Promise<NodeIndex> {
  const hit = nodeIndexes.get(db);
  const version = await readVersion(db, "catalogue");
  if (hit && now - hit.at < NODE_CACHE_MS && hit.version === version) return hit;
  const rows = await db.selectFrom("catalogue_node").select(nodeColumns).orderBy("sort").orderBy("code").execute();
  const index: NodeIndex = { at: now, version, byCode: new Map(), children: new Map() };
  for (const r of rows) {
    index.byCode.set(r.code, r);
    const parent = r.level === 1 ? null : r.parent_code;
    const siblings = index.children.get(parent);
    if (siblings) siblings.push(r);
    else index.children.set(parent, [r]);
  }
  nodeIndexes.set(db, index);
  return index;
}

const shownChildren = (index: NodeIndex, parentCode: string | null) => (index.children.get(parentCode) ?? []).filter((r) => r.show_flag === 1);

/**
 * The node and its ancestors (L1 first), or null when the code is unknown, hidden, or under a
 * hidden parent.
 */
export async function getNodePath(db: DB, code: string, lang: Language): Promise<NodeView[] | null> {
  const index = await nodeIndex(db);
  const path: NodeView[] = [];
  let current: string | null = code;
  for (let i = 0; current && i < 5; i++) {
    const row = index.byCode.get(current);
    if (!row || row.show_flag !== 1) return null;
    path.unshift(toNode(row, lang));
    current = row.parent_code;
  }
  return path.length ? path : null;
}

/** Shown children of a node (or the L1 nodes for null), in catalogue order. */
export async function getChildren(db: DB, parentCode: string | null, lang: Language): Promise<NodeView[]> {
  return shownChildren(await nodeIndex(db), parentCode).map((r) => toNode(r, lang));
}

/** Shown children with their shown children (two levels), for the L1/L2 overview pages. */
export async function getChildrenTree(db: DB, parentCode: string | null, lang: Language) {
  const index = await nodeIndex(db);
  return shownChildren(index, parentCode).map((c) => ({ ...toNode(c, lang), children: shownChildren(index, c.code).map((g) => toNode(g, lang)) }));
}

/** The codes of the shown level-4 nodes at or below a node (products hang on level 4). */
export async function leafCodesUnder(db: DB, node: { code: string; level: number }): Promise<string[]> {
  const index = await nodeIndex(db);
  let frontier = [node.code];
  for (let level = node.level; level < 4 && frontier.length; level++) {
    frontier = frontier.flatMap((code) => shownChildren(index, code).map((r) => r.code));
  }
  return frontier;
}

/**
 * Products per level-4 node (the filter chips and the totals of the list pages). Counting a
 * series of 90,000 products costs ~10 ms at 1,000,000 products, on every page view, for a number
 * that changes only when the catalogue does: kept for a minute (docs/decisions/027).
 */
const countCache = new LRUCache<string, Map<string, number>>({ max: 5_000, ttl: 60_000 });

export async function countByLeaf(db: DB, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const key = `${await readVersion(db, "catalogue")}|${codes.join(",")}`;
  let counts = countCache.get(key);
  if (!counts) countCache.set(key, (counts = await countByLeafUncached(db, codes)));
  return counts;
}

async function countByLeafUncached(db: DB, codes: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("product")
    .select((eb) => ["catalogue_code", eb.fn.countAll<number>().as("n")])
    .where("catalogue_code", "in", codes)
    .groupBy("catalogue_code")
    .execute();
  return new Map(rows.map((r) => [r.catalogue_code, Number(r.n)]));
}

export interface ProductRow {
  id: number;
  orderingCode: string;
  name: string;
  specification: string;
  grade: string | null;
  kind: string;
  catalogueCode: string;
  /** the columns an offer is made from, read with the row (getOffers needs no second read) */
  offerBase: OfferProduct;
}

export const productColumns = ["ordering_code", "name_zh", "name_en", "specification", "grade", "kind", "catalogue_code", ...offerProductColumns] as const;
type ProductDbRow = Pick<Product, (typeof productColumns)[number]>;
/** The row's own fields, without the offer columns (what a detail page may send to the browser). */
const productFields = (r: ProductDbRow, lang: Language): Omit<ProductRow, "offerBase"> => ({
  id: r.id,
  orderingCode: r.ordering_code,
  name: lang === "en" ? r.name_en : r.name_zh,
  specification: r.specification,
  grade: r.grade,
  kind: r.kind,
  catalogueCode: r.catalogue_code,
});
export const toProductRow = (r: ProductDbRow, lang: Language): ProductRow => ({
  ...productFields(r, lang),
  offerBase: { id: r.id, list_price: r.list_price, mpq: r.mpq, moq: r.moq, status: r.status, is_new: r.is_new, is_hot: r.is_hot },
});

/** One page of the products on these level-4 nodes, sorted, with the total. */
export async function listProducts(
  db: DB,
  input: { catalogueCodes: string[]; sort: ProductSort; page: number; lang: Language; pageSize?: number; total?: number; tenantId?: number | null },
): Promise<{ rows: ProductRow[]; total: number }> {
  if (!input.catalogueCodes.length) return { rows: [], total: 0 };
  const size = input.pageSize ?? PAGE_SIZE;
  const codes = input.catalogueCodes;
  const base = db.selectFrom("product").where("catalogue_code", "in", codes);
  const total = input.total ?? Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const offset = pageOffset(input.page, size, total);
  if (offset === null) return { rows: [], total };
  // The page's ids first, then their rows (the ids come from an index alone; decision 034).
  let ids: number[];
  switch (input.sort) {
    case "price":
    case "-price":
      ids = await idsByPrice(db, codes, input.sort === "-price", input.tenantId ?? null, size, offset);
      break;
    case "new":
      ids = await idsMergedByNode(db, codes, NEW_FIRST, size, offset, total);
      break;
    default:
      ids = await idsMergedByNode(db, codes, input.sort === "-code" ? CODE_DESC : CODE_ASC, size, offset, total);
  }
  return { rows: await productsByIds(db, ids, input.lang), total };
}

/** Past this many level-4 nodes the page is sorted in one query (a compound select has a term per node). */
const MERGED_NODES_MAX = 64;

type SortKey = readonly (readonly ["ordering_code" | "is_new" | "created_at", "asc" | "desc"])[];
// each order is that of an index after catalogue_code: product_catalogue_idx, product_catalogue_new_idx
const CODE_ASC: SortKey = [["ordering_code", "asc"]];
const CODE_DESC: SortKey = [["ordering_code", "desc"]];
const NEW_FIRST: SortKey = [
  ["is_new", "desc"],
  ["created_at", "desc"],
  ["ordering_code", "asc"],
];

/**
 * The page's ids in an order an index holds per level-4 node. `catalogue_code in (…) order by …`
 * cannot read such an index in order across several nodes: the database read and sorted the
 * whole series (95,000 entries at 1,000,000 products) for every page. Instead each node gives
 * its first `offset + size` ids in index order and the database merges those few (decision 059):
 * page 1 of a 4-node series reads 200 index entries whatever the catalogue's size. A page deep
 * enough that this reads more than the series holds is sorted the old way.
 */
async function idsMergedByNode(db: DB, codes: string[], key: SortKey, limit: number, offset: number, total: number): Promise<number[]> {
  const reach = offset + limit;
  const columns = ["id", ...key.map(([column]) => column)] as const;
  if (codes.length === 1 || codes.length > MERGED_NODES_MAX || codes.length * reach > total) {
    let q = db.selectFrom("product").select("id").where("catalogue_code", "in", codes);
    for (const [column, dir] of key) q = q.orderBy(column, dir);
    return (await q.limit(limit).offset(offset).execute()).map((r) => r.id);
  }
  const heads = codes.map((code, i) =>
    db
      .selectFrom((eb) => {
        let head = eb.selectFrom("product").select(columns).where("catalogue_code", "=", code);
        for (const [column, dir] of key) head = head.orderBy(column, dir);
        return head.limit(reach).as(`node${i}`);
      })
      .select(columns),
  );
  let merged = heads.slice(1).reduce((q, head) => q.unionAll(head), heads[0]);
  for (const [column, dir] of key) merged = merged.orderBy(column, dir);
  const rows = await merged.limit(limit).offset(offset).execute();
  return rows.map((r) => r.id);
}

/**
 * The ids in list-price order: the signed-in entity's list price, else the product master's
 * (decision 054), products on request last. Both prices come from covering indexes
 * (`product_catalogue_price_idx`, `stock_price_idx`); anonymous visitors sort by the master's price.
 */
async function idsByPrice(db: DB, codes: string[], desc: boolean, tenantId: number | null, limit: number, offset: number): Promise<number[]> {
  const dir = desc ? "desc" : "asc";
  if (tenantId === null) {
    const rows = await db
      .selectFrom("product")
      .select("id")
      .where("catalogue_code", "in", codes)
      .orderBy((eb) => eb.case().when("list_price", "is", null).then(1).else(0).end())
      .orderBy("list_price", dir)
      .orderBy("ordering_code")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }
  const rows = await db
    .selectFrom("product as p")
    .leftJoin("stock as s", (j) => j.onRef("s.product_id", "=", "p.id").on("s.tenant_id", "=", tenantId))
    .select("p.id")
    .where("p.catalogue_code", "in", codes)
    .orderBy((eb) => eb.case().when(eb.fn.coalesce("s.list_price", "p.list_price"), "is", null).then(1).else(0).end())
    .orderBy((eb) => eb.fn.coalesce("s.list_price", "p.list_price"), dir)
    .orderBy("p.ordering_code")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

// a customer's private non-standard item (status custom, decision 051) is never listed or found
const productRowsByIds = (db: DB, ids: number[]) =>
  db.selectFrom("product").select(productColumns).where("id", "in", ids).where("status", "<>", "custom").execute();

/** Product rows by id, in the order of the ids (search results, favourites, promotions). */
export async function productsByIds(db: DB, ids: number[], lang: Language): Promise<ProductRow[]> {
  if (!ids.length) return [];
  const rows = await productRowsByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, toProductRow(r, lang)]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProductRow => !!r);
}

/** Products flagged new or hot (the /newOrHot page and the home page section). */
export async function listNewOrHot(db: DB, input: { which: "new" | "hot"; lang: Language; page: number; pageSize?: number }) {
  const size = input.pageSize ?? PAGE_SIZE;
  const col = input.which === "new" ? "is_new" : "is_hot";
  const base = db.selectFrom("product").where(col, "=", 1).where("status", "=", "active");
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const offset = pageOffset(input.page, size, total);
  const rows = offset === null ? [] : await base.select(productColumns).orderBy("id", "desc").limit(size).offset(offset).execute();
  return { rows: rows.map((r) => toProductRow(r, input.lang)), total };
}

export interface ProductDetail extends Omit<ProductRow, "offerBase"> {
  isoShape: string | null;
  isoSize: string | null;
  noseRadius: string | null;
  chipBreaker: string | null;
  materialGroups: string;
  fitKey: string | null;
  attributes: Record<string, string | number | boolean | null>;
  unit: string;
  status: string;
}

export async function getProductByCode(db: DB, code: string, lang: Language): Promise<ProductDetail | null> {
  const r = await db.selectFrom("product").selectAll().where("ordering_code", "=", code).where("status", "<>", "custom").executeTakeFirst();
  if (!r) return null;
  let attributes: ProductDetail["attributes"] = {};
  try {
    const parsed = JSON.parse(r.attributes) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) attributes = parsed as ProductDetail["attributes"];
  } catch {
    attributes = {};
  }
  return {
    ...productFields(r, lang),
    isoShape: r.iso_shape,
    isoSize: r.iso_size,
    noseRadius: r.nose_radius,
    chipBreaker: r.chip_breaker,
    materialGroups: r.material_groups,
    fitKey: r.fit_key,
    attributes,
    unit: r.unit,
    status: r.status,
  };
}

export const MATERIAL_GROUPS = ["P", "M", "K", "N", "S", "H"] as const;
export type MaterialGroup = (typeof MATERIAL_GROUPS)[number];

export interface CuttingRange {
  group: MaterialGroup;
  recommended: boolean;
  vc: [number, number] | null;
  f: [number, number] | null;
  ap: [number, number] | null;
}

/** The operation a product kind's cutting data is for (holders have none). */
export const operationOf = (kind: string) =>
  kind === "turning_insert" ? "turning" : kind === "milling_insert" || kind === "end_mill" ? "milling" : kind === "drill" ? "drilling" : null;

/** Recommended cutting data per ISO material group for the product's grade (empty where not recommended). */
export async function getCuttingData(db: DB, product: { grade: string | null; kind: string }): Promise<{ operation: string | null; rows: CuttingRange[] }> {
  const operation = operationOf(product.kind);
  if (!product.grade || !operation) return { operation, rows: [] };
  let rows = await db.selectFrom("cutting_data").selectAll().where("grade", "=", product.grade).where("operation", "=", operation).execute();
  if (!rows.length) rows = await db.selectFrom("cutting_data").selectAll().where("grade", "=", product.grade).execute();
  if (!rows.length) return { operation, rows: [] };
  return {
    operation,
    rows: MATERIAL_GROUPS.map((g) => {
      const r = rows.find((x) => x.material_group === g);
      return r
        ? { group: g, recommended: true, vc: [r.vc_min, r.vc_max], f: [Number(r.f_min), Number(r.f_max)], ap: [Number(r.ap_min), Number(r.ap_max)] }
        : { group: g, recommended: false, vc: null, f: null, ap: null };
    }),
  };
}

/** Inserts ↔ toolholders with the same fit key (shape, clearance, size), both directions. */
export async function getCompatible(db: DB, product: { id: number; kind: string; fitKey: string | null }, lang: Language, limit = 20): Promise<ProductRow[]> {
  if (!product.fitKey) return [];
  let q = db.selectFrom("product").select(productColumns).where("fit_key", "=", product.fitKey).where("id", "!=", product.id).where("status", "=", "active");
  q = product.kind === "holder" ? q.where("kind", "!=", "holder") : q.where("kind", "=", "holder");
  const rows = await q.orderBy("ordering_code").limit(limit).execute();
  return rows.map((r) => toProductRow(r, lang));
}
