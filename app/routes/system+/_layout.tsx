import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { AdminSidebar, AdminTopBar, TagsView } from "~/components/admin/AdminShell";
import { getDb } from "~/db/index.server";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";
import { breadcrumbFor, type MenuItem } from "~/modules/admin/menu-tree";
import { menuTree } from "~/modules/admin/menus.server";
import { getStaffSettings } from "~/modules/admin/settings.server";
import { listUserTenants } from "~/modules/auth/tenants.server";
import { getSiteConfig } from "~/modules/site/site.server";
import { readLayoutState, tagsCookie, withTag } from "~/utils/admin-layout.server";
import { Toast } from "~/components/Toast";
import { useDismissDropdowns } from "~/components/useDismissDropdowns";
import { readToast } from "~/utils/cookies.server";
import { requireStaff } from "~/utils/guard.server";
import adminStyles from "~/styles/admin.css";

export const handle = { i18n: ["admin", "auth"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/** The breadcrumb and the tags follow the page: read again on every navigation, not only on a change of params. */
export const shouldRevalidate = () => true;

const titleOf = (tree: MenuItem[], path: string) => breadcrumbFor(tree, path).at(-1)?.title ?? path;

/**
 * The admin-style layout around every back-office page (spec §2, decision 042): the sidebar from
 * the user's permitted menu tree, the top bar, the tags view and the settings panel. Its state
 * lives in cookies and per-user settings, changed by plain forms (/system/layout).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, null, db);
  const lang = await getLanguage(request, user.language);
  const url = new URL(request.url);
  const [sidebar, settings, tenants, layout, flash] = await Promise.all([
    menuTree(db, { area: "admin", roles: user.roles, lang }),
    getStaffSettings(db, user.id),
    listUserTenants(db, user.id, lang),
    readLayoutState(request),
    readToast(request),
  ]);
  const headers = new Headers({ "Cache-Control": "no-store" });
  const tags = withTag(layout.tags, url.pathname);
  if (tags) headers.append("Set-Cookie", await tagsCookie.serialize(tags));
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  const openTags = tags ?? layout.tags;
  const affixed = sidebar.filter((i) => i.affix && i.href).map((i) => i.href as string);
  return json(
    {
      user: { code: user.code, name: user.name, tenantId: user.tenantId, isAdmin: user.roles.includes("admin") },
      sidebar,
      breadcrumb: breadcrumbFor(sidebar, url.pathname).map((i) => ({ title: i.title, href: i.href })),
      tenants,
      layout: { sidebarOpen: layout.sidebarOpen, size: layout.size, mobileMenu: url.searchParams.get("menu") === "1" },
      tags: [...affixed, ...openTags.filter((t) => !affixed.includes(t))].map((path) => ({
        path,
        title: titleOf(sidebar, path),
        affix: affixed.includes(path),
      })),
      settings,
      testEnvironment: getSiteConfig().testEnvironment,
      flash: flash.toast && { ...flash.toast, text: getFixedT(lang)(flash.toast.key, flash.toast.values ?? {}) as string },
    },
    { headers },
  );
}

export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  const location = useLocation();
  const back = location.pathname + location.search;
  // the top bar's and the tags' dropdowns close on Escape, a click outside and a navigation
  const ref = useRef<HTMLDivElement>(null);
  useDismissDropdowns(ref);
  return (
    <div
      ref={ref}
      className="admin"
      data-sidebar={data.layout.sidebarOpen ? "open" : "closed"}
      data-mobile-menu={data.layout.mobileMenu ? "open" : undefined}
      data-size={data.layout.size}
      data-fixed-header={data.settings.fixedHeader ? "1" : undefined}
      style={{ "--admin-theme": data.settings.themeColor } as React.CSSProperties}
    >
      <a href="#main" className="skip-link" data-testid="skip-link">
        {tc("skipToContent")}
      </a>
      <AdminSidebar items={data.sidebar} open={data.layout.sidebarOpen} showLogo={data.settings.sidebarLogo} current={location.pathname} />
      <div className="admin-body">
        {data.testEnvironment ? (
          <p className="admin-test-banner" role="note">
            {t("layout.testEnvironment")}
          </p>
        ) : null}
        <AdminTopBar
          back={back}
          settings={data.settings}
          sidebarOpen={data.layout.sidebarOpen}
          breadcrumb={data.breadcrumb}
          tenants={data.tenants}
          user={data.user}
          size={data.layout.size}
        />
        {data.settings.tagsView ? <TagsView tags={data.tags} current={location.pathname} back={back} /> : null}
        <main id="main" tabIndex={-1} className="admin-main">
          <Toast toast={data.flash} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export { AdminLayoutErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
