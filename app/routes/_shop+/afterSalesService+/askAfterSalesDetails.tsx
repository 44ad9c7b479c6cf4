import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { FeedbackView } from "~/components/feedback/FeedbackView";
import { getDb } from "~/db/index.server";
import { addDealerMessage, getDealerFeedback } from "~/modules/feedback/feedback.server";
import { FEEDBACK_CONFLICTS, FEEDBACK_TEXT_MAX, nextFeedbackStatus } from "~/modules/feedback/status";
import { newSubmitToken } from "~/modules/orders/submit.server";
import feedbackCss from "~/styles/feedback.css";
import ordersCss from "~/styles/orders.css";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { DetailsQuerySchema, MessageSchema } from "./__feedback.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["feedback"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: feedbackCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.feedbackDetails");

const dealerOf = (u: { id: number; code: string; customerId: number; tenantId: number }) => ({
  id: u.id,
  code: u.code,
  customerId: u.customerId,
  tenantId: u.tenantId,
});

function query(request: Request) {
  const q = DetailsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!q.success) notFound();
  return q.data;
}

/** One feedback of the customer and its conversation (decision 049); `updateId` marks one update. Anyone else's is 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = query(request);
  const data = await notFoundWhenMissing(() => getDealerFeedback(getDb(), dealerOf(user), q.id));
  return {
    ...data,
    current: q.updateId ?? null,
    canWrite: nextFeedbackStatus(data.feedback.status, "message") !== null,
    token: newSubmitToken(),
    textMax: FEEDBACK_TEXT_MAX,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const q = query(request);
  const submission = parseWithZod(await readFormData(request), { schema: MessageSchema });
  if (submission.status !== "success") {
    // the page's own token is not readable: still a 404 for anyone else's feedback
    await notFoundWhenMissing(() => getDealerFeedback(getDb(), dealerOf(user), q.id));
    return replyInvalid(request, submission, { values: { max: FEEDBACK_TEXT_MAX } });
  }
  const r = await notFoundWhenMissing(() => addDealerMessage(getDb(), dealerOf(user), q.id, submission.value));
  // closed, or moved since the page was drawn: 409
  if (!r.ok) return replyWithError(request, submission, r.error, { status: FEEDBACK_CONFLICTS.has(r.error.key) ? 409 : 400 });
  return redirectWithToast(`/afterSalesService/askAfterSalesDetails?id=${r.value.id}`, "feedback:flash.sent");
}

export default function AskAfterSalesDetails() {
  const data = useLoaderData<typeof loader>();
  const [form, fields] = useForm({ id: "feedback-message", lastResult: useActionData<typeof action>()?.result });
  const error = fields.body.errors?.[0] ?? form.errors?.[0];
  const { t, i18n } = useTranslation("feedback");
  if (i18n.language === "en") return <ChineseOnly />;
  const f = data.feedback;
  return (
    <div className="feedback-page">
      <Trail
        items={[
          { to: "/afterSalesService", label: t("common:menu.afterSalesService") },
          { to: "/afterSalesService/askAfterSalesTable", label: t("myFeedback") },
          { label: t("details.title", { id: f.id }) },
        ]}
      />
      <div className="page-head">
        <h1 className="page-title">{t("details.title", { id: f.id })}</h1>
        <Link className="btn btn-outline" to="/afterSalesService/askAfterSalesTable">
          {t("details.back")}
        </Link>
      </div>
      {f.status === "waiting" ? <p className="message message-warning">{t("details.waitingNote")}</p> : null}
      {f.status === "closed" ? <p className="message message-warning">{t("details.closedNote")}</p> : null}
      <section className="card">
        <FeedbackView data={data} current={data.current} photoHref={(id) => `/afterSalesService/feedbackPhoto?id=${id}`} />
        {data.canWrite ? (
          <Form method="post" className="feedback-form" data-testid="feedback-message-form" {...getFormProps(form)}>
            <input type="hidden" name="token" value={data.token} />
            <h2 className="fb-section-title" id="fb-add">
              {t("details.addMessage")}
            </h2>
            {error ? (
              <p className="message message-error" role="alert" id="body-error" data-testid="feedback-error">
                {error}
              </p>
            ) : null}
            <label className="field">
              <span className="required">{t("details.message")}</span>
              <textarea
                name={fields.body.name}
                rows={4}
                maxLength={data.textMax}
                required
                defaultValue={typeof fields.body.initialValue === "string" ? fields.body.initialValue : ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "body-error" : undefined}
                data-testid="feedback-message-body"
              />
            </label>
            <div>
              <button type="submit" className="btn" data-testid="feedback-send">
                {t("details.send")}
              </button>
            </div>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
