import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { createFeedback, feedbackOrderChoices, type UploadedPhoto } from "~/modules/feedback/feedback.server";
import { FEEDBACK_PHOTO_MAX_BYTES, FEEDBACK_PHOTOS_MAX, FEEDBACK_TEXT_MAX, FEEDBACK_TYPES } from "~/modules/feedback/status";
import { newSubmitToken } from "~/modules/orders/submit.server";
import feedbackCss from "~/styles/feedback.css";
import ordersCss from "~/styles/orders.css";
import { FormError } from "~/components/auth/FormField";
import { redirectWithToast, replyInvalid, replyUnreadable, replyWithError } from "~/utils/reply.server";
import { readUploadForm } from "~/utils/upload.server";
import { notFoundWhenMissing, requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { FeedbackQuerySchema, NewFeedbackSchema } from "./__feedback.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["feedback"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: feedbackCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.customerFeedback");

const MB = FEEDBACK_PHOTO_MAX_BYTES / 1024 / 1024;

const dealerOf = (u: { id: number; code: string; customerId: number; tenantId: number }) => ({
  id: u.id,
  code: u.code,
  customerId: u.customerId,
  tenantId: u.tenantId,
});

/** Customer feedback (Chinese only, spec §2): feedback on one of the customer's orders or one line of it (decision 049). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = FeedbackQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const choices = await notFoundWhenMissing(() => feedbackOrderChoices(getDb(), dealerOf(user), q.orderNo ?? null));
  return { ...choices, token: newSubmitToken(), types: FEEDBACK_TYPES, maxPhotos: FEEDBACK_PHOTOS_MAX, mb: MB, textMax: FEEDBACK_TEXT_MAX };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const read = await readUploadForm(request, { fileBytes: FEEDBACK_PHOTO_MAX_BYTES, files: FEEDBACK_PHOTOS_MAX });
  if (!read.ok)
    return replyUnreadable(
      request,
      read.error === "tooBig" ? { key: "feedback:error.photoTooBig", values: { mb: MB } } : { key: "feedback:error.unreadable" },
      read.status,
    );
  const submission = parseWithZod(read.form, { schema: NewFeedbackSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { values: { max: FEEDBACK_TEXT_MAX } });
  const v = submission.value;
  const photos: UploadedPhoto[] = await Promise.all(v.photos.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
  // another customer's order (or line): 404
  const r = await notFoundWhenMissing(() =>
    createFeedback(getDb(), dealerOf(user), {
      token: v.token,
      orderNo: v.orderNo,
      lineId: v.lineId ?? null,
      type: v.type,
      description: v.description,
      photos,
    }),
  );
  if (!r.ok) return replyWithError(request, submission, r.error, { status: r.error.key === "feedback:error.photoTooBig" ? 413 : 400 });
  return redirectWithToast(`/afterSalesService/askAfterSalesDetails?id=${r.value.id}`, "feedback:flash.filed");
}

export default function AskAfterSales() {
  const { orders, selected, lines, token, types, maxPhotos, mb, textMax } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({ id: "feedback", lastResult: useActionData<typeof action>()?.result });
  const { t, i18n } = useTranslation("feedback");
  if (i18n.language === "en") return <ChineseOnly />;
  const values = (form.initialValue ?? {}) as Record<string, string | undefined>;
  const errorOf = (name: keyof typeof fields) => fields[name].errors?.[0];
  const fieldError = (name: keyof typeof fields) =>
    errorOf(name) ? (
      <span className="field-error" id={`${name}-error`}>
        {errorOf(name)}
      </span>
    ) : null;
  const invalid = (name: keyof typeof fields) => (errorOf(name) ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <div className="feedback-page">
      <Trail items={[{ to: "/afterSalesService", label: t("common:menu.afterSalesService") }, { label: t("title") }]} />
      <div className="page-head">
        <h1 className="page-title">{t("title")}</h1>
        <Link className="btn btn-outline" to="/afterSalesService/askAfterSalesTable" data-testid="my-feedback">
          {t("myFeedback")}
        </Link>
      </div>
      <p className="feedback-intro">{t("intro")}</p>
      {/* a field's error beside it; above the form, "please check the form" or what concerns the whole form */}
      <FormError errors={form.errors ?? (form.allErrors && Object.keys(form.allErrors).length ? [t("error.form")] : undefined)} id="feedback-error" />
      {orders.length === 0 ? (
        <p className="card">{t("form.noOrders")}</p>
      ) : (
        <section className="card feedback-card">
          <Form method="get" className="feedback-order-pick">
            <label className="field">
              <span className="required">{t("form.order")}</span>
              <select name="orderNo" defaultValue={selected ?? ""} data-testid="feedback-order">
                <option value="">{t("form.chooseOrder")}</option>
                {orders.map((o) => (
                  <option key={o.orderNo} value={o.orderNo}>
                    {o.orderNo} · {formatDateTime(o.createdAt)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn btn-outline" data-testid="feedback-pick">
              {t("form.showLines")}
            </button>
          </Form>
          {selected ? (
            <Form method="post" encType="multipart/form-data" className="feedback-form" data-testid="feedback-form" {...getFormProps(form)}>
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="orderNo" value={selected} />
              <p className="feedback-order-no">
                {t("form.order")}: <strong className="code">{selected}</strong>
              </p>
              <label className="field">
                <span>{t("form.line")}</span>
                <select name="lineId" defaultValue={values.lineId ?? ""} data-testid="feedback-line">
                  <option value="">{t("form.wholeOrder")}</option>
                  {lines.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.line_no}. {l.ordering_code} {l.name_zh}
                    </option>
                  ))}
                </select>
              </label>
              <fieldset className="field feedback-types" aria-describedby={errorOf("type") ? "type-error" : undefined}>
                <legend className="required">{t("form.type")}</legend>
                {types.map((ty) => (
                  <label key={ty} className="feedback-type">
                    <input type="radio" name="type" value={ty} defaultChecked={values.type === ty} required />
                    {t(`type.${ty}`)}
                  </label>
                ))}
                {fieldError("type")}
              </fieldset>
              <label className="field">
                <span className="required">{t("form.description")}</span>
                <textarea
                  name="description"
                  rows={5}
                  maxLength={textMax}
                  required
                  defaultValue={values.description ?? ""}
                  data-testid="feedback-description"
                  {...invalid("description")}
                />
                <span className="hint">{t("form.descriptionHint", { max: textMax })}</span>
                {fieldError("description")}
              </label>
              <label className="field">
                <span>{t("form.photos")}</span>
                <input type="file" name="photos" multiple accept="image/png,image/jpeg" data-testid="feedback-photos" {...invalid("photos")} />
                <span className="hint">{t("form.photosHint", { max: maxPhotos, mb })}</span>
                {fieldError("photos")}
              </label>
              <div>
                <button type="submit" className="btn" data-testid="feedback-submit">
                  {t("form.submit")}
                </button>
              </div>
            </Form>
          ) : null}
        </section>
      )}
    </div>
  );
}
