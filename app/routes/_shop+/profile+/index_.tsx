import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Can } from "~/components/Can";
import { useTranslation } from "react-i18next";
import { BarChart } from "~/components/admin/BarChart";
import { AvatarForm, ContactForm } from "~/components/services/ProfileForms";
import { getDb } from "~/db/index.server";
import { toLanguage } from "~/i18n/config";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { getLanguage } from "~/i18n/i18n.server";
import { hasAvatar, monthlyOrderAmounts, recentProducts, updateContact } from "~/modules/services/profile.server";
import { readFormData } from "~/utils/form.server";
import { requireUser, isMaster } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid } from "~/utils/reply.server";
import servicesCss from "~/styles/services.css";
import { ContactSchema } from "./__profile.server";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.personalCentre");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: servicesCss }];
export const handle = { watermark: true, i18n: ["auth", "services"] };

/** The personal centre (spec §2 /profile/index): contact details and avatar, recently viewed products, 12 months of orders. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const lang = await getLanguage(request, user.language);
  const [avatarKey, recent, months] = await Promise.all([hasAvatar(db, user), recentProducts(db, user, lang), monthlyOrderAmounts(db, user)]);
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
      canSeePrice: user.canSeePrice,
    },
    // the key changes with each upload, so the browser never shows an old picture from its cache
    avatarKey: avatarKey ? avatarKey.slice(0, 8) : null,
    recent,
    months,
    currency: user.currency,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const submission = parseWithZod(await readFormData(request), { schema: ContactSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { ns: "auth" });
  await updateContact(db, user, submission.value);
  return redirectWithToast("/profile/index", "services:profile.saved");
}

export default function Profile() {
  const { account, avatarKey, recent, months, currency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("auth");
  const { t: ts } = useTranslation("services");
  const lang = toLanguage(i18n.language);
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const rows: [string, string][] = [
    [t("profile.code"), account.code],
    [t("profile.type"), account.master ? t("subAccount.master") : t("profile.subAccount")],
    [t("profile.customer"), `${account.customerName} (${account.customerCode})`],
    [t("profile.company"), `${account.tenantName} (${account.tenantCode})`],
  ];
  return (
    <div className="profile-page">
      <div className="profile-grid">
        <section className="card" aria-labelledby="profile-title">
          <div className="profile-head">
            {avatarKey ? (
              <img
                className="profile-avatar"
                src={`/profile/avatar?v=${avatarKey}`}
                alt={ts("profile.avatarAlt", { name: account.name })}
                width={72}
                height={72}
                data-testid="profile-avatar"
              />
            ) : (
              <span className="profile-avatar profile-avatar-empty" aria-hidden="true">
                {account.name.slice(0, 1)}
              </span>
            )}
            <h1 id="profile-title" className="auth-title">
              {t("profile.title")}
            </h1>
          </div>
          <dl className="facts" data-testid="profile-facts">
            {rows.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <ContactForm account={account} lastResult={actionData?.result} />
          <AvatarForm hasAvatar={!!avatarKey} />
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
            {account.master ? (
              <Can funcCode="feed:key:edit">
                <li>
                  <Link to="/profile/apiKeys">{ts("apiKeys.title")}</Link>
                </li>
              </Can>
            ) : null}
            <li>
              <Link to="/order/order">{t("profile.orders")}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <section className="card" aria-labelledby="profile-recent">
        <h2 id="profile-recent" className="section-title">
          {ts("profile.recent")}
        </h2>
        {recent.length ? (
          <ul className="profile-recent" data-testid="profile-recent">
            {recent.map((p) => (
              <li key={p.code}>
                <Link to={`/item?code=${encodeURIComponent(p.code)}`}>{p.code}</Link>
                <span className="profile-recent-name">{p.name}</span>
                <time dateTime={p.viewedAt}>{formatDateTime(p.viewedAt)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p data-testid="profile-recent-empty">
            {ts("profile.recentEmpty")} <Link to="/product">{ts("profile.browse")}</Link>
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="profile-orders" data-testid="profile-orders">
        <h2 id="profile-orders" className="section-title">
          {ts("profile.ordersChart")}
        </h2>
        <p className="profile-total">
          {ts("profile.ordersTotal", { orders: months.reduce((n, m) => n + m.orders, 0), amount: money(months.reduce((n, m) => n + m.amount, 0)) })}
        </p>
        <BarChart
          title={ts("profile.ordersChartTitle")}
          bars={months.map((m) => ({ label: m.month, value: m.amount }))}
          format={money}
          tableLabel={ts("profile.showNumbers")}
          columnLabel={ts("profile.month")}
          valueLabel={ts("profile.amount")}
        />
      </section>
    </div>
  );
}
