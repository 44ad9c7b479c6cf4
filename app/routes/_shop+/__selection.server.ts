import { PAGE_SIZE } from "~/modules/catalogue/catalogue.server";
import { buildListItems, listContext } from "~/modules/catalogue/listing.server";
import { FACETS, runSelection, type SelectionFilters } from "~/modules/catalogue/selection.server";
import { parsePage } from "~/modules/catalogue/sorts";
import { pageBase, returnPath } from "~/utils/page.server";

const VALUE = /^[A-Za-z0-9.\-_]{1,20}$/;

/** Loader of /selectionCategory and /technologyService/selectionCategory. Unknown values are ignored. */
export async function loadSelection(request: Request) {
  const { db, user, lang, url } = await pageBase(request);
  const filters: SelectionFilters = {};
  for (const f of FACETS) {
    const v = url.searchParams.get(f);
    if (v && VALUE.test(v)) filters[f] = v;
  }
  const node = url.searchParams.get("node") ?? url.searchParams.get("catalogueCode");
  if (node && VALUE.test(node)) filters.node = node;
  const page = parsePage(url.searchParams.get("page"));
  const [result, nodes] = await Promise.all([
    runSelection(db, { filters, page, lang }),
    db
      .selectFrom("catalogue_node")
      .select(["code", "parent_code", "level", "label_zh", "label_en"])
      .where("show_flag", "=", 1)
      .where("level", "<=", 2)
      .orderBy("level")
      .orderBy("sort")
      .orderBy("code")
      .execute(),
  ]);
  // L1 followed by its L2 children
  const ordered: { code: string; label: string; depth: number }[] = [];
  for (const l1 of nodes.filter((n) => n.level === 1)) {
    ordered.push({ code: l1.code, label: lang === "en" ? l1.label_en : l1.label_zh, depth: 0 });
    for (const l2 of nodes.filter((n) => n.parent_code === l1.code))
      ordered.push({ code: l2.code, label: lang === "en" ? l2.label_en : l2.label_zh, depth: 1 });
  }
  const items = await buildListItems(db, user, result.rows, lang);
  return {
    filters,
    nodes: ordered,
    facets: result.facets,
    items,
    total: result.total,
    page,
    pageSize: PAGE_SIZE,
    ctx: listContext(user),
    redirectTo: returnPath(url),
    lang,
  };
}
