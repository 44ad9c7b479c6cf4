import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/index.server";
import { listAudit } from "~/modules/admin/audit.server";
import { inMaintenance } from "~/modules/admin/parameters.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "工作台", "Dashboard");

/** The back office's first page for every staff role: who is signed in, the shop's state, recent changes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, null, db);
  const count = async (table: "sales_order" | "menu" | "role") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const canAudit = user.funcCodes.has("sys:audit:view");
  return {
    name: user.name,
    maintenance: await inMaintenance(db),
    counts: { customers: Number((await db.selectFrom("customer").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "dealer").executeTakeFirstOrThrow()).n), orders: await count("sales_order"), menus: await count("menu"), roles: await count("role") },
    recent: canAudit ? (await listAudit(db, {}, 1)).rows.slice(0, 8) : null,
    canParams: user.funcCodes.has("sys:param:view"),
  };
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <div className="admin-page">
      <h1>{t("dashboard.welcome", { name: data.name })}</h1>
      <p data-testid="maintenance-state" className={data.maintenance ? "admin-status-on" : "admin-status-off"}>
        {data.maintenance ? t("param.maintenanceOn") : t("param.maintenanceOff")}
        {data.canParams ? (
          <>
            {" "}
            <Link to="/system/parameter">{t("dashboard.toParameters")}</Link>
          </>
        ) : null}
      </p>
      <ul className="admin-cards">
        {(["customers", "orders", "menus", "roles"] as const).map((k) => (
          <li key={k}>
            <strong>{data.counts[k]}</strong>
            {t(`dashboard.${k}`)}
          </li>
        ))}
      </ul>
      {data.recent ? (
        <>
          <h2>{t("dashboard.recent")}</h2>
          {data.recent.length === 0 ? (
            <p className="admin-muted">{t("dashboard.noChanges")}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t("audit.time")}</th>
                    <th scope="col">{t("audit.who")}</th>
                    <th scope="col">{t("audit.action")}</th>
                    <th scope="col">{t("audit.record")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.recent.map((r) => (
                    <tr key={r.id}>
                      <td>{r.created_at.replace("T", " ").slice(0, 19)}</td>
                      <td className="code">{r.user_code}</td>
                      <td>{r.action}</td>
                      <td>
                        {r.entity} #{r.entity_id}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
