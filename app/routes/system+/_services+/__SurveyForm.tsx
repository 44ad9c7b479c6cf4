import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export interface SurveyFormValues {
  titleZh: string;
  titleEn: string;
  startsOn: string;
  endsOn: string;
  questions: { kind: string; textZh: string; textEn: string }[];
}

export const SURVEY_FORM_ROWS = 8;

/** The survey form of survey.new and survey.$id_.edit: eight question rows, empty ones are not saved (works without JavaScript). */
export function SurveyForm({ values, errors, back }: { values: SurveyFormValues | null; errors: string[]; back: string }) {
  const { t } = useTranslation("support");
  const rows = Array.from({ length: SURVEY_FORM_ROWS }, (_, i) => values?.questions[i] ?? { kind: "scale", textZh: "", textEn: "" });
  return (
    <>
      {errors.length ? (
        <p className="message message-error" role="alert" data-testid="survey-form-error">
          {t(errors[0])}
        </p>
      ) : null}
      <Form method="post" className="admin-form survey-admin-form" noValidate>
        <label>
          {t("survey.titleZh")}
          <input name="titleZh" defaultValue={values?.titleZh} required maxLength={200} />
        </label>
        <label>
          {t("survey.titleEn")}
          <input name="titleEn" defaultValue={values?.titleEn} required maxLength={200} />
        </label>
        <div className="survey-admin-dates">
          <label>
            {t("survey.startsOn")}
            <input type="date" name="startsOn" defaultValue={values?.startsOn} required />
          </label>
          <label>
            {t("survey.endsOn")}
            <input type="date" name="endsOn" defaultValue={values?.endsOn} required />
          </label>
        </div>
        <h2>{t("survey.questions")}</h2>
        <p className="admin-muted">{t("survey.questionsHint")}</p>
        {rows.map((q, i) => (
          <fieldset key={i} className="survey-admin-question">
            <legend>{t("survey.questionN", { n: i + 1 })}</legend>
            <label>
              {t("survey.kind")}
              <select name={`questions[${i}].kind`} defaultValue={q.kind}>
                <option value="scale">{t("survey.kindScale")}</option>
                <option value="text">{t("survey.kindText")}</option>
              </select>
            </label>
            <label>
              {t("survey.textZh")}
              <input name={`questions[${i}].textZh`} defaultValue={q.textZh} maxLength={300} />
            </label>
            <label>
              {t("survey.textEn")}
              <input name={`questions[${i}].textEn`} defaultValue={q.textEn} maxLength={300} />
            </label>
          </fieldset>
        ))}
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("survey.submitSave")}
          </button>
          <Link className="btn btn-outline" to={back}>
            {t("request.cancel")}
          </Link>
        </div>
      </Form>
    </>
  );
}

/** What the user typed (conform's initialValue), back into the form after a refusal. */
export function formValues(v: Record<string, unknown>): SurveyFormValues {
  const s = (x: unknown) => (typeof x === "string" ? x : "");
  const qs = Array.isArray(v.questions) ? (v.questions as Record<string, unknown>[]) : [];
  return {
    titleZh: s(v.titleZh),
    titleEn: s(v.titleEn),
    startsOn: s(v.startsOn),
    endsOn: s(v.endsOn),
    questions: qs.map((q) => ({ kind: s(q?.kind) || "scale", textZh: s(q?.textZh), textEn: s(q?.textEn) })),
  };
}
