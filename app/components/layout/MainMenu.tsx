import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useDismissDropdowns } from "~/components/useDismissDropdowns";
import type { MenuItem } from "~/modules/admin/menu-tree";
import { useCachedT } from "~/i18n/useCachedT";

/**
 * The main menu: the shop's menu rows granted to the user's roles, in their order (spec §2 "Shop
 * layout", decision 042); the product entry opens the catalogue's mega-menu. Dropdowns are
 * <details> elements, so they open without JavaScript; with JavaScript they also close on
 * navigation, Escape and a click outside, and open on hover with a mouse.
 */
export function MainMenu({
  megaMenuHtml,
  items,
}: {
  /** The mega-menu's links, rendered once per language and catalogue version by React on the server. */
  megaMenuHtml: string;
  items: MenuItem[];
}) {
  const t = useCachedT("common");
  const navRef = useRef<HTMLElement>(null);
  // Escape, a click outside and a navigation close a dropdown
  useDismissDropdowns(navRef);
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    // on a desktop with a mouse, a dropdown opens on hover and closes when the pointer leaves
    const hoverable = window.matchMedia("(hover: hover) and (min-width: 992px)");
    const onEnter = (e: PointerEvent) => {
      const d = e.currentTarget as HTMLDetailsElement;
      if (!hoverable.matches || e.pointerType !== "mouse" || d.open) return;
      d.open = true;
      d.dataset.hoverOpened = "1";
    };
    const onLeave = (e: PointerEvent) => {
      const d = e.currentTarget as HTMLDetailsElement;
      if (!hoverable.matches || e.pointerType !== "mouse") return;
      d.open = false;
      delete d.dataset.hoverOpened;
    };
    // the click that follows the hover would close what the hover just opened: keep it open
    const onSummaryClick = (e: MouseEvent) => {
      const d = (e.currentTarget as HTMLElement).parentElement as HTMLDetailsElement;
      if (!d.dataset.hoverOpened) return;
      e.preventDefault();
      delete d.dataset.hoverOpened;
    };
    const dropdowns = nav.querySelectorAll<HTMLDetailsElement>("details.dropdown");
    dropdowns.forEach((d) => {
      d.addEventListener("pointerenter", onEnter);
      d.addEventListener("pointerleave", onLeave);
      d.querySelector("summary")?.addEventListener("click", onSummaryClick);
    });
    return () => {
      dropdowns.forEach((d) => {
        d.removeEventListener("pointerenter", onEnter);
        d.removeEventListener("pointerleave", onLeave);
        d.querySelector("summary")?.removeEventListener("click", onSummaryClick);
      });
    };
  }, []);

  return (
    <nav className="main-menu" aria-label={t("menu.label")} ref={navRef}>
      <ul>
        {items.map((item) =>
          item.name === "product" ? (
            <li key={item.id}>
              <details className="dropdown mega">
                <summary>{item.title}</summary>
                <div className="dropdown-panel mega-panel" data-testid="mega-menu" dangerouslySetInnerHTML={{ __html: megaMenuHtml }} />
              </details>
            </li>
          ) : item.children.length ? (
            <Dropdown key={item.id} label={item.title} items={item.children} />
          ) : item.href ? (
            <li key={item.id}>
              <MenuLink to={item.href} label={item.title} external={item.external} />
            </li>
          ) : null,
        )}
      </ul>
    </nav>
  );
}

function Dropdown({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <li>
      <details className="dropdown">
        <summary>{label}</summary>
        <ul className="dropdown-panel">
          {items.map((i) =>
            i.href ? (
              <li key={i.id}>
                <MenuLink to={i.href} label={i.title} external={i.external} />
              </li>
            ) : null,
          )}
        </ul>
      </details>
    </li>
  );
}

/**
 * A menu entry: external links open in a new tab; the shop's own are plain anchors marked as the
 * current page like NavLink does (the shop layout navigates data-nav links in the app).
 */
function MenuLink({ to, label, external }: { to: string; label: string; external?: boolean }) {
  const t = useCachedT("common");
  const { pathname } = useLocation();
  if (external || /^https?:\/\//.test(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer">
        {label}
        <span className="visually-hidden"> {t("menu.external")}</span> ↗
      </a>
    );
  }
  const path = to.split(/[?#]/)[0];
  const current = pathname === path || pathname.startsWith(`${path}/`);
  return (
    <a data-nav href={to} className={current ? "active" : undefined} aria-current={current ? "page" : undefined}>
      {label}
    </a>
  );
}
