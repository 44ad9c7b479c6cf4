import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/admin/FieldError";
import { FormError } from "~/components/auth/FormField";
import { FeedbackView } from "~/components/feedback/FeedbackView";
import { getDb } from "~/db/index.server";
import { getStaffFeedback, staffStep, type StaffActor } from "~/modules/feedback/feedback.server";
import { FEEDBACK_CONFLICTS, FEEDBACK_TEXT_MAX, nextFeedbackStatus } from "~/modules/feedback/status";
import { newSubmitToken } from "~/modules/orders/submit.server";
import feedbackCss from "~/styles/feedback.css";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { FeedbackIdParam, StaffStepSchema } from "./__feedback.server";

export const handle = { i18n: ["feedback"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: feedbackCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.afterSalesFeedback");

function idParam(value: string | undefined): number {
  const parsed = FeedbackIdParam.safeParse(value ?? "");
  if (!parsed.success) notFound();
  return parsed.data;
}

const actorOf = (s: { id: number; code: string; tenantId: number }): StaffActor => ({ id: s.id, code: s.code, tenantId: s.tenantId });

/** One dealer's feedback: what was filed, the conversation, and customer support's answer, request or closing (decision 049). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "svc:feedback:view", db);
  const id = idParam(params.id);
  const data = await notFoundWhenMissing(() => getStaffFeedback(db, actorOf(staff), id));
  const s = data.feedback.status;
  return {
    ...data,
    canEdit: staff.funcCodes.has("svc:feedback:edit"),
    can: { reply: nextFeedbackStatus(s, "reply") !== null, ask: nextFeedbackStatus(s, "ask") !== null, close: nextFeedbackStatus(s, "close") !== null },
    token: newSubmitToken(),
    textMax: FEEDBACK_TEXT_MAX,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "svc:feedback:edit", db);
  const id = idParam(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: StaffStepSchema });
  if (submission.status !== "success") {
    // another entity's feedback is a 404 even when the form is wrong
    await notFoundWhenMissing(() => getStaffFeedback(db, actorOf(staff), id));
    return replyInvalid(request, submission, { values: { max: FEEDBACK_TEXT_MAX } });
  }
  const v = submission.value;
  const r = await notFoundWhenMissing(() => staffStep(db, actorOf(staff), id, { token: v.token, event: v.intent, body: v.body }));
  // closed, or moved since the page was drawn: 409
  if (!r.ok) return replyWithError(request, submission, r.error, { status: FEEDBACK_CONFLICTS.has(r.error.key) ? 409 : 400 });
  return redirectWithToast(`/system/feedback/${r.value.id}`, `feedback:flash.${v.intent}`);
}

export default function FeedbackDetails() {
  const data = useLoaderData<typeof loader>();
  const [form, fields] = useForm({ id: "feedback-staff", lastResult: useActionData<typeof action>()?.result });
  const { t } = useTranslation("feedback");
  const bodyError = !!fields.body.errors?.length;
  const f = data.feedback;
  const anything = data.can.reply || data.can.ask || data.can.close;
  return (
    <div className="admin-page feedback-admin">
      <p>
        <Link to="/system/feedback">← {t("admin.back")}</Link>
      </p>
      <h1>{t("details.title", { id: f.id })}</h1>
      <FeedbackView data={data} showCustomer photoHref={(id) => `/system/feedbackPhoto/${id}`} />
      {!data.canEdit ? <p className="admin-muted">{t("admin.readOnly")}</p> : null}
      {data.canEdit && anything ? (
        <Form method="post" className="admin-form feedback-staff-form" aria-labelledby="fb-handle" data-testid="feedback-staff-form" {...getFormProps(form)}>
          <h2 id="fb-handle">{t("admin.handle")}</h2>
          <input type="hidden" name="token" value={data.token} />
          <FormError errors={form.errors} id={form.errorId} />
          <label className="field">
            <span>{t("admin.body")}</span>
            <textarea
              name={fields.body.name}
              rows={5}
              maxLength={data.textMax}
              defaultValue={typeof fields.body.initialValue === "string" ? fields.body.initialValue : ""}
              aria-describedby={bodyError ? `${fields.body.errorId} fb-body-hint` : "fb-body-hint"}
              aria-invalid={bodyError ? true : undefined}
              data-testid="feedback-reply-body"
            />
            <FieldError errors={fields.body.errors} id={fields.body.errorId} />
          </label>
          <p className="admin-muted" id="fb-body-hint">
            {t("admin.bodyHint")}
          </p>
          <div className="admin-form-actions">
            {data.can.reply ? (
              <button type="submit" name="intent" value="reply" className="btn" data-testid="feedback-reply">
                {t("admin.reply")}
              </button>
            ) : null}
            {data.can.ask ? (
              <button type="submit" name="intent" value="ask" className="btn btn-outline" data-testid="feedback-ask">
                {t("admin.ask")}
              </button>
            ) : null}
            {data.can.close ? (
              <button type="submit" name="intent" value="close" className="btn btn-outline" data-testid="feedback-close">
                {t("admin.close")}
              </button>
            ) : null}
          </div>
        </Form>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
