import type { MenuItem } from "~/modules/admin/menu-tree";

/**
 * The shop pages a guest sees in the menu but only a dealer opens: their loaders call requireUser,
 * which sends a guest to sign in and refuses a staff member (403). A staff session on the public
 * shop pages is shown no link to them (issue 29 §15); tests/security/staff-on-shop.test.ts checks
 * every link the shop shows a staff session against the server's answer.
 */
export const DEALER_ONLY_PAGES = [
  "/afterSalesService/satisfication",
  "/afterSalesService/askAfterSales",
  "/technologyService/cutterOffer",
  "/shopCart",
  "/order/order",
] as const;

const pathOf = (href: string) => href.split(/[?#]/)[0];

export const isDealerOnlyPage = (href: string) => {
  const path = pathOf(href);
  return DEALER_ONLY_PAGES.some((p) => path === p || path.startsWith(`${p}/`));
};

/** The menu without the entries only a dealer opens (and without groups left empty by that). */
export function withoutDealerOnlyPages(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    if (item.href && isDealerOnlyPage(item.href)) return [];
    if (!item.children.length) return [item];
    const children = withoutDealerOnlyPages(item.children);
    return children.length || item.href ? [{ ...item, children }] : [];
  });
}
