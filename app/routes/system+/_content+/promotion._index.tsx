import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { PromotionFilterSchema } from "./__promotionEdit.server";

import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { listAdminPromotions, PROMOTION_PAGE_SIZE } from "~/modules/promotions/admin.server";
import { PROMOTION_KINDS } from "~/modules/promotions/rules";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { AdminListPage, FilterSelect, type Column } from "~/components/admin/AdminList";

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
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("promo.kind"), cell: (r) => <span className={`tag tag-${r.kind}`}>{t(`promo.kinds.${r.kind}`)}</span> },
    { header: t("promo.titleCol"), cell: (r) => (en ? r.titleEn : r.titleZh) },
    { header: t("promo.startsAt"), cell: (r) => <time dateTime={r.startsAt}>{formatDateTime(r.startsAt)}</time> },
    { header: t("promo.endsAt"), cell: (r) => <time dateTime={r.endsAt}>{formatDateTime(r.endsAt)}</time> },
    { header: t("promo.state"), cell: (r) => t(`promo.states.${r.state}`) },
    { header: t("promo.itemCount"), numeric: true, cell: (r) => r.itemCount },
    {
      header: t("common.actions"),
      cell: (r) => (
        <Can funcCode="pro:promotion:edit">
          <Link to={`/system/promotion/${r.id}`} aria-label={t("promo.editNamed", { title: en ? r.titleEn : r.titleZh })}>
            {t("common.edit")}
          </Link>
        </Can>
      ),
    },
  ];
  return (
    <AdminListPage
      title={t("promo.title")}
      actions={
        <Can funcCode="pro:promotion:edit">
          <Link className="btn" to="/system/promotion/new" data-testid="promotion-new">
            {t("promo.new")}
          </Link>
        </Can>
      }
      filterLabel={t("common.filter")}
      filters={
        <>
          <FilterSelect
            name="kind"
            label={t("promo.kind")}
            value={filter.kind}
            all={t("common.all")}
            options={PROMOTION_KINDS.map((k) => ({ value: k, label: t(`promo.kinds.${k}`) }))}
          />
          <FilterSelect
            name="state"
            label={t("promo.state")}
            value={filter.state}
            all={t("common.all")}
            options={(["active", "upcoming", "ended"] as const).map((s) => ({ value: s, label: t(`promo.states.${s}`) }))}
          />
        </>
      }
      countText={t("common.total", { count: total })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      tableTestId="promotion-table"
      page={page}
      pages={pages}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
