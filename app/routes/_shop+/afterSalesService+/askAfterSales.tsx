import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, MaxPartSizeExceededError, redirect, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
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
import { setFlash } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { FeedbackQuerySchema, NewFeedbackSchema } from "./__feedback.server";

export const handle = { i18n: ["feedback"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: feedbackCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.customerFeedback");

const MB = FEEDBACK_PHOTO_MAX_BYTES / 1024 / 1024;

const dealerOf = (u: { id: number; code: string; customerId: number; tenantId: number }) => ({ id: u.id, code: u.code, customerId: u.customerId, tenantId: u.tenantId });

/** Customer feedback (Chinese only, spec §2): feedback on one of the customer's orders or one line of it (decision 049). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = FeedbackQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const choices = await notFoundWhenMissing(() => feedbackOrderChoices(getDb(), dealerOf(user), q.orderNo ?? null));
  return { ...choices, token: newSubmitToken(), types: FEEDBACK_TYPES, maxPhotos: FEEDBACK_PHOTOS_MAX, mb: MB, textMax: FEEDBACK_TEXT_MAX };
}

type Reply = { error: string; params?: Record<string, string | number>; fields?: Record<string, string>; values?: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const tooBig: Reply = { error: "feedback:error.photoTooBig", params: { mb: MB } };
  if (Number(request.headers.get("content-length") ?? 0) > FEEDBACK_PHOTOS_MAX * FEEDBACK_PHOTO_MAX_BYTES + 256 * 1024) return json(tooBig, { status: 413 });
  let form: FormData;
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    try {
      form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: FEEDBACK_PHOTO_MAX_BYTES }));
    } catch (e) {
      if (e instanceof MaxPartSizeExceededError) return json(tooBig, { status: 413 });
      return json({ error: "feedback:error.unreadable" } satisfies Reply, { status: 400 });
    }
  } else form = await readFormData(request);
  const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "token"));
  const submission = parseWithZod(form, { schema: NewFeedbackSchema });
  if (submission.status !== "success") {
    const fields = Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0] ?? "feedback:error.form"]));
    return json({ error: "feedback:error.form", fields, values, params: { max: FEEDBACK_TEXT_MAX } } satisfies Reply, { status: 400 });
  }
  const v = submission.value;
  const photos: UploadedPhoto[] = await Promise.all(v.photos.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
  const r = await createFeedback(getDb(), dealerOf(user), { token: v.token, orderNo: v.orderNo, lineId: v.lineId ?? null, type: v.type, description: v.description, photos });
  if (!r.ok) {
    if (r.status === 404) notFound();
    const field = r.error.startsWith("feedback:error.photo") || r.error === "feedback:error.tooManyPhotos" ? "photos" : "description";
    return json({ error: r.error, params: r.values, fields: { [field]: r.error }, values } satisfies Reply, { status: r.status });
  }
  return redirect(`/afterSalesService/askAfterSalesDetails?id=${r.id}`, { headers: { "Set-Cookie": await setFlash("feedback:flash.filed") } });
}

export default function AskAfterSales() {
  const { orders, selected, lines, token, types, maxPhotos, mb, textMax } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const { t, i18n } = useTranslation("feedback");
  if (i18n.language === "en") return <ChineseOnly />;
  const values = reply?.values ?? {};
  const fieldError = (name: string) =>
    reply?.fields?.[name] ? (
      <span className="field-error" id={`${name}-error`}>
        {t(reply.fields[name], reply.params)}
      </span>
    ) : null;
  const invalid = (name: string) => (reply?.fields?.[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <div className="feedback-page">
      <nav aria-label="breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to="/afterSalesService">{t("common:menu.afterSalesService")}</Link>
          </li>
          <li aria-current="page">{t("title")}</li>
        </ol>
      </nav>
      <div className="page-head">
        <h1 className="page-title">{t("title")}</h1>
        <Link className="btn btn-outline" to="/afterSalesService/askAfterSalesTable" data-testid="my-feedback">
          {t("myFeedback")}
        </Link>
      </div>
      <p className="feedback-intro">{t("intro")}</p>
      {reply?.error ? (
        <p className="message message-error" role="alert" data-testid="feedback-error">
          {t(reply.error, reply.params)}
        </p>
      ) : null}
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
            <Form method="post" encType="multipart/form-data" className="feedback-form" data-testid="feedback-form">
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
              <fieldset className="field feedback-types" aria-describedby={reply?.fields?.type ? "type-error" : undefined}>
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
                <textarea name="description" rows={5} maxLength={textMax} required defaultValue={values.description ?? ""} data-testid="feedback-description" {...invalid("description")} />
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
