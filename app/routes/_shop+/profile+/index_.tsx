import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser, isMaster } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "个人中心", "Personal centre");
export const handle = { watermark: true };

/** The personal centre (spec §2 /profile/index): account facts and links to the account pages. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    account: {
      code: user.code,
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      customerName: user.customerName,
      customerCode: user.customerCode,
      tenantName: user.tenantName,
      tenantCode: user.tenantCode,
      master: isMaster(user),
      roles: user.roles,
    },
  };
}

export default function Profile() {
  const { account } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const rows: [string, string][] = [
    [t("profile.code"), account.code],
    [t("profile.name"), account.name],
    [t("profile.type"), account.master ? t("subAccount.master") : t("profile.subAccount")],
    [t("profile.customer"), `${account.customerName} (${account.customerCode})`],
    [t("profile.company"), `${account.tenantName} (${account.tenantCode})`],
    [t("profile.email"), account.email || "—"],
    [t("profile.mobile"), account.mobile || "—"],
  ];
  return (
    <div className="profile-grid">
      <section className="card" aria-labelledby="profile-title">
        <h1 id="profile-title" className="auth-title">
          {t("profile.title")}
        </h1>
        <dl className="facts" data-testid="profile-facts">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <nav className="card" aria-labelledby="profile-links">
        <h2 id="profile-links" className="section-title">
          {t("profile.links")}
        </h2>
        <ul className="card-links profile-links">
          <li>
            <Link to="/order/resetPwd">{t("changePassword.title")}</Link>
          </li>
          <li>
            <Link to="/order/addressManage">{t("address.title")}</Link>
          </li>
          {account.master ? (
            <li>
              <Link to="/order/subAccount">{t("subAccount.title")}</Link>
            </li>
          ) : null}
          <li>
            <Link to="/order/order">{t("profile.orders")}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
