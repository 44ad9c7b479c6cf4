import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/index.server";
import { answerSurvey, currentSurvey, hasAnswered } from "~/modules/support/survey.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { AnswerSchema } from "./afterSalesService.schemas.server";

export const handle = { i18n: ["support"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.satisfactionSurvey");

/**
 * The satisfaction survey (spec §2 /afterSalesService/satisfication, decision 050): the current
 * questionnaire, answered once per account per survey period.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const survey = await currentSurvey(db);
  if (!survey) return { survey: null, answered: false };
  return {
    survey: {
      id: survey.id,
      titleZh: survey.title_zh,
      titleEn: survey.title_en,
      startsOn: survey.starts_on,
      endsOn: survey.ends_on,
      questions: survey.questions.map((q) => ({ id: q.id, kind: q.kind, textZh: q.text_zh, textEn: q.text_en })),
    },
    answered: await hasAnswered(db, survey.id, user.id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const submission = parseWithZod(await readFormData(request), { schema: AnswerSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const answers = Object.fromEntries(submission.value.answers.map((a) => [a.id, { score: a.score ?? null, text: a.text ?? null }]));
  const result = await notFoundWhenMissing(() => answerSurvey(db, user, submission.value.surveyId, answers));
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast("/afterSalesService/satisfication", "support:survey.thanks");
}

export default function Satisfication() {
  const { survey, answered } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  // the reply's texts are in the user's language already (reply.server)
  const firstError = Object.values(actionData?.result.error ?? {}).flat()[0];
  return (
    <section className="survey-page">
      <h1 className="auth-title">{survey ? (en ? survey.titleEn : survey.titleZh) : t("survey.title")}</h1>
      {firstError ? (
        <p className="message message-error" role="alert" data-testid="survey-error">
          {firstError}
        </p>
      ) : null}
      {!survey ? (
        <p className="card empty-note" data-testid="survey-none">
          {t("survey.none")}
        </p>
      ) : answered ? (
        <p className="card empty-note" data-testid="survey-answered">
          {t("survey.answered")}
        </p>
      ) : (
        <>
          <p className="survey-period">{t("survey.period", { from: survey.startsOn, to: survey.endsOn })}</p>
          <p>{t("survey.intro")}</p>
          <Form method="post" className="survey-form card" data-testid="survey-form">
            <input type="hidden" name="surveyId" value={survey.id} />
            {survey.questions.map((q, i) => (
              <div key={q.id} className="survey-question">
                <input type="hidden" name={`answers[${i}].id`} value={q.id} />
                {q.kind === "scale" ? (
                  <fieldset>
                    <legend>
                      {i + 1}. {en ? q.textEn : q.textZh}
                    </legend>
                    <div className="survey-scale">
                      <span className="survey-scale-end" aria-hidden="true">
                        {t("survey.scoreLow")}
                      </span>
                      {[1, 2, 3, 4, 5].map((n) => (
                        <label key={n} className="survey-score">
                          <input type="radio" name={`answers[${i}].score`} value={n} required />
                          <span>{t("survey.score", { n })}</span>
                        </label>
                      ))}
                      <span className="survey-scale-end" aria-hidden="true">
                        {t("survey.scoreHigh")}
                      </span>
                    </div>
                  </fieldset>
                ) : (
                  <label className="survey-text">
                    <span>
                      {i + 1}. {en ? q.textEn : q.textZh} {t("survey.optional")}
                    </span>
                    <textarea name={`answers[${i}].text`} rows={3} maxLength={2000} />
                  </label>
                )}
              </div>
            ))}
            <button type="submit" className="btn btn-lg">
              {t("survey.submit")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
