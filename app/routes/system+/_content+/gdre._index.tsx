import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StateTag } from "~/components/bidding/StateTag";

import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { biddingState, listAdminBiddings } from "~/modules/bidding/bidding.server";
import { BIDDING_STATUSES } from "~/modules/bidding/state";
import biddingCss from "~/styles/bidding.css";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { BiddingAdminFilterSchema } from "./__bidding.server";
import { AdminListPage, FilterSelect, type Column } from "~/components/admin/AdminList";

export const handle = { i18n: ["adminContent", "bidding"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: biddingCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.rareEarthBidding");

/** The tenders of /gdre, drafts included (decision 053; cms:gdre:view). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "cms:gdre:view", db);
  const filter = BiddingAdminFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = filter.page ?? 1;
  const { rows, total, pageSize } = await listAdminBiddings(db, { status: filter.status, page });
  const now = new Date();
  return {
    rows: rows.map((r) => ({ ...r, state: biddingState(r.opensAt, r.closesAt, now) })),
    total,
    status: filter.status ?? null,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export default function BiddingAdminList() {
  const { rows, total, status, page, pages } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("bidding");
  const { t: tc } = useTranslation("adminContent");
  const en = i18n.language === "en";
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("titleCol"), cell: (r) => (en ? r.titleEn : r.titleZh) },
    { header: t("number"), code: true, cell: (r) => r.biddingNo },
    {
      header: t("admin.status"),
      cell: (r) => <span className={r.status === "published" ? "admin-badge-live" : "admin-badge-draft"}>{t(`admin.statuses.${r.status}`)}</span>,
    },
    { header: t("state"), cell: (r) => <StateTag state={r.state} /> },
    { header: t("closesAt"), cell: (r) => <time dateTime={r.closesAt}>{formatDateTime(r.closesAt)}</time> },
    {
      header: t("admin.actions"),
      cell: (r) => (
        <span className="admin-actions">
          <Can funcCode="cms:gdre:edit">
            <Link to={`/system/gdre/${r.id}`} aria-label={t("admin.editNamed", { title: en ? r.titleEn : r.titleZh })}>
              {tc("common.edit")}
            </Link>
          </Can>
          {r.status === "published" ? <Link to={`/gdre/${r.id}`}>{t("admin.view")}</Link> : null}
        </span>
      ),
    },
  ];
  return (
    <AdminListPage
      title={t("admin.title")}
      actions={
        <Can funcCode="cms:gdre:edit">
          <Link className="btn" to="/system/gdre/new" data-testid="bidding-new">
            {t("admin.new")}
          </Link>
        </Can>
      }
      filterLabel={t("apply")}
      filters={
        <FilterSelect
          name="status"
          label={t("admin.status")}
          value={status}
          all={t("all")}
          options={BIDDING_STATUSES.map((s) => ({ value: s, label: t(`admin.statuses.${s}`) }))}
        />
      }
      countText={t("admin.total", { count: total })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={() => ({ "data-testid": "bidding-admin-row" })}
      tableTestId="bidding-admin-table"
      page={page}
      pages={pages}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
