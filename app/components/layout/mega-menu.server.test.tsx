import { describe, expect, it } from "vitest";
import type { MenuNode } from "~/modules/catalogue/menu.server";
import { renderMegaMenu } from "./mega-menu.server";

const node = (code: string, label: string, level: number, children: MenuNode[] = []): MenuNode => ({
  code,
  label,
  level,
  isNonStandard: false,
  children,
});

describe("renderMegaMenu", () => {
  it("escapes labels and codes like any React markup", () => {
    const tree = [node("A&B", "<script>alert(1)</script>", 1, [node("A1", "车削 \"刀片\"", 2)])];
    const html = renderMegaMenu(tree, "全部产品");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("catalogueCode=A%26B");
    expect(html).toContain("全部产品 →");
  });

  it("renders a tree once per label and again for a new catalogue read", () => {
    const tree = [node("T", "车削", 1)];
    const first = renderMegaMenu(tree, "All products");
    expect(renderMegaMenu(tree, "All products")).toBe(first);
    expect(renderMegaMenu(tree, "全部产品")).toContain("全部产品");
    tree[0].label = "Turning"; // a new read builds a new tree; the old one keeps its markup
    expect(renderMegaMenu([node("T", "Turning", 1)], "All products")).toContain("Turning");
  });
});
