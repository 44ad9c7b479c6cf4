import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { readVersion } from "~/modules/admin/versions.server";

export interface MenuNode {
  code: string;
  label: string;
  level: number;
  isNonStandard: boolean;
  children: MenuNode[];
}

interface CacheEntry {
  at: number;
  version: number;
  rows: { code: string; parent_code: string | null; level: number; label_zh: string; label_en: string; is_non_standard: number }[];
  /** One tree per language per read, so the same tree object stands for the same catalogue version. */
  trees: Partial<Record<Language, MenuNode[]>>;
}
const CACHE_MS = 60_000;
let cache: CacheEntry | undefined;

/**
 * Catalogue levels 1–3 with the show flag, as a tree for the product mega-menu.
 * Read on every shop page, so it is cached in memory for a minute; callers get the same tree
 * object until the catalogue is read again (the rendered menu is cached on it).
 */
export async function getCatalogueMenu(db: DB, lang: Language, now = Date.now()): Promise<MenuNode[]> {
  const version = await readVersion(db, "catalogue"); // a node saved in the back office shows at once (decision 045)
  if (!cache || now - cache.at > CACHE_MS || cache.version !== version) {
    const rows = await db
      .selectFrom("catalogue_node")
      .select(["code", "parent_code", "level", "label_zh", "label_en", "is_non_standard"])
      .where("level", "<=", 3)
      .where("show_flag", "=", 1)
      .orderBy("level")
      .orderBy("sort")
      .orderBy("code")
      .execute();
    cache = { at: now, version, rows, trees: {} };
  }
  return (cache.trees[lang] ??= buildTree(cache.rows, lang));
}

function buildTree(rows: CacheEntry["rows"], lang: Language): MenuNode[] {
  const byCode = new Map<string, MenuNode>();
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node: MenuNode = {
      code: r.code,
      label: lang === "en" ? r.label_en : r.label_zh,
      level: r.level,
      isNonStandard: r.is_non_standard === 1,
      children: [],
    };
    byCode.set(r.code, node);
    if (r.level === 1) roots.push(node);
    else byCode.get(r.parent_code ?? "")?.children.push(node); // a child of a hidden parent stays hidden
  }
  return roots;
}
