import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { MainMenu } from "~/components/layout/MainMenu";
import { ShopFooter } from "~/components/layout/ShopFooter";
import { ShopHeader } from "~/components/layout/ShopHeader";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalSessionUser } from "~/modules/auth/session.server";
import { countCartLines } from "~/modules/cart/count.server";
import { getCatalogueMenu } from "~/modules/catalogue/menu.server";
import { getUnreadNotices } from "~/modules/notices/notices.server";
import { getSiteConfig } from "~/modules/site/site.server";

/** The shop layout (header, main menu with the product mega-menu, footer) around every shop page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await getOptionalSessionUser(request);
  const lang = await getLanguage(request, user?.language);
  const [catalogue, cartCount, notices] = await Promise.all([
    getCatalogueMenu(db, lang),
    user ? countCartLines(db, user) : 0,
    user ? getUnreadNotices(db, user.id, lang) : { count: 0, latest: [] as { id: number; title: string }[] },
  ]);
  const site = getSiteConfig();
  return {
    catalogue,
    site,
    header: {
      user: user && { code: user.code, name: user.name, tenantName: user.tenantName, tenantCode: user.tenantCode },
      cartCount,
      unreadCount: notices.count,
      testEnvironment: site.testEnvironment,
      showLanguageToggle: true,
    },
    notices: notices.latest,
    showCustomerSupport: !!user?.roles.some((r) => r === "customer_support" || r === "customer_master"),
  };
}

export default function ShopLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="shop">
      <ShopHeader {...data.header} />
      <div className="menu-bar">
        <div className="container">
          <MainMenu catalogue={data.catalogue} links={data.site.links} showCustomerSupport={data.showCustomerSupport} />
        </div>
      </div>
      <main id="main" className="container shop-main">
        <Outlet />
      </main>
      <ShopFooter
        hotline={data.site.hotline}
        contactEmail={data.site.contactEmail}
        notices={data.notices}
        signedIn={!!data.header.user}
      />
    </div>
  );
}
