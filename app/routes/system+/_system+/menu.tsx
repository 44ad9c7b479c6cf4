import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import type { MenuRow } from "~/modules/admin/menu-tree";
import { listMenuRows } from "~/modules/admin/menus.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.menus");

/** The menu tree of one area (shop or back office), depth-first, for /system/menu (spec §7 /basemenu). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:menu:view", db);
  const area = new URL(request.url).searchParams.get("area") === "admin" ? "admin" : "shop";
  const rows = (await listMenuRows(db)).filter((r) => r.area === area);
  const ordered: (MenuRow & { depth: number })[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const r of rows.filter((x) => x.parent_id === parent)) {
      ordered.push({ ...r, depth });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return { area, rows: ordered };
}

export default function MenuList() {
  const { area, rows } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const titleOf = (r: { title_zh: string; title_en: string }) => (i18n.language === "en" ? r.title_en : r.title_zh);
  return (
    <div className="admin-page">
      <h1>{t("menu.title")}</h1>
      <div className="admin-toolbar">
        <nav className="tabs" aria-label={t("menu.area")}>
          {(["shop", "admin"] as const).map((a) => (
            <Link key={a} to={`?area=${a}`} aria-current={a === area ? "page" : undefined}>
              {t(`menu.areas.${a}`)}
            </Link>
          ))}
        </nav>
        <Can funcCode="sys:menu:edit">
          <Link className="btn" to={`/system/menu/new?area=${area}`}>
            {t("menu.addTop")}
          </Link>
        </Can>
      </div>
      <TableScroll label={t("menu.title")}>
        <table className="data-table" data-testid="menu-table">
          <thead>
            <tr>
              <th scope="col">{t("menu.titleZh")}</th>
              <th scope="col">{t("menu.titleEn")}</th>
              <th scope="col">{t("menu.type")}</th>
              <th scope="col">{t("menu.hrefOrCode")}</th>
              <th scope="col" className="num">
                {t("menu.sort")}
              </th>
              <th scope="col">{t("menu.flags")}</th>
              <th scope="col">{t("common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-name={r.name}>
                <td style={{ paddingLeft: 10 + r.depth * 20 }}>{r.title_zh}</td>
                <td>{r.title_en}</td>
                <td>{t(`menu.types.${r.type === "func" ? "func" : "menu"}`)}</td>
                <td className="code">{r.type === "func" ? r.func_code : (r.href ?? t("menu.configured"))}</td>
                <td className="num">{r.sort}</td>
                <td>
                  {[r.hidden ? t("menu.hidden") : null, r.zh_only ? t("menu.zhOnly") : null, r.affix ? t("menu.affix") : null].filter(Boolean).join(" · ")}
                </td>
                <td>
                  <Can funcCode="sys:menu:edit">
                    <Link to={`/system/menu/${r.id}`} aria-label={t("menu.editNamed", { name: titleOf(r) })}>
                      {t("common.edit")}
                    </Link>
                    {r.type === "menu" ? (
                      <>
                        {" · "}
                        <Link to={`/system/menu/new?area=${area}&parent=${r.id}`} aria-label={t("menu.addChildNamed", { name: titleOf(r) })}>
                          {t("menu.addChild")}
                        </Link>
                      </>
                    ) : null}
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
