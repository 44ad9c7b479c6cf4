import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { listRoles } from "~/modules/admin/roles.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.roles");

/** Roles with their customer flag and number of users (spec §7 /baserole). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:role:view", db);
  return { roles: await listRoles(db) };
}

export default function RoleList() {
  const { roles } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  return (
    <div className="admin-page">
      <h1>{t("role.title")}</h1>
      <Can funcCode="sys:role:edit">
        <p className="admin-toolbar">
          <Link className="btn" to="/system/role/new">
            {t("role.add")}
          </Link>
        </p>
      </Can>
      <TableScroll label={t("role.title")}>
        <table className="data-table" data-testid="role-table">
          <thead>
            <tr>
              <th scope="col">{t("role.code")}</th>
              <th scope="col">{t("role.name")}</th>
              <th scope="col">{t("role.isCustomer")}</th>
              <th scope="col" className="num">
                {t("role.users")}
              </th>
              <th scope="col">{t("common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {roles.map((r) => (
              <tr key={r.id}>
                <td className="code">{r.code}</td>
                <td>{i18n.language === "en" ? r.name_en : r.name_zh}</td>
                <td>{r.is_customer ? t("role.customerRole") : t("role.staffRole")}</td>
                <td className="num">{Number(r.users)}</td>
                <td>
                  <Can funcCode="sys:role:edit">
                    <Link to={`/system/role/${r.id}`} aria-label={t("role.editNamed", { name: r.code })}>
                      {t("common.edit")}
                    </Link>
                  </Can>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
