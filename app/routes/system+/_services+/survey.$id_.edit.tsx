import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formValues, SurveyForm } from "./__SurveyForm";
import { SurveySchema } from "./__survey.server";
import { getDb } from "~/db/index.server";
import { getSurvey, saveSurvey } from "~/modules/support/survey.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editTheSurvey");

const surveyId = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : notFound());

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "svc:survey:edit", db);
  const s = await notFoundWhenMissing(() => getSurvey(db, surveyId(params.id)));
  return {
    id: s.id,
    values: {
      titleZh: s.title_zh,
      titleEn: s.title_en,
      startsOn: s.starts_on,
      endsOn: s.ends_on,
      questions: s.questions.map((q) => ({ kind: q.kind, textZh: q.text_zh, textEn: q.text_en })),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:survey:edit", db);
  const id = surveyId(params.id);
  await notFoundWhenMissing(() => getSurvey(db, id));
  const submission = parseWithZod(await readFormData(request), { schema: SurveySchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const result = await notFoundWhenMissing(() => saveSurvey(db, { id: user.id, code: user.code, tenantId: user.tenantId }, id, submission.value));
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`/system/survey/${id}`, "support:survey.saved");
}

export default function SurveyEdit() {
  const { id, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("support");
  const initial = actionData?.result.initialValue as Record<string, unknown> | undefined;
  return (
    <div className="admin-page">
      <h1>{t("survey.editNamed", { title: i18n.language === "en" ? values.titleEn : values.titleZh })}</h1>
      <SurveyForm
        key={actionData ? "again" : "saved"}
        values={initial ? formValues(initial) : values}
        lastResult={actionData?.result}
        back={`/system/survey/${id}`}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
