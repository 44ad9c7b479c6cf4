import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DB } from "~/db/db.server";
import { TableScroll } from "~/components/TableScroll";
import { getDb } from "~/db/index.server";
import { BarChart } from "~/components/admin/BarChart";
import { toLanguage } from "~/i18n/config";
import { AuditObject, useAuditText } from "~/components/admin/AuditText";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { listAudit, readAudit } from "~/modules/admin/audit.server";
import { deskCounts, ordersPerDay, recentJobs, topProducts } from "~/modules/admin/dashboard.server";
import { inMaintenance } from "~/modules/admin/parameters.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin", "adminUsers"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.dashboard");

/** The dashboard's counts, each with the list it opens and the function code that list needs. */
const COUNTS = [
  { key: "customers", table: "customer", funcCode: "cus:customer:view", to: "/system/customer" },
  { key: "orders", table: "sales_order", funcCode: "ord:order:view", to: "/system/orders" },
  { key: "menus", table: "menu", funcCode: "sys:menu:view", to: "/system/menu" },
  { key: "roles", table: "role", funcCode: "sys:role:view", to: "/system/role" },
] as const;

const countDealers = async (db: DB) =>
  Number(
    (
      await db
        .selectFrom("customer")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("kind", "=", "dealer")
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * The back office's first page for every staff role: who is signed in, the shop's state, recent
 * changes; for the order desk and administrators (dash:sales:view) the sales of the company
 * entity they work in, drawn on the server.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, null, db);
  const count = async (table: "sales_order" | "menu" | "role" | "customer") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const canAudit = user.funcCodes.has("sys:audit:view");
  const tenantId = user.tenantId;
  const sales =
    user.funcCodes.has("dash:sales:view") && tenantId !== null
      ? await (async () => {
          const [days, desk, top, jobs, tenant] = await Promise.all([
            ordersPerDay(db, tenantId),
            deskCounts(db, tenantId),
            topProducts(db, tenantId),
            recentJobs(db, tenantId),
            db.selectFrom("tenant").select(["code", "currency", "show_name_zh", "show_name_en"]).where("id", "=", tenantId).executeTakeFirstOrThrow(),
          ]);
          return { days, desk, top, jobs, tenant };
        })()
      : null;
  return {
    sales,
    name: user.name,
    maintenance: await inMaintenance(db),
    // each count only for whom may open its list: menus and roles are the administrators' business
    counts: await Promise.all(
      COUNTS.filter((c) => user.funcCodes.has(c.funcCode)).map(async (c) => ({
        key: c.key,
        to: c.to,
        n: c.key === "customers" ? await countDealers(db) : await count(c.table),
      })),
    ),
    recent: canAudit ? await readAudit(db, (await listAudit(db, {}, 1, 8)).rows) : null,
    canParams: user.funcCodes.has("sys:param:view"),
  };
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const lang = toLanguage(i18n.language);
  const audit = useAuditText();
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
      {data.counts.length ? (
        <ul className="admin-cards">
          {data.counts.map((c) => (
            <li key={c.key}>
              <Link to={c.to}>
                <strong>{c.n}</strong>
                {t(`dashboard.${c.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {data.sales ? <SalesDashboard sales={data.sales} lang={lang} /> : null}
      {data.recent ? (
        <>
          <h2>{t("dashboard.recent")}</h2>
          {data.recent.length === 0 ? (
            <p className="admin-muted">{t("dashboard.noChanges")}</p>
          ) : (
            <TableScroll label={t("dashboard.recent")}>
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
                      <td>{formatDateTime(r.at)}</td>
                      <td>
                        {r.userName ? `${r.userName} ` : null}
                        <span className="code">{r.userCode}</span>
                      </td>
                      <td>{audit.action(r)}</td>
                      <td>
                        <AuditObject entry={r} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      ) : null}
    </div>
  );
}

type Sales = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["sales"]>;

function SalesDashboard({ sales, lang }: { sales: Sales; lang: "zh" | "en" }) {
  const { t } = useTranslation("admin");
  const money = (minor: number) => formatMoney(minor, sales.tenant.currency, lang);
  const totalOrders = sales.days.reduce((n, d) => n + d.orders, 0);
  const totalAmount = sales.days.reduce((n, d) => n + d.amount, 0);
  return (
    <section aria-labelledby="sales-title" data-testid="sales-dashboard">
      <h2 id="sales-title">
        {t("dashboard.sales.title", { entity: lang === "en" ? sales.tenant.show_name_en : sales.tenant.show_name_zh, days: sales.days.length })}
      </h2>
      <ul className="admin-cards">
        <li>
          <strong data-testid="dash-waiting">{sales.desk.toBeConfirmed}</strong>
          {t("dashboard.sales.toBeConfirmed")}
        </li>
        <li>
          <strong data-testid="dash-open-deliveries">{sales.desk.openDeliveries}</strong>
          {t("dashboard.sales.openDeliveries")}
        </li>
        <li>
          <strong data-testid="dash-orders">{totalOrders}</strong>
          {t("dashboard.sales.orders")}
        </li>
        <li>
          <strong>{money(totalAmount)}</strong>
          {t("dashboard.sales.amount")}
        </li>
      </ul>
      <div className="admin-charts">
        <BarChart
          title={t("dashboard.sales.ordersPerDay")}
          bars={sales.days.map((d) => ({ label: d.day, value: d.orders }))}
          format={(v) => String(Math.round(v))}
          labelEvery={15}
          tableLabel={t("dashboard.sales.showNumbers")}
          columnLabel={t("dashboard.sales.day")}
          valueLabel={t("dashboard.sales.orders")}
        />
        <BarChart
          title={t("dashboard.sales.amountPerDay")}
          bars={sales.days.map((d) => ({ label: d.day, value: d.amount }))}
          format={money}
          labelEvery={15}
          tableLabel={t("dashboard.sales.showNumbers")}
          columnLabel={t("dashboard.sales.day")}
          valueLabel={t("dashboard.sales.amount")}
        />
      </div>
      <h3>{t("dashboard.sales.topProducts")}</h3>
      {sales.top.length === 0 ? (
        <p className="admin-muted">{t("dashboard.sales.none")}</p>
      ) : (
        <TableScroll label={t("dashboard.sales.topProducts")}>
          <table className="data-table" data-testid="dash-top-products">
            <thead>
              <tr>
                <th scope="col">{t("dashboard.sales.code")}</th>
                <th scope="col">{t("dashboard.sales.name")}</th>
                <th scope="col" className="num">
                  {t("dashboard.sales.qty")}
                </th>
                <th scope="col" className="num">
                  {t("dashboard.sales.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {sales.top.map((p) => (
                <tr key={p.ordering_code}>
                  <td className="code">{p.ordering_code}</td>
                  <td>{lang === "en" ? p.name_en : p.name_zh}</td>
                  <td className="num">{p.qty}</td>
                  <td className="num">{money(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h3>{t("dashboard.sales.jobs")}</h3>
      {sales.jobs.length === 0 ? (
        <p className="admin-muted">{t("dashboard.sales.noJobs")}</p>
      ) : (
        <ul className="admin-job-list">
          {sales.jobs.map((j) => (
            <li key={`${j.kind}-${j.id}`}>
              {t(`dashboard.sales.jobKinds.${j.kind}`, { defaultValue: j.kind })} #{j.id} ·{" "}
              {t(`dashboard.sales.jobStatus.${j.status}`, { defaultValue: j.status })} · {j.done}/{j.total} · {formatDateTime(j.created_at)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
