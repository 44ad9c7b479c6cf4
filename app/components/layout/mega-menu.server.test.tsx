import type * as ReactDomServer from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { MenuNode } from "~/modules/catalogue/menu.server";
import { renderMegaMenu } from "./mega-menu.server";

// Counts React's renders: the cache's whole point is that a page reuses the markup instead of rendering again.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-dom/server", async (importOriginal) => {
  const original = await importOriginal<typeof ReactDomServer>();
  const renderToStaticMarkup: typeof original.renderToStaticMarkup = (element) => {
    renders.count += 1;
    return original.renderToStaticMarkup(element);
  };
  return { ...original, default: { ...original, renderToStaticMarkup }, renderToStaticMarkup };
});

const node = (code: string, label: string, level: number, children: MenuNode[] = []): MenuNode => ({
  code,
  label,
  level,
  isNonStandard: false,
  children,
});

describe("renderMegaMenu", () => {
  it("escapes labels and codes like any React markup", () => {
    const tree = [node("A&B", "<script>alert(1)</script>", 1, [node("A1", '车削 "刀片"', 2)])];
    const html = renderMegaMenu(tree, "全部产品");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("catalogueCode=A%26B");
    expect(html).toContain("全部产品 →");
  });

  it("renders a tree once per label: later pages reuse the markup without rendering", () => {
    const tree = [node("T", "车削", 1)];
    const before = renders.count;
    const first = renderMegaMenu(tree, "All products");
    expect(renders.count).toBe(before + 1);
    expect(renderMegaMenu(tree, "All products")).toBe(first);
    expect(renderMegaMenu(tree, "All products")).toBe(first);
    expect(renders.count, "the same tree and label are not rendered again").toBe(before + 1);
    // the same tree object, changed in place, still answers the markup made first: it is not rendered again
    tree[0].label = "Turning";
    expect(renderMegaMenu(tree, "All products")).toBe(first);
    expect(renders.count).toBe(before + 1);
    expect(renderMegaMenu(tree, "全部产品")).toContain("全部产品");
    expect(renders.count, "another label is rendered once").toBe(before + 2);
  });

  it("renders again for a new catalogue read (a new tree object)", () => {
    const before = renders.count;
    expect(renderMegaMenu([node("T", "车削", 1)], "All products")).toContain("车削");
    expect(renderMegaMenu([node("T", "Turning", 1)], "All products")).toContain("Turning");
    expect(renders.count).toBe(before + 2);
  });
});
