import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/index.server";
import { shopToday } from "~/i18n/format";
import { listSurveys } from "~/modules/support/survey.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.satisfactionSurveys");

/** The satisfaction surveys (decision 050): their periods, questions and responses. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "svc:survey:edit", db);
  return { surveys: await listSurveys(db), today: shopToday() };
}

export default function SurveyList() {
  const { surveys, today } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  return (
    <div className="admin-page">
      <div className="admin-page-head">
        <h1>{t("survey.adminTitle")}</h1>
        <Link className="btn" to="/system/survey/new" data-testid="survey-new">
          {t("survey.new")}
        </Link>
      </div>
      {surveys.length === 0 ? (
        <p className="admin-muted">{t("survey.empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("survey.table")}>
          <table className="data-table" data-testid="survey-table">
            <thead>
              <tr>
                <th scope="col">{t("survey.titleZh").replace(/（.*|\s*\(.*/, "")}</th>
                <th scope="col">{t("survey.startsOn")}</th>
                <th scope="col">{t("survey.endsOn")}</th>
                <th scope="col">{t("survey.status")}</th>
                <th scope="col" className="num">
                  {t("survey.questionCount")}
                </th>
                <th scope="col" className="num">
                  {t("survey.responses")}
                </th>
              </tr>
            </thead>
            <tbody>
              {surveys.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`/system/survey/${s.id}`}>{en ? s.title_en : s.title_zh}</Link>
                  </td>
                  <td>{s.starts_on}</td>
                  <td>{s.ends_on}</td>
                  <td>{s.starts_on > today ? t("survey.upcoming") : s.ends_on < today ? t("survey.ended") : t("survey.running")}</td>
                  <td className="num">{s.questions}</td>
                  <td className="num">{s.responses}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
