import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminInput, AdminSelect } from "~/components/admin/AdminField";
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
  const rows = Array.from({ length: SURVEY_FORM_ROWS }, (_, i) => values?.questions[i] ?? { kind: "scale", textZh: "", textEn: "" });
  return (
    <>
      <FormError errors={form.errors} id={form.errorId} />
      <Form method="post" className="admin-form survey-admin-form" {...getFormProps(form)} noValidate>
        <AdminInput label={t("survey.titleZh")} name="titleZh" defaultValue={values?.titleZh} required maxLength={200} errors={form.allErrors.titleZh} />
        <AdminInput label={t("survey.titleEn")} name="titleEn" defaultValue={values?.titleEn} required maxLength={200} errors={form.allErrors.titleEn} />
        <div className="survey-admin-dates">
          <AdminInput label={t("survey.startsOn")} name="startsOn" type="date" defaultValue={values?.startsOn} required errors={form.allErrors.startsOn} />
          <AdminInput label={t("survey.endsOn")} name="endsOn" type="date" defaultValue={values?.endsOn} required errors={form.allErrors.endsOn} />
        </div>
        <h2>{t("survey.questions")}</h2>
        <p className="admin-muted">{t("survey.questionsHint")}</p>
        {rows.map((q, i) => (
          <fieldset key={i} className="survey-admin-question">
            <legend>{t("survey.questionN", { n: i + 1 })}</legend>
            <AdminSelect
              id={`survey-q${i}-kind`}
              label={t("survey.kind")}
              name={`questions[${i}].kind`}
              defaultValue={q.kind}
              options={[
                { value: "scale", label: t("survey.kindScale") },
                { value: "text", label: t("survey.kindText") },
              ]}
            />
            <AdminInput
              id={`survey-q${i}-textZh`}
              label={t("survey.textZh")}
              name={`questions[${i}].textZh`}
              defaultValue={q.textZh}
              maxLength={300}
              errors={form.allErrors[`questions[${i}].textZh`]}
            />
            <AdminInput
              id={`survey-q${i}-textEn`}
              label={t("survey.textEn")}
              name={`questions[${i}].textEn`}
              defaultValue={q.textEn}
              maxLength={300}
              errors={form.allErrors[`questions[${i}].textEn`]}
            />
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
