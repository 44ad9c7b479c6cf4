import { escapeHtml } from "~/utils/html";
import type { MenuNode } from "~/modules/catalogue/menu.server";

/**
 * The product mega-menu's panel (catalogue levels 1–3, ~180 elements) as HTML text: written as a
 * string it costs a small part of rendering it element by element with React on every page
 * (decision 029). The browser builds the same text from the same data when it hydrates.
 */
export function megaMenuHtml(catalogue: MenuNode[], allProductsLabel: string): string {
  const q = (code: string) => escapeHtml(encodeURIComponent(code));
  const link = (className: string, href: string, label: string) => `<a class="${className}" data-nav href="${href}">${escapeHtml(label)}</a>`;
  const columns = catalogue.map((l1) => {
    const families = l1.children.map((l2) => {
      const series = l2.children
        .map((l3) => `<li>${link("mega-l3", `/product/productThird?catalogueCode=${q(l3.code)}&amp;parentCode=${q(l2.code)}`, l3.label)}</li>`)
        .join("");
      return `<li>${link("mega-l2", `/product/productSecond?catalogueCode=${q(l2.code)}&amp;parentCode=${q(l1.code)}`, l2.label)}<ul>${series}</ul></li>`;
    });
    return `<section class="mega-column">${link("mega-l1", `/product/productFirst?catalogueCode=${q(l1.code)}`, l1.label)}<ul>${families.join("")}</ul></section>`;
  });
  return columns.join("") + link("mega-all", "/product", `${allProductsLabel} →`);
}
