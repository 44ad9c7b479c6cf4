import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/admin/FieldError";
import { FormError } from "~/components/auth/FormField";

export interface SurveyFormValues {
  titleZh: string;
  titleEn: string;
  startsOn: string;
  endsOn: string;
  questions: { kind: string; textZh: string; textEn: string }[];
}

export const SURVEY_FORM_ROWS = 8;

/** The survey form of survey.new and survey.$id_.edit: eight question rows, empty ones are not saved (works without JavaScript). */
export function SurveyForm({ values, lastResult, back }: { values: SurveyFormValues | null; lastResult?: SubmissionResult<string[]>; back: string }) {
  const { t } = useTranslation("support");
  const [form] = useForm({ id: "survey", lastResult });
  // a field's error under it, the input marked invalid and described by it
  const error = (name: string) => {
    const errors = form.allErrors[name];
    const id = `survey-${name.replace(/[^a-zA-Z0-9]/g, "-")}-error`;
    return {
      input: errors?.length ? { "aria-invalid": true, "aria-describedby": id } : {},
      text: <FieldError errors={errors} id={id} />,
    };
  };
  const rows = Array.from({ length: SURVEY_FORM_ROWS }, (_, i) => values?.questions[i] ?? { kind: "scale", textZh: "", textEn: "" });
  return (
    <>
      <FormError errors={form.errors} id={form.errorId} />
      <Form method="post" className="admin-form survey-admin-form" {...getFormProps(form)} noValidate>
        <label>
          {t("survey.titleZh")}
          <input name="titleZh" defaultValue={values?.titleZh} required maxLength={200} {...error("titleZh").input} />
          {error("titleZh").text}
        </label>
        <label>
          {t("survey.titleEn")}
          <input name="titleEn" defaultValue={values?.titleEn} required maxLength={200} {...error("titleEn").input} />
          {error("titleEn").text}
        </label>
        <div className="survey-admin-dates">
          <label>
            {t("survey.startsOn")}
            <input type="date" name="startsOn" defaultValue={values?.startsOn} required {...error("startsOn").input} />
            {error("startsOn").text}
          </label>
          <label>
            {t("survey.endsOn")}
            <input type="date" name="endsOn" defaultValue={values?.endsOn} required {...error("endsOn").input} />
            {error("endsOn").text}
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
              <input name={`questions[${i}].textZh`} defaultValue={q.textZh} maxLength={300} {...error(`questions[${i}].textZh`).input} />
              {error(`questions[${i}].textZh`).text}
            </label>
            <label>
              {t("survey.textEn")}
              <input name={`questions[${i}].textEn`} defaultValue={q.textEn} maxLength={300} {...error(`questions[${i}].textEn`).input} />
              {error(`questions[${i}].textEn`).text}
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
