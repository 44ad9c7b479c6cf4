import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/index.server";
import { listUserTenants } from "~/modules/auth/tenants.server";
import { getLanguage } from "~/i18n/i18n.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.personalCentre");

/** The staff member's own account: who they are, their roles and company entities. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, null, db);
  const lang = await getLanguage(request, user.language);
  const roles = await db.selectFrom("role").select(["code", "name_zh", "name_en"]).where("code", "in", user.roles).execute();
  return {
    account: { code: user.code, name: user.name, email: user.email, mobile: user.mobile },
    roles: roles.map((r) => (lang === "en" ? r.name_en : r.name_zh)),
    tenants: (await listUserTenants(db, user.id, lang)).map((t) => `${t.name} (${t.code})`),
  };
}

export default function StaffProfile() {
  const { account, roles, tenants } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const rows: [string, string][] = [
    [t("profile.code"), account.code],
    [t("profile.name"), account.name],
    [t("profile.email"), account.email],
    [t("profile.mobile"), account.mobile],
    [t("profile.roles"), roles.join("、")],
    [t("profile.tenants"), tenants.join("、")],
  ];
  return (
    <div className="admin-page">
      <h1>{t("layout.profile")}</h1>
      <dl className="admin-details">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
