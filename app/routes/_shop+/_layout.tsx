import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useMatches } from "@remix-run/react";
import { MainMenu } from "~/components/layout/MainMenu";
import { renderMegaMenu } from "~/components/layout/mega-menu.server";
import { ShopFooter } from "~/components/layout/ShopFooter";
import { ShopHeader } from "~/components/layout/ShopHeader";
import { getDb } from "~/db/index.server";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";
import { getOptionalSessionUser } from "~/utils/session.server";
import { Toast } from "~/components/Toast";
import { readToast } from "~/utils/cookies.server";
import { listUserTenants, type TenantOption } from "~/modules/auth/tenants.server";
import { watermarkBackground } from "~/modules/auth/watermark.server";
import { countCartLines } from "~/modules/cart/count.server";
import { getCatalogueMenu } from "~/modules/catalogue/menu.server";
import { getUnreadNotices } from "~/modules/notices/notices.server";
import { getSiteConfig, menuLinks } from "~/modules/site/site.server";
import { menuTree, shopRoles } from "~/modules/admin/menus.server";
import { withoutDealerOnlyPages } from "~/modules/site/dealer-pages";
import { useDelegatedNavigation } from "~/components/useDelegatedNavigation";

export const handle = { i18n: ["auth", "bidding"] };

/** The shop layout (header, main menu with the product mega-menu, footer) around every shop page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const sessionUser = await getOptionalSessionUser(request);
  // a staff member on the public pages: a visitor's menu without the pages only a dealer opens (403 for staff)
  const staff = !!sessionUser?.isStaff;
  const user = staff ? null : sessionUser;
  const lang = await getLanguage(request, user?.language);
  const site = getSiteConfig();
  const [catalogue, shopMenu, cartCount, notices, tenants] = await Promise.all([
    getCatalogueMenu(db, lang),
    menuTree(db, { area: "shop", roles: shopRoles(user?.roles ?? null), lang, links: menuLinks(site.links) }),
    user ? countCartLines(db, user) : 0,
    user ? getUnreadNotices(db, user.id, lang) : { count: 0, latest: [] as { id: number; title: string }[] },
    user ? listUserTenants(db, user.id, lang) : ([] as TenantOption[]),
  ]);
  const menu = staff ? withoutDealerOnlyPages(shopMenu) : shopMenu;
  // sign-in issue: one-shot message (company switch, saved forms) and the watermark
  const flash = await readToast(request);
  return json(
    {
      megaMenuHtml: renderMegaMenu(catalogue, getFixedT(lang, "common")("menu.allProducts")),
      site,
      header: {
        user: user && {
          code: user.code,
          name: user.name,
          tenantName: lang === "en" ? user.tenantNameEn : user.tenantName,
          tenantCode: user.tenantCode,
          tenantId: user.tenantId,
          master: user.masterUserId === null,
        },
        tenants,
        cartCount,
        unreadCount: notices.count,
        testEnvironment: site.testEnvironment,
        showLanguageToggle: true,
        staff,
      },
      notices: notices.latest,
      menu,
      // the toast in the page's language (its namespace need not be loaded in the browser)
      flash: flash.toast && { ...flash.toast, text: getFixedT(lang)(flash.toast.key, flash.toast.values ?? {}) as string },
      flashPath: new URL(request.url).pathname,
      watermark: user ? watermarkBackground([user.code, user.tenantCode]) : null,
    },
    flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

export default function ShopLayout() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  // Links inside the shop are plain <a data-nav> (a Remix <Link> runs a dozen hooks on the
  // server): one handler here navigates them in the app once JavaScript runs.
  const onNavClick = useDelegatedNavigation();
  // Routes flagged with handle = { watermark: true } get the account + company watermark (spec §2).
  const watermarked = useMatches().some((m) => (m.handle as { watermark?: boolean } | undefined)?.watermark);
  return (
    <div className="shop" onClick={onNavClick}>
      {watermarked && data.watermark ? (
        <div className="watermark" aria-hidden="true" data-testid="watermark" style={{ backgroundImage: data.watermark }} />
      ) : null}
      <ShopHeader {...data.header} />
      <div className="menu-bar">
        <div className="container">
          <MainMenu megaMenuHtml={data.megaMenuHtml} items={data.menu} />
        </div>
      </div>
      <main id="main" tabIndex={-1} className="container shop-main">
        <Toast toast={data.flashPath === location.pathname ? data.flash : null} />
        <Outlet />
      </main>
      <ShopFooter hotline={data.site.hotline} contactEmail={data.site.contactEmail} notices={data.notices} signedIn={!!data.header.user} menu={data.menu} />
    </div>
  );
}
