import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CompanySwitcher } from "~/components/auth/CompanySwitcher";
import { MenuIcon } from "./menu-icons";
import { SIZES, THEME_COLORS } from "~/modules/admin/layout";
import type { MenuItem } from "~/modules/admin/menu-tree";
import type { TenantOption } from "~/modules/auth/tenants.server";
import { LanguageToggle } from "~/components/layout/LanguageToggle";

/**
 * The pieces of the admin-style layout (spec §2). Every control is a link or a form posting to
 * /system/layout, so all of it works without JavaScript; with JavaScript Remix submits them
 * without a page load, and the fullscreen button (JavaScript only) appears.
 */

function LayoutForm({ intent, back, children, className }: { intent: string; back: string; children: React.ReactNode; className?: string }) {
  return (
    <Form method="post" action="/system/layout" className={className ?? "inline-form"}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      {children}
    </Form>
  );
}

export function AdminSidebar({ items, open, showLogo, current }: { items: MenuItem[]; open: boolean; showLogo: boolean; current: string }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  return (
    <aside className="admin-sidebar" aria-label={t("layout.sidebar")} data-testid="admin-sidebar">
      {showLogo ? (
        <Link to="/system" className="admin-logo">
          <span aria-hidden="true" className="admin-logo-mark">
            ZZ
          </span>
          {open ? <span className="admin-logo-text">{tc("portalTitle")}</span> : <span className="visually-hidden">{tc("portalTitle")}</span>}
        </Link>
      ) : null}
      <nav aria-label={t("layout.sidebar")}>
        <SidebarItems items={items} current={current} />
      </nav>
    </aside>
  );
}

