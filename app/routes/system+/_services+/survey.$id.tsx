import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BarChart } from "~/components/admin/BarChart";
import { getDb } from "~/db/index.server";
import { surveyResults } from "~/modules/support/survey.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { formatDate } from "~/i18n/format";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.surveyResults");

/** A survey's results (decision 050): responses, per rating question its average (a server-drawn chart) and scores, the written answers. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "svc:survey:edit", db);
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : notFound();
  const r = await notFoundWhenMissing(() => surveyResults(db, id));
  return {
    survey: { id: r.survey.id, titleZh: r.survey.title_zh, titleEn: r.survey.title_en, startsOn: r.survey.starts_on, endsOn: r.survey.ends_on },
    responses: r.responses,
    questions: r.questions,
  };
}

export default function SurveyResults() {
  const { survey, responses, questions } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  const title = en ? survey.titleEn : survey.titleZh;
  const scale = questions.map((q, i) => ({ ...q, n: i + 1 })).filter((q) => q.kind === "scale");
  const texts = questions.map((q, i) => ({ ...q, n: i + 1 })).filter((q) => q.kind === "text");
  return (
    <div className="admin-page">
      <div className="admin-page-head">
        <h1>{t("survey.resultsNamed", { title })}</h1>
        <Link className="btn btn-outline" to={`/system/survey/${survey.id}/edit`}>
          {t("survey.edit")}
        </Link>
      </div>
      <p className="admin-muted">
        {t("survey.period", { from: survey.startsOn, to: survey.endsOn })} ·{" "}
        <span data-testid="survey-responses">{t("survey.responsesCount", { count: responses })}</span>
      </p>
      {scale.length ? (
        <BarChart
          title={t("survey.averageChart")}
          bars={scale.map((q) => ({ label: `Q${q.n} ${en ? q.textEn : q.textZh}`, value: q.average ?? 0 }))}
          format={(v) => v.toFixed(2)}
          axisLabel={(l) => l.split(" ")[0]}
          max={5}
          tableLabel={t("survey.showNumbers")}
          columnLabel={t("survey.question")}
          valueLabel={t("survey.average")}
        />
      ) : null}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("survey.resultsTable")}>
        <table className="data-table" data-testid="survey-results">
          <caption className="visually-hidden">{t("survey.resultsTable")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("survey.question")}</th>
              <th scope="col" className="num">
                {t("survey.average")}
              </th>
              <th scope="col" className="num">
                {t("survey.answeredCount")}
              </th>
              {[1, 2, 3, 4, 5].map((s) => (
                <th key={s} scope="col" className="num">
                  {t("survey.score", { n: s })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {scale.map((q) => (
              <tr key={q.id} data-testid="survey-result-row">
                <th scope="row">
                  Q{q.n} {en ? q.textEn : q.textZh}
                </th>
                <td className="num">{q.average === null ? t("survey.noScore") : q.average.toFixed(2)}</td>
                <td className="num">{q.answered}</td>
                {q.counts.map((c, i) => (
                  <td key={i} className="num">
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {texts.map((q) => (
        <section key={q.id} className="survey-texts">
          <h2>
            Q{q.n} {en ? q.textEn : q.textZh}
          </h2>
          {q.texts.length === 0 ? (
            <p className="admin-muted">{t("survey.noTexts")}</p>
          ) : (
            <ul>
              {q.texts.map((x, i) => (
                <li key={i}>
                  <span className="admin-muted">{formatDate(x.at)}</span> {x.text}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
