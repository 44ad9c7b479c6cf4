import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { SiteConfig } from "~/modules/site/site.server";
import { useCachedT } from "~/i18n/useCachedT";

interface SubItem {
  key: string;
  to: string;
  external?: boolean;
  zhOnly?: boolean;
}

/**
 * The main menu in the spec's order (§2 "Shop layout"). Dropdowns are <details> elements, so they
 * open without JavaScript; with JavaScript they also close on navigation and on a click outside.
 */
export function MainMenu({
  megaMenuHtml,
  links,
  showCustomerSupport,
}: {
  /** The mega-menu's links, rendered once per language and catalogue version by React on the server. */
  megaMenuHtml: string;
  links: SiteConfig["links"];
  showCustomerSupport: boolean;
}) {
  const { i18n } = useTranslation();
  const t = useCachedT("common");
  const zh = i18n.language !== "en";
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // Close the dropdowns after a navigation, not when the page hydrates: a menu opened before the
  // scripts ran must stay open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    navRef.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key]);
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const openMenus = () => nav.querySelectorAll<HTMLDetailsElement>("details[open]");
    // a click elsewhere or Escape closes a dropdown (Escape gives the focus back to its button)
    const closeOutside = (e: MouseEvent) => {
      openMenus().forEach((d) => {
        if (!d.contains(e.target as Node)) d.removeAttribute("open");
      });
    };
    const closeOnEscape = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      openMenus().forEach((d) => {
        d.removeAttribute("open");
        if (d.contains(document.activeElement)) d.querySelector("summary")?.focus();
      });
    };
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
    document.addEventListener("click", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      dropdowns.forEach((d) => {
        d.removeEventListener("pointerenter", onEnter);
        d.removeEventListener("pointerleave", onLeave);
        d.querySelector("summary")?.removeEventListener("click", onSummaryClick);
      });
      document.removeEventListener("click", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, []);

  const visible = (items: SubItem[]) => items.filter((i) => zh || !i.zhOnly);

  return (
    <nav className="main-menu" aria-label={t("menu.label")} ref={navRef}>
      <ul>
        <li>
          <MenuLink to="/homePage" label={t("menu.home")} />
        </li>
        <li>
          <details className="dropdown mega">
            <summary>{t("menu.product")}</summary>
            <div className="dropdown-panel mega-panel" data-testid="mega-menu" dangerouslySetInnerHTML={{ __html: megaMenuHtml }} />
          </details>
        </li>
        {showCustomerSupport && zh ? (
          <Dropdown
            label={t("menu.customerSupport")}
            items={[
              { key: "samplesSupport", to: "/customerSupport/samplesSupport" },
              { key: "cutterSupport", to: "/customerSupport/cutterSupport" },
            ]}
          />
        ) : null}
        <Dropdown
          label={t("menu.technologyService")}
          items={visible([
            { key: "onLineTraining", to: "/technologyService/onLineTraining" },
            { key: "cutterOffer", to: "/technologyService/cutterOffer", zhOnly: true },
            { key: "selectionCategory", to: "/technologyService/selectionCategory" },
          ])}
        />
        <li>
          <MenuLink to={links.industrySolution} label={t("menu.industrySolution")} />
        </li>
        {zh ? (
          <li>
            <MenuLink to={links.partnerCloud} label={t("menu.partnerCloud")} />
          </li>
        ) : null}
        {zh ? (
          <Dropdown
            label={t("menu.afterSalesService")}
            items={[
              { key: "satisfication", to: "/afterSalesService/satisfication" },
              { key: "askAfterSales", to: "/afterSalesService/askAfterSales" },
            ]}
          />
        ) : null}
        <li>
          <MenuLink to="/downloadService" label={t("menu.downloadService")} />
        </li>
        <Dropdown
          label={t("menu.aboutUs")}
          items={visible([
            { key: "aboutCompany", to: links.aboutUs, external: /^https?:/.test(links.aboutUs) },
            { key: "salesNetwork", to: `${links.aboutUs}#sales-network`, external: /^https?:/.test(links.aboutUs), zhOnly: true },
          ])}
        />
      </ul>
    </nav>
  );
}

function Dropdown({ label, items }: { label: string; items: SubItem[] }) {
  const t = useCachedT("common");
  return (
    <li>
      <details className="dropdown">
        <summary>{label}</summary>
        <ul className="dropdown-panel">
          {items.map((i) => (
            <li key={i.key}>
              <MenuLink to={i.to} label={t(`menu.${i.key}`)} external={i.external} />
            </li>
          ))}
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
