import { describe, expect, it } from "vitest";
import { breadcrumbFor, buildMenuTree, firstRoute, functionCodes, type MenuRow } from "./menu-tree";

const row = (id: number, parent: number | null, name: string, extra: Partial<MenuRow> = {}): MenuRow => ({
  id,
  parent_id: parent,
  area: "shop",
  type: "menu",
  name,
  title_zh: `${name}-zh`,
  title_en: `${name}-en`,
  href: `/${name}`,
  func_code: null,
  icon: null,
  redirect: null,
  active_menu: null,
  sort: id * 10,
  hidden: 0,
  always_show: 0,
  no_cache: 0,
  breadcrumb: 1,
  affix: 0,
  zh_only: 0,
  ...extra,
});

const rows: MenuRow[] = [
  row(3, null, "service", { sort: 5 }),
  row(1, null, "home"),
  row(2, null, "partner", { href: null, zh_only: 1 }),
  row(4, 3, "quote", { href: "/service/quote", zh_only: 1 }),
  row(5, 3, "training", { href: "/service/training" }),
  row(6, 5, "training_view", { type: "func", href: null, func_code: "training:view" }),
  row(7, null, "secret", { hidden: 1 }),
  row(8, null, "sys", { area: "admin", href: "/system" }),
  row(9, 8, "users", { area: "admin", href: "/system/user" }),
];
const grants = new Map<number, Set<string>>([
  [1, new Set(["guest", "dealer"])],
  [2, new Set(["guest"])],
  [3, new Set(["dealer"])],
  [4, new Set(["dealer"])],
  [5, new Set(["dealer"])],
  [6, new Set(["dealer"])],
  [7, new Set(["dealer"])],
  [8, new Set(["admin"])],
  [9, new Set(["admin"])],
]);
const titles = (items: ReturnType<typeof buildMenuTree>): unknown[] => items.map((i) => (i.children.length ? [i.title, titles(i.children)] : i.title));

describe("menu tree from rows", () => {
  it("orders siblings by sort, keeps granted menu nodes, leaves funcs and hidden nodes out", () => {
    const tree = buildMenuTree(rows, grants, { area: "shop", roles: ["guest", "dealer"], lang: "zh" });
    expect(titles(tree)).toEqual([["service-zh", ["quote-zh", "training-zh"]], "home-zh", "partner-zh"]);
  });

  it("drops Chinese-only nodes in English", () => {
    const tree = buildMenuTree(rows, grants, { area: "shop", roles: ["guest", "dealer"], lang: "en" });
    expect(titles(tree)).toEqual([["service-en", ["training-en"]], "home-en"]);
  });

  it("shows a visitor only what the guest role is granted; a child of an ungranted node stays out", () => {
    const tree = buildMenuTree(rows, grants, { area: "shop", roles: ["guest"], lang: "zh" });
    expect(titles(tree)).toEqual(["home-zh", "partner-zh"]);
  });

  it("takes a configured address for a node without href and marks external links", () => {
    const [, , partner] = buildMenuTree(rows, grants, { area: "shop", roles: ["guest", "dealer"], lang: "zh", links: { partner: "https://partner.example/" } });
    expect(partner).toMatchObject({ href: "https://partner.example/", external: true });
  });

  it("builds each area on its own", () => {
    const tree = buildMenuTree(rows, grants, { area: "admin", roles: ["admin", "dealer"], lang: "en" });
    expect(titles(tree)).toEqual([["sys-en", ["users-en"]]]);
  });

  it("function codes are the granted func rows", () => {
    expect([...functionCodes(rows, grants, ["dealer"])]).toEqual(["training:view"]);
    expect(functionCodes(rows, grants, ["guest"]).size).toBe(0);
  });

  it("the first route and the breadcrumb follow the tree", () => {
    const tree = buildMenuTree(rows, grants, { area: "shop", roles: ["dealer"], lang: "zh" });
    expect(firstRoute(tree)).toBe("/service");
    expect(firstRoute([])).toBeNull();
    const admin = buildMenuTree(rows, grants, { area: "admin", roles: ["admin"], lang: "zh" });
    expect(breadcrumbFor(admin, "/system/user/12").map((i) => i.name)).toEqual(["sys", "users"]);
    expect(breadcrumbFor(admin, "/system").map((i) => i.name)).toEqual(["sys"]);
    expect(breadcrumbFor(admin, "/elsewhere")).toEqual([]);
  });
});
