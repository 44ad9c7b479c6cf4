import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StateTag } from "~/components/bidding/StateTag";
import { AdminPager } from "~/components/admin/AdminPager";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { biddingState, listAdminBiddings } from "~/modules/bidding/bidding.server";
import { BIDDING_STATUSES } from "~/modules/bidding/state";
import biddingCss from "~/styles/bidding.css";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { BiddingAdminFilterSchema } from "./__bidding.server";

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
  return (
    <div className="admin-page">
      <h1>{t("admin.title")}</h1>
      <Form method="get" className="admin-toolbar">
        <label>
          {t("admin.status")}
          <select name="status" defaultValue={status ?? ""}>
            <option value="">{t("all")}</option>
            {BIDDING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline">
          {t("apply")}
        </button>
        <Can funcCode="cms:gdre:edit">
          <Link className="btn" to="/system/gdre/new" data-testid="bidding-new">
            {t("admin.new")}
          </Link>
        </Can>
      </Form>
      <p className="admin-muted">{t("admin.total", { count: total })}</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("admin.tableLabel")}>
        <table className="data-table" data-testid="bidding-admin-table">
          <thead>
            <tr>
              <th scope="col">{t("titleCol")}</th>
              <th scope="col">{t("number")}</th>
              <th scope="col">{t("admin.status")}</th>
              <th scope="col">{t("state")}</th>
              <th scope="col">{t("closesAt")}</th>
              <th scope="col">{t("admin.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="bidding-admin-row">
                <td>{en ? r.titleEn : r.titleZh}</td>
                <td className="code">{r.biddingNo}</td>
                <td>
                  <span className={r.status === "published" ? "admin-badge-live" : "admin-badge-draft"}>{t(`admin.statuses.${r.status}`)}</span>
                </td>
                <td>
                  <StateTag state={r.state} />
                </td>
                <td>
                  <time dateTime={r.closesAt}>{formatDateTime(r.closesAt)}</time>
                </td>
                <td className="admin-actions">
                  <Can funcCode="cms:gdre:edit">
                    <Link to={`/system/gdre/${r.id}`} aria-label={t("admin.editNamed", { title: en ? r.titleEn : r.titleZh })}>
                      {tc("common.edit")}
                    </Link>
                  </Can>
                  {r.status === "published" ? <Link to={`/gdre/${r.id}`}>{t("admin.view")}</Link> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPager page={page} pages={pages} keep={{ status }} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
