/**
 * Menu trees from menu rows (spec §3 "menu node", §6): the shop's main menu and the back
 * office's sidebar are the nodes granted to the user's roles; function codes are the granted
 * func children. Pure functions over plain rows, so they are tested without a database.
 */
export interface MenuRow {
  id: number;
  parent_id: number | null;
  area: string;
  type: string;
  name: string;
  title_zh: string;
  title_en: string;
  href: string | null;
  func_code: string | null;
  icon: string | null;
  redirect: string | null;
  active_menu: string | null;
  sort: number;
  hidden: number;
  always_show: number;
  no_cache: number;
  breadcrumb: number;
  affix: number;
  zh_only: number;
}

export interface MenuItem {
  id: number;
  name: string;
  title: string;
  href: string | null;
  icon: string | null;
  external: boolean;
  affix: boolean;
  children: MenuItem[];
}

export type Area = "shop" | "admin";
export type Lang = "zh" | "en";

/** Role codes granted each menu row. */
export type Grants = ReadonlyMap<number, ReadonlySet<string>>;

/** Addresses that come from the configuration rather than the row (a row with no href). */
export type ConfiguredLinks = Partial<Record<string, string>>;

const isGranted = (grants: Grants, id: number, roles: readonly string[]) => {
  const allowed = grants.get(id);
  return !!allowed && roles.some((r) => allowed.has(r));
};

/** Rows ordered by parent, sort and id, so siblings come out in menu order. */
export function sortRows<T extends Pick<MenuRow, "sort" | "id">>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * The visible tree of one area for these roles and this language: menu nodes (not funcs) that
 * are granted, not hidden, and not Chinese-only in English. A child of a node the user may not
 * see stays out too.
 */
export function buildMenuTree(
  rows: readonly MenuRow[],
  grants: Grants,
  opts: { area: Area; roles: readonly string[]; lang: Lang; links?: ConfiguredLinks; includeHidden?: boolean },
): MenuItem[] {
  const visible = sortRows(rows).filter(
    (r) =>
      r.area === opts.area &&
      r.type === "menu" &&
      (opts.includeHidden || r.hidden !== 1) &&
      !(opts.lang === "en" && r.zh_only === 1) &&
      isGranted(grants, r.id, opts.roles),
  );
  const byParent = new Map<number | null, MenuRow[]>();
  for (const r of visible) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const build = (parent: number | null): MenuItem[] =>
    (byParent.get(parent) ?? []).map((r) => {
      const href = r.href ?? opts.links?.[r.name] ?? null;
      return {
        id: r.id,
        name: r.name,
        title: opts.lang === "en" ? r.title_en : r.title_zh,
        href,
        icon: r.icon,
        external: !!href && /^https?:\/\//.test(href),
        affix: r.affix === 1,
        children: build(r.id),
      };
    });
  return build(null);
}

/** The function codes granted to these roles (func rows whose parent chain is granted too). */
export function functionCodes(rows: readonly MenuRow[], grants: Grants, roles: readonly string[]): Set<string> {
  const codes = new Set<string>();
  for (const r of rows) if (r.type === "func" && r.func_code && isGranted(grants, r.id, roles)) codes.add(r.func_code);
  return codes;
}

/** The first page a user's menu allows (spec §2: the root goes to the first allowed route). */
export function firstRoute(tree: readonly MenuItem[]): string | null {
  for (const item of tree) {
    if (item.href && !item.external) return item.href;
    const inner = firstRoute(item.children);
    if (inner) return inner;
  }
  return null;
}

/** The chain of items from the root to the one whose href is the longest prefix of the path. */
export function breadcrumbFor(tree: readonly MenuItem[], pathname: string): MenuItem[] {
  let best: MenuItem[] = [];
  const matches = (href: string | null) => !!href && (pathname === href || pathname.startsWith(`${href}/`));
  const walk = (items: readonly MenuItem[], chain: MenuItem[]) => {
    for (const item of items) {
      const next = [...chain, item];
      if (matches(item.href) && (best.length === 0 || (item.href?.length ?? 0) >= (best.at(-1)?.href?.length ?? 0))) best = next;
      walk(item.children, next);
    }
  };
  walk(tree, []);
  return best;
}
