import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formValues, SurveyForm } from "./__SurveyForm";
import { SurveySchema } from "./__survey.server";
import { getDb } from "~/db/index.server";
import { saveSurvey } from "~/modules/support/survey.server";
import { readFormData } from "~/utils/form.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.newSurvey");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "svc:survey:edit");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:survey:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: SurveySchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const result = await saveSurvey(db, { id: user.id, code: user.code, tenantId: user.tenantId }, null, submission.value);
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`/system/survey/${result.value.id}`, "support:survey.saved");
}

export default function SurveyNew() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("support");
  const initial = actionData?.result.initialValue as Record<string, unknown> | undefined;
  return (
    <div className="admin-page">
      <h1>{t("survey.new")}</h1>
      <SurveyForm values={initial ? formValues(initial) : null} lastResult={actionData?.result} back="/system/survey" />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
