import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { PromotionFilterSchema } from "./__promotionEdit.server";
import { AdminPager } from "~/components/admin/AdminPager";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { listAdminPromotions, PROMOTION_PAGE_SIZE } from "~/modules/promotions/admin.server";
import { PROMOTION_KINDS } from "~/modules/promotions/rules";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminContent"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.promotions");

/** The promotions of the staff member's company entity (spec §7 /commodityPromotionSettings). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "pro:promotion:view", db);
  const filter = PromotionFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total } = await listAdminPromotions(db, { tenantId: user.tenantId, kind: filter.kind, state: filter.state, page: filter.page });
  return { rows, total, filter, pages: Math.max(1, Math.ceil(total / PROMOTION_PAGE_SIZE)), page: filter.page ?? 1 };
}

export default function PromotionList() {
  const { rows, total, filter, pages, page } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("adminContent");
  const en = i18n.language === "en";
  return (
    <div className="admin-page">
      <h1>{t("promo.title")}</h1>
      <Form method="get" className="admin-toolbar" aria-label={t("common.filter")}>
        <label>
          {t("promo.kind")}
          <select name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">{t("common.all")}</option>
            {PROMOTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`promo.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("promo.state")}
          <select name="state" defaultValue={filter.state ?? ""}>
            <option value="">{t("common.all")}</option>
            {(["active", "upcoming", "ended"] as const).map((s) => (
              <option key={s} value={s}>
                {t(`promo.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline">
          {t("common.filter")}
        </button>
        <Can funcCode="pro:promotion:edit">
          <Link className="btn" to="/system/promotion/new" data-testid="promotion-new">
            {t("promo.new")}
          </Link>
        </Can>
      </Form>
      <p className="admin-muted">{t("common.total", { count: total })}</p>
      <TableScroll label={t("promo.title")}>
        <table className="data-table" data-testid="promotion-table">
          <thead>
            <tr>
              <th scope="col">{t("promo.kind")}</th>
              <th scope="col">{t("promo.titleCol")}</th>
              <th scope="col">{t("promo.startsAt")}</th>
              <th scope="col">{t("promo.endsAt")}</th>
              <th scope="col">{t("promo.state")}</th>
              <th scope="col">{t("promo.itemCount")}</th>
              <th scope="col">{t("common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <span className={`tag tag-${r.kind}`}>{t(`promo.kinds.${r.kind}`)}</span>
                </td>
                <td>{en ? r.titleEn : r.titleZh}</td>
                <td>
                  <time dateTime={r.startsAt}>{formatDateTime(r.startsAt)}</time>
                </td>
                <td>
                  <time dateTime={r.endsAt}>{formatDateTime(r.endsAt)}</time>
                </td>
                <td>{t(`promo.states.${r.state}`)}</td>
                <td>{r.itemCount}</td>
                <td>
                  <Can funcCode="pro:promotion:edit">
                    <Link to={`/system/promotion/${r.id}`} aria-label={t("promo.editNamed", { title: en ? r.titleEn : r.titleZh })}>
                      {t("common.edit")}
                    </Link>
                  </Can>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <AdminPager page={page} pages={pages} keep={{ kind: filter.kind, state: filter.state }} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
