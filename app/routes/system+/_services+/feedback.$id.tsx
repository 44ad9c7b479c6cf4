import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FeedbackView } from "~/components/feedback/FeedbackView";
import { getDb } from "~/db/index.server";
import { getStaffFeedback, staffStep, type StaffActor } from "~/modules/feedback/feedback.server";
import { FEEDBACK_TEXT_MAX, nextFeedbackStatus } from "~/modules/feedback/status";
import { newSubmitToken } from "~/modules/orders/submit.server";
import feedbackCss from "~/styles/feedback.css";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/reply.server";
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

type Reply = { error: string; params?: Record<string, string | number>; body?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "svc:feedback:edit", db);
  const id = idParam(params.id);
  const form = await readFormData(request);
  const body = typeof form.get("body") === "string" ? String(form.get("body")) : "";
  const submission = parseWithZod(form, { schema: StaffStepSchema });
  if (submission.status !== "success") {
    await notFoundWhenMissing(() => getStaffFeedback(db, actorOf(staff), id));
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "feedback:error.form";
    return json({ error: first.startsWith("feedback:") ? first : "feedback:error.form", params: { max: FEEDBACK_TEXT_MAX }, body } satisfies Reply, {
      status: 400,
    });
  }
  const v = submission.value;
  const r = await staffStep(db, actorOf(staff), id, { token: v.token, event: v.intent, body: v.body });
  if (!r.ok) {
    if (r.status === 404) notFound();
    return json({ error: r.error, params: r.values, body } satisfies Reply, { status: r.status });
  }
  return redirectWithToast(`/system/feedback/${r.id}`, `feedback:flash.${v.intent}`);
}

export default function FeedbackDetails() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const { t } = useTranslation("feedback");
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
        <Form method="post" className="admin-form feedback-staff-form" aria-labelledby="fb-handle" data-testid="feedback-staff-form">
          <h2 id="fb-handle">{t("admin.handle")}</h2>
          <input type="hidden" name="token" value={data.token} />
          {reply?.error ? (
            <p className="message message-error" role="alert" id="body-error" data-testid="error">
              {t(reply.error, reply.params)}
            </p>
          ) : null}
          <label className="field">
            <span>{t("admin.body")}</span>
            <textarea
              name="body"
              rows={5}
              maxLength={data.textMax}
              defaultValue={reply?.body ?? ""}
              aria-describedby={reply?.error ? "body-error fb-body-hint" : "fb-body-hint"}
              aria-invalid={reply?.error ? true : undefined}
              data-testid="feedback-reply-body"
            />
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
