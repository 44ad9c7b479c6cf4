import { notFound } from "~/utils/guard.server";
import { pageBase, returnPath } from "~/utils/page.server";
import {
  countByLeaf,
  getChildren,
  getChildrenTree,
  getNodePath,
  leafCodesUnder,
  listProducts,
  PAGE_SIZE,
  type NodeView,
} from "~/modules/catalogue/catalogue.server";
import { nodeHref } from "~/modules/catalogue/links";
import { buildListItems, listContext } from "~/modules/catalogue/listing.server";
import { parsePage, parseSort } from "~/modules/catalogue/sorts";

/** Loader bodies shared by the catalogue level routes of this folder. */
const crumbs = (path: NodeView[]) => path.map((n) => ({ label: n.label, to: nodeHref(n), nonStandard: n.isNonStandard }));

/** /product/productFirst and /product/productSecond: the node's children with their children. */
export async function loadOverview(request: Request) {
  const { db, lang, url } = await pageBase(request);
  const code = url.searchParams.get("catalogueCode");
  if (!code) notFound();
  const path = await getNodePath(db, code.slice(0, 40), lang);
  if (!path) notFound();
  const node = path[path.length - 1];
  const tree = await getChildrenTree(db, node.code, lang);
  return {
    node,
    crumbs: crumbs(path),
    children: tree.map((c) => ({
      ...c,
      href: nodeHref(c),
      children: c.children.map((g) => ({ ...g, href: nodeHref(g) })),
    })),
  };
}

/** /product: all level-1 categories with their families. */
export async function loadRoot(request: Request) {
  const { db, lang } = await pageBase(request);
  const tree = await getChildrenTree(db, null, lang);
  return {
    children: tree.map((c) => ({ ...c, href: nodeHref(c), children: c.children.map((g) => ({ ...g, href: nodeHref(g) })) })),
  };
}

/**
 * /product/productThird (a series: products of all its shown level-4 groups, filterable by group)
 * and /product/productFourth (one level-4 group). Paged by 50, sortable.
 */
export async function loadProductList(request: Request) {
  const { db, user, lang, url } = await pageBase(request);
  const code = url.searchParams.get("catalogueCode");
  if (!code) notFound();
  const path = await getNodePath(db, code.slice(0, 40), lang);
  if (!path) notFound();
  const node = path[path.length - 1];
  const sort = parseSort(url.searchParams.get("sort"));
  const page = parsePage(url.searchParams.get("page"));
  const leaves = node.level >= 4 ? [node] : node.level === 3 ? await getChildren(db, node.code, lang) : [];
  const leafCodes = node.level >= 4 ? [node.code] : node.level === 3 ? leaves.map((l) => l.code) : await leafCodesUnder(db, node);
  const leafParam = url.searchParams.get("leaf");
  const leaf = leafParam && leafCodes.includes(leafParam) ? leafParam : null;
  // the per-leaf counts give the chips and the total (no second count query)
  const counts = await countByLeaf(db, leafCodes);
  const shown = leaf ? [leaf] : leafCodes;
  const total = shown.reduce((sum, c) => sum + (counts.get(c) ?? 0), 0);
  const list = await listProducts(db, { catalogueCodes: shown, sort, page, lang, total, tenantId: user?.tenantId ?? null });
  const items = await buildListItems(db, user, list.rows, lang);
  return {
    node,
    crumbs: crumbs(path),
    leaves: node.level === 3 ? leaves.map((l) => ({ code: l.code, label: l.label, isNonStandard: l.isNonStandard, count: counts.get(l.code) ?? 0 })) : [],
    leaf,
    sort,
    page,
    pageSize: PAGE_SIZE,
    total: list.total,
    items,
    ctx: listContext(user),
    redirectTo: returnPath(url),
    lang,
  };
}