function SidebarItems({ items, current }: { items: MenuItem[]; current: string }) {
  return (
    <ul>
      {items.map((item) => {
        const active = !!item.href && (current === item.href || (item.href !== "/system" && current.startsWith(`${item.href}/`)));
        return (
          <li key={item.id}>
            {item.children.length ? (
              <>
                <span className="admin-sidebar-group">
                  <MenuIcon name={item.name} />
                  <span className="admin-sidebar-label">{item.title}</span>
                </span>
                <SidebarItems items={item.children} current={current} />
              </>
            ) : item.href ? (
              <Link to={item.href} aria-current={active ? "page" : undefined} title={item.title}>
                <MenuIcon name={item.name} />
                <span className="admin-sidebar-label">{item.title}</span>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

interface TopBarProps {
  back: string;
  settings: LayoutSettings;
  sidebarOpen: boolean;
  breadcrumb: { title: string; href: string | null }[];
  tenants: TenantOption[];
  user: { code: string; name: string; tenantId: number; isAdmin: boolean };
  size: string;
}

export function AdminTopBar({ back, settings, sidebarOpen, breadcrumb, tenants, user, size }: TopBarProps) {
  const { t } = useTranslation("admin");
  return (
    <header className="admin-topbar">
      <LayoutForm intent="sidebar" back={back} className="inline-form admin-toggle-desktop">
        <input type="hidden" name="open" value={sidebarOpen ? "0" : "1"} />
        <button type="submit" className="admin-icon-button" aria-pressed={sidebarOpen} data-testid="sidebar-toggle">
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{sidebarOpen ? t("layout.collapse") : t("layout.expand")}</span>
        </button>
      </LayoutForm>
      <Link
        to={back.includes("menu=1") ? back.replace(/[?&]menu=1/, "") : `${back}${back.includes("?") ? "&" : "?"}menu=1`}
        className="admin-icon-button admin-toggle-mobile"
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">{t("layout.menu")}</span>
      </Link>
      <nav aria-label={t("layout.breadcrumb")} className="admin-breadcrumb">
        <ol>
          <li>
            <Link to="/system">{t("layout.home")}</Link>
          </li>
          {breadcrumb
            .filter((b) => b.href !== "/system")
            .map((b, i, all) => (
              <li key={`${b.href}-${i}`} aria-current={i === all.length - 1 ? "page" : undefined}>
                {b.title}
              </li>
            ))}
        </ol>
      </nav>
      {/* below 992 px the tools fold into one menu beside the breadcrumb (decision 068); wider, the
          menu's content is always shown and its button hidden (admin.css) */}
      <details className="dropdown admin-tools-menu">
        <summary className="admin-icon-button" data-testid="tools-menu">
          <span aria-hidden="true">⋯</span>
          <span className="visually-hidden">{t("layout.tools")}</span>
        </summary>
        <div className="admin-topbar-tools">
          {tenants.length > 1 ? <CompanySwitcher tenants={tenants} currentId={user.tenantId} /> : null}
          {user.isAdmin ? (
            <Link to="/system/errorLog" className="admin-tool-link">
              {t("layout.errorLog")}
            </Link>
          ) : null}
          <FullscreenButton />
          <details className="dropdown admin-dropdown">
            <summary data-testid="size-menu">
              {t("layout.size")}: {t(`layout.sizes.${size}`)}
            </summary>
            <div className="dropdown-panel">
              <LayoutForm intent="size" back={back} className="admin-size-form">
                {SIZES.map((s) => (
                  <button key={s} type="submit" name="size" value={s} aria-pressed={s === size}>
                    {t(`layout.sizes.${s}`)}
                  </button>
                ))}
              </LayoutForm>
            </div>
          </details>
          <SettingsMenu settings={settings} back={back} />
          <LanguageToggle />
          <details className="dropdown admin-dropdown">
            <summary data-testid="user-menu">
              {user.name} <span className="code">{user.code}</span>
            </summary>
            <ul className="dropdown-panel">
              <li>
                <Link to="/system/profile">{t("layout.profile")}</Link>
              </li>
              <li>
                <Link to="/system">{t("layout.home")}</Link>
              </li>
              <li>
                <Form method="post" action="/logout">
                  <button type="submit" className="link-button">
                    {t("layout.logout")}
                  </button>
                </Form>
              </li>
            </ul>
          </details>
        </div>
      </details>
    </header>
  );
}

/** Fullscreen needs JavaScript: the button appears once it runs (spec §8 message where unsupported). */
function FullscreenButton() {
  const { t } = useTranslation("admin");
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      setMessage(t("layout.fullscreenUnsupported"));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  return (
    <>
      <button type="button" className="admin-icon-button admin-text-button" onClick={toggle} data-testid="fullscreen">
        {t("layout.fullscreen")}
      </button>
      {message ? (
        <span role="alert" className="admin-inline-alert">
          {message}
        </span>
      ) : null}
    </>
  );
}

export function TagsView({ tags, current, back }: { tags: { path: string; title: string; affix: boolean }[]; current: string; back: string }) {
  const { t } = useTranslation("admin");
  return (
    <nav className="admin-tags" aria-label={t("layout.tags")} data-testid="tags-view">
      <ul>
        {tags.map((tag) => (
          <li key={tag.path} className={tag.path === current ? "active" : undefined}>
            <Link to={tag.path} aria-current={tag.path === current ? "page" : undefined}>
              {tag.title}
            </Link>
            {tag.affix ? null : (
              <LayoutForm intent="closeTag" back={back}>
                <input type="hidden" name="path" value={tag.path} />
                <button type="submit" className="admin-tag-close" aria-label={t("layout.closeTag", { title: tag.title })}>
                  ×
                </button>
              </LayoutForm>
            )}
          </li>
        ))}
      </ul>
      <details className="dropdown admin-dropdown admin-tags-menu">
        <summary data-testid="tags-menu">{t("layout.tagActions")}</summary>
        <div className="dropdown-panel">
          <Link to={back} reloadDocument>
            {t("layout.refresh")}
          </Link>
          <LayoutForm intent="closeTag" back={back}>
            <input type="hidden" name="path" value={current} />
            <button type="submit">{t("layout.close")}</button>
          </LayoutForm>
          <LayoutForm intent="closeOthers" back={back}>
            <input type="hidden" name="path" value={current} />
            <button type="submit">{t("layout.closeOthers")}</button>
          </LayoutForm>
          <LayoutForm intent="closeAll" back={back}>
            <button type="submit">{t("layout.closeAll")}</button>
          </LayoutForm>
        </div>
      </details>
    </nav>
  );
}

type LayoutSettings = { themeColor: string; tagsView: boolean; fixedHeader: boolean; sidebarLogo: boolean };

/** The layout settings: a top-bar dropdown (it floated over the pages' amounts and inputs before). */
function SettingsMenu({ settings, back }: { settings: LayoutSettings; back: string }) {
  const { t } = useTranslation("admin");
  return (
    <details className="dropdown admin-dropdown admin-settings">
      <summary data-testid="settings-toggle">{t("settings.title")}</summary>
      <div className="dropdown-panel">
        <LayoutForm intent="settings" back={back} className="admin-settings-form">
          <fieldset>
            <legend>{t("settings.themeColor")}</legend>
            {THEME_COLORS.map((c) => (
              <label key={c} className="admin-swatch">
                <input type="radio" name="themeColor" value={c} defaultChecked={c === settings.themeColor} />
                <span style={{ background: c }} aria-hidden="true" />
                <span className="visually-hidden">{c}</span>
              </label>
            ))}
          </fieldset>
          {(["tagsView", "fixedHeader", "sidebarLogo"] as const).map((key) => (
            <label key={key} className="admin-check">
              <input type="checkbox" name={key} value="on" defaultChecked={settings[key]} />
              {t(`settings.${key}`)}
            </label>
          ))}
          <button type="submit" className="btn btn-primary">
            {t("settings.save")}
          </button>
        </LayoutForm>
      </div>
    </details>
  );
}
