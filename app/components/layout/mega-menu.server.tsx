import { renderToStaticMarkup } from "react-dom/server";
import type { MenuNode } from "~/modules/catalogue/menu.server";
import { MegaMenuLinks } from "./MegaMenuLinks";

/**
 * The mega-menu is the same for every visitor of a language and some 300 links long: React renders
 * it once per catalogue tree (a new tree object each time the catalogue is read again) and label,
 * and every shop page reuses the markup instead of rendering the links again (decision 038).
 */
const rendered = new WeakMap<MenuNode[], Map<string, string>>();

export function renderMegaMenu(catalogue: MenuNode[], allProductsLabel: string): string {
  let byLabel = rendered.get(catalogue);
  if (!byLabel) rendered.set(catalogue, (byLabel = new Map()));
  let html = byLabel.get(allProductsLabel);
  if (html === undefined) {
    html = renderToStaticMarkup(<MegaMenuLinks catalogue={catalogue} allProductsLabel={allProductsLabel} />);
    byLabel.set(allProductsLabel, html);
  }
  return html;
}
