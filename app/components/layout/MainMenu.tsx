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
    const closeOutside = (e: MouseEvent) => {
      navRef.current?.querySelectorAll("details[open]").forEach((d) => {
        if (!d.contains(e.target as Node)) d.removeAttribute("open");
      });
    };
    document.addEventListener("click", closeOutside);
    return () => document.removeEventListener("click", closeOutside);
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
