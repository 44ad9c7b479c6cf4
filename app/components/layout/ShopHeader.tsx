import { Form } from "@remix-run/react";
import { useRef } from "react";
import { useHasPermission } from "~/components/Can";
import { useDismissDropdowns } from "~/components/useDismissDropdowns";
import { BrandLink } from "./BrandLink";
import type { SessionUser } from "~/modules/auth/sessions.server";
import { badgeCount } from "~/i18n/format";
import { LanguageToggle } from "./LanguageToggle";
import { SearchBox } from "./SearchBox";
import { CompanySwitcher } from "~/components/auth/CompanySwitcher";
import type { TenantOption } from "~/modules/auth/tenants.server";
import { useCachedT } from "~/i18n/useCachedT";

/** The signed-in dealer as the header shows him; `master`: a master account (only it manages sub-accounts). */
type HeaderUser = Pick<SessionUser, "code" | "name" | "tenantName" | "tenantCode" | "tenantId"> & { master: boolean };

export interface HeaderData {
  user: HeaderUser | null;
  tenants?: TenantOption[];
  cartCount: number;
  unreadCount: number;
  testEnvironment: boolean;
  showLanguageToggle: boolean;
  /** a staff session: no dealer links (cart, orders answer 403 to staff); the way back to the back office */
  staff?: boolean;
}

/** Welcome line, language toggle, account and cart links, search (spec §2 "Shop layout"). */
export function ShopHeader({ user, tenants = [], cartCount, unreadCount, testEnvironment, showLanguageToggle, staff = false }: HeaderData) {
  const t = useCachedT("common");
  // the header's dropdowns (<details class="dropdown">) close on Escape too
  const ref = useRef<HTMLElement>(null);
  useDismissDropdowns(ref);
  return (
    <header className="shop-header" ref={ref}>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <div className="topbar">
        <div className="container topbar-inner">
          <p className="welcome" data-testid="welcome">
            {user ? t("welcome", { company: user.tenantName }) : t("welcomeGuest")}
            {testEnvironment ? <span className="test-marker">{t("testEnvironment")}</span> : null}
          </p>
          <div className="topbar-actions">
            {user && tenants.length > 1 ? <CompanySwitcher tenants={tenants} currentId={user.tenantId} /> : null}
            {showLanguageToggle ? <LanguageToggle /> : null}
            {user ? (
              <>
                <AccountMenu code={user.code} master={user.master} unreadCount={unreadCount} />
                <Form method="post" action="/logout" className="inline-form">
                  <button type="submit" className="topbar-button">
                    {t("logout")}
                  </button>
                </Form>
              </>
            ) : staff ? (
              <a href="/system" className="topbar-link" data-testid="back-office-link">
                {t("backOffice")}
              </a>
            ) : (
              <a data-nav href="/shop_login" className="topbar-link">
                {t("login")}
              </a>
            )}
          </div>
        </div>
      </div>
      <div className="container masthead">
        <BrandLink />
        <SearchBox />
        {staff ? null : (
          <div className="masthead-links">
            <a data-nav href="/shopCart" className="masthead-link" data-testid="cart-link">
              {t("cart")}
              {cartCount > 0 ? <span className="badge">{badgeCount(cartCount)}</span> : null}
            </a>
            <a data-nav href="/order/order" className="masthead-link">
              {t("orders")}
            </a>
          </div>
        )}
      </div>
    </header>
  );
}

/**
 * The account menu (issue 29 item 1): the account code with the unread badge opens the dealer's own
 * pages — messages (with the unread count), favourites, orders, addresses, sub-accounts (master
 * accounts only), the personal centre and the feed's API keys (master accounts with its function code).
 * A `<details class="dropdown">`, so it opens without
 * JavaScript; with JavaScript it also closes on Escape and on a click outside (useDismissDropdowns).
 */
function AccountMenu({ code, master, unreadCount }: { code: string; master: boolean; unreadCount: number }) {
  const mayKeepKeys = useHasPermission("feed:key:edit");
  const t = useCachedT("common");
  const links: [string, string][] = [
    ["/order/myCollect", t("titles.myFavourites")],
    ["/order/order", t("titles.myOrders")],
    ["/order/addressManage", t("titles.shippingAddresses")],
    ...(master ? ([["/order/subAccount", t("titles.subAccounts")]] as [string, string][]) : []),
    ["/profile/index", t("titles.personalCentre")],
    ...(master && mayKeepKeys ? ([["/profile/apiKeys", t("titles.apiKeys")]] as [string, string][]) : []),
  ];
  return (
    <details className="dropdown account-menu" data-testid="account-menu">
      <summary className="topbar-link" data-testid="account-link">
        {/* on a phone only the code shows; the word stays for screen readers */}
        <span className="account-word">{t("account")} </span>
        {code}
        <UnreadBadge n={unreadCount} />
      </summary>
      <ul className="dropdown-panel account-panel" aria-label={t("accountMenu.label")}>
        <li>
          <a data-nav href="/order/myMessage" data-testid="account-messages">
            {t("titles.messages")}
            <UnreadBadge n={unreadCount} />
          </a>
        </li>
        {links.map(([href, label]) => (
          <li key={href}>
            <a data-nav href={href}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The unread count (capped at 99, spec §9) as a badge; a screen reader hears "3 unread messages". */
function UnreadBadge({ n }: { n: number }) {
  const t = useCachedT("common");
  if (n <= 0) return null;
  return (
    <span className="badge">
      <span aria-hidden="true">{badgeCount(n)}</span>
      <span className="visually-hidden">{t("accountMenu.unread", { n })}</span>
    </span>
  );
}
