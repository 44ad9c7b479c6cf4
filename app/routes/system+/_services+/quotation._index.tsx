import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { QuoteStatus } from "~/components/quotation/QuoteDetails";
import { QuoteFilterSchema } from "./__quotationAdmin.server";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { isExpired, listStaffQuotations } from "~/modules/quotation/requests.server";
import { QUOTE_STATUSES } from "~/modules/quotation/status";
import quotationCss from "~/styles/quotation.css";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["quotation"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: quotationCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.toolQuotations");

/** The entity's customized tool quotation requests (decision 051): those waiting for a quote by default. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:quote:view", db);
  const filter = QuoteFilterSchema.parse({ status: new URL(request.url).searchParams.get("status") ?? "submitted" });
  const rows = await listStaffQuotations(db, { id: user.id, code: user.code, tenantId: user.tenantId }, { status: filter.status || undefined });
  return { filter, rows: rows.map((r) => ({ ...r, expired: isExpired(r) })) };
}

export default function Quotations() {
  const { filter, rows } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("quotation");
  const en = i18n.language === "en";
  return (
    <div className="admin-page">
      <h1>{t("staff.listTitle")}</h1>
      <Can funcCode="svc:quoteType:edit">
        <p>
          <Link to="/system/quotationToolType">{t("types.manage")}</Link>
        </p>
      </Can>
      <Form method="get" className="admin-toolbar" data-testid="quote-filter">
        <label>
          {t("staff.filterStatus")}
          <select name="status" defaultValue={filter.status}>
            <option value="">{t("staff.all")}</option>
            {QUOTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statusLabel.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline">
          {t("staff.filter")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="admin-muted">{t("staff.empty")}</p>
      ) : (
        <TableScroll label={t("staff.listTitle")}>
          <table className="data-table" data-testid="quote-table">
            <thead>
              <tr>
                <th scope="col">{t("quoteNo")}</th>
                <th scope="col">{t("customer")}</th>
                <th scope="col">{t("type")}</th>
                <th scope="col" className="num">
                  {t("staff.requested")}
                </th>
                <th scope="col">{t("createdAt")}</th>
                <th scope="col">{t("status")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/system/quotation/${r.id}`}>{r.quote_no}</Link>
                  </td>
                  <td>
                    {r.customer_code} {en ? r.customer_name_en : r.customer_name_zh}
                  </td>
                  <td>{en ? r.type_en : r.type_zh}</td>
                  <td className="num">{r.qty}</td>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>
                    <QuoteStatus status={r.status} expired={r.expired} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
