import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { FEEDBACK_PAGE_SIZE, listDealerFeedback } from "~/modules/feedback/feedback.server";
import feedbackCss from "~/styles/feedback.css";
import ordersCss from "~/styles/orders.css";
import { requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { TableQuerySchema } from "./__feedback.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["feedback"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: feedbackCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.myFeedback");

/** The customer's after-sales feedback with its status, newest change first (decision 049). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = TableQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { total, rows } = await listDealerFeedback(getDb(), { id: user.id, code: user.code, customerId: user.customerId, tenantId: user.tenantId }, q.page);
  return { total, rows, page: q.page, pageSize: FEEDBACK_PAGE_SIZE };
}

export default function AskAfterSalesTable() {
  const { total, rows, page, pageSize } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("feedback");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <div className="feedback-page">
      <Trail
        items={[
          { to: "/afterSalesService", label: t("common:menu.afterSalesService") },
          { to: "/afterSalesService/askAfterSales", label: t("title") },
          { label: t("myFeedback") },
        ]}
      />
      <div className="page-head">
        <h1 className="page-title">{t("myFeedback")}</h1>
        <Link className="btn" to="/afterSalesService/askAfterSales">
          {t("newFeedback")}
        </Link>
      </div>
      <p className="result-count">{t("list.count", { total })}</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("list.caption")}>
        <table className="data-table" data-testid="feedback-table">
          <caption className="visually-hidden">{t("list.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("field.id")}</th>
              <th scope="col">{t("field.orderNo")}</th>
              <th scope="col">{t("field.item")}</th>
              <th scope="col">{t("field.type")}</th>
              <th scope="col">{t("field.status")}</th>
              <th scope="col">{t("field.createdAt")}</th>
              <th scope="col">{t("field.updatedAt")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="feedback-row" data-status={r.status}>
                <td>
                  <Link to={`/afterSalesService/askAfterSalesDetails?id=${r.id}`}>#{r.id}</Link>
                </td>
                <td className="code">{r.order_no}</td>
                <td className="fb-nowrap">{r.line_no ? t("details.line", { lineNo: r.line_no, code: r.ordering_code }) : t("form.wholeOrder")}</td>
                <td className="fb-nowrap">{t(`type.${r.type}`)}</td>
                <td>
                  <span className={`fb-status fb-status-${r.status}`}>{t(`status.${r.status}`)}</span>
                </td>
                <td>{formatDateTime(r.created_at)}</td>
                <td>{formatDateTime(r.updated_at)}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7}>{t("list.empty")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={total} pageSize={pageSize} />
    </div>
  );
}
