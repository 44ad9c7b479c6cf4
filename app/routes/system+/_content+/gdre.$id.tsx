import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminInput, AdminTextarea } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { FileFacts } from "~/components/content/FileFacts";
import { getDb } from "~/db/index.server";
import { isoToLocal } from "~/modules/admin/parameters";
import { addBiddingDocument, getAdminBidding, removeBiddingDocument, saveBidding, setBiddingStatus } from "~/modules/bidding/bidding.server";
import { BIDDING_MAX_DOCUMENTS } from "~/modules/bidding/state";
import { removeContentFile } from "~/modules/content/files.server";
import biddingCss from "~/styles/bidding.css";
import { forbidden, notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { replyFormError } from "~/utils/reply-form.server";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { readUploadForm, storeUpload, UPLOAD_MAX_MB } from "~/utils/upload.server";
import { biddingParam, BiddingSchema } from "./__bidding.server";

export const handle = { i18n: ["bidding", "auth"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: biddingCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editTender");

function parseId(raw: string | undefined): number | null {
  const id = biddingParam.safeParse(raw);
  if (!id.success) notFound();
  return id.data === "new" ? null : id.data;
}

/** One tender (id "new" for a new one): both languages, number, times (China time), contact, documents. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cms:gdre:edit", db);
  const id = parseId(params.id);
  const b = id === null ? null : await notFoundWhenMissing(() => getAdminBidding(db, id));
  const now = Date.now();
  return {
    id,
    status: b?.status ?? "draft",
    canUpload: user.funcCodes.has("cms:file:upload"),
    maxMb: UPLOAD_MAX_MB,
    documents: b?.documents ?? [],
    form: {
      biddingNo: b?.biddingNo ?? "",
      titleZh: b?.titleZh ?? "",
      titleEn: b?.titleEn ?? "",
      bodyZh: b?.bodyZh ?? "",
      bodyEn: b?.bodyEn ?? "",
      contact: b?.contact ?? "",
      publishedAt: isoToLocal(b?.publishedAt ?? new Date(now).toISOString()),
      opensAt: isoToLocal(b?.opensAt ?? new Date(now + 86_400_000).toISOString()),
      closesAt: isoToLocal(b?.closesAt ?? new Date(now + 15 * 86_400_000).toISOString()),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cms:gdre:edit", db);
  const id = parseId(params.id);
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  if (id !== null) await notFoundWhenMissing(() => getAdminBidding(db, id));
  const read = await readUploadForm(request);
  if (!read.ok) return replyFormError(request, { key: `bidding:err.${read.error}`, values: { mb: UPLOAD_MAX_MB } }, { status: read.status });
  const submission = parseWithZod(read.form, { schema: BiddingSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const back = (to: string, flash: string) => redirectWithToast(to, `bidding:flash.${flash}`);
  if (v.intent === "save") {
    const { intent: _i, ...bidding } = v;
    const saved = await notFoundWhenMissing(() => saveBidding(db, actor, { id, bidding }));
    if (!saved.ok) return replyWithError(request, submission, saved.error);
    return back(`/system/gdre/${saved.value}`, "saved");
  }
  if (id === null) notFound();
  if (v.intent === "publish" || v.intent === "unpublish") {
    await notFoundWhenMissing(() => setBiddingStatus(db, actor, { id, status: v.intent === "publish" ? "published" : "draft" }));
    return back(`/system/gdre/${id}`, v.intent === "publish" ? "published" : "unpublished");
  }
  if (v.intent === "removeDocument") {
    const { fileKey } = await removeBiddingDocument(db, actor, { biddingId: id, documentId: v.documentId });
    await removeContentFile(fileKey);
    return back(`/system/gdre/${id}`, "documentRemoved");
  }
  if (!user.funcCodes.has("cms:file:upload")) forbidden();
  const stored = await storeUpload(v.document);
  if (!stored.ok) return replyWithError(request, submission, { key: `bidding:err.${stored.error}`, values: { mb: UPLOAD_MAX_MB } }, { status: stored.status });
  const added = await notFoundWhenMissing(() => addBiddingDocument(db, actor, { biddingId: id, file: stored.file })).catch(async (e: unknown) => {
    await removeContentFile(stored.file.key);
    throw e;
  });
  if (!added.ok) {
    await removeContentFile(stored.file.key);
    return replyWithError(request, submission, added.error);
  }
  return back(`/system/gdre/${id}`, "documentAdded");
}

export default function BiddingEdit() {
  const loaded = useLoaderData<typeof loader>();
  const { id, status, canUpload, maxMb, documents } = loaded;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("bidding");
  const [conform] = useForm({ lastResult: actionData?.result });
  // the values typed before a refused save (kept by the reply), else the stored tender's
  const typed = Object.fromEntries(
    Object.entries(conform.initialValue ?? {}).filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "intent"),
  );
  const form = { ...loaded.form, ...typed };
  // the page's one message above the forms, whichever field it is about
  const errors = conform.allErrors;
  const error = Object.values(errors).flat()[0];
  return (
    <div className="admin-page">
      <h1>{id === null ? t("admin.new") : t("admin.edit")}</h1>
      <FormError errors={error ? [error] : undefined} id={conform.errorId} />
      {id !== null ? (
        <p>
          {t("admin.status")}: <strong data-testid="bidding-status">{t(`admin.statuses.${status}`)}</strong>
        </p>
      ) : null}
      <Form method="post" className="admin-form" {...getFormProps(conform)}>
        <input type="hidden" name="intent" value="save" />
        <AdminInput
          label={t("number")}
          name="biddingNo"
          defaultValue={form.biddingNo}
          required
          maxLength={40}
          pattern="[A-Za-z0-9][A-Za-z0-9\-]{2,39}"
          errors={errors.biddingNo}
        />
        <AdminInput label={t("contact")} name="contact" defaultValue={form.contact} required maxLength={300} errors={errors.contact} />
        <AdminInput label={t("admin.titleZh")} name="titleZh" defaultValue={form.titleZh} required maxLength={200} errors={errors.titleZh} />
        <AdminInput label={t("admin.titleEn")} name="titleEn" defaultValue={form.titleEn} required maxLength={200} errors={errors.titleEn} />
        <AdminTextarea label={t("admin.bodyZh")} name="bodyZh" rows={6} defaultValue={form.bodyZh} maxLength={20000} errors={errors.bodyZh} wide />
        <AdminTextarea label={t("admin.bodyEn")} name="bodyEn" rows={6} defaultValue={form.bodyEn} maxLength={20000} errors={errors.bodyEn} wide />
        <AdminInput label={t("publishedAt")} name="publishedAt" type="datetime-local" defaultValue={form.publishedAt} required errors={errors.publishedAt} />
        <AdminInput label={t("opensAt")} name="opensAt" type="datetime-local" defaultValue={form.opensAt} required errors={errors.opensAt} />
        <AdminInput label={t("closesAt")} name="closesAt" type="datetime-local" defaultValue={form.closesAt} required errors={errors.closesAt} />
        <p className="admin-muted admin-form-wide">{t("admin.chinaTime")}</p>
        <div className="admin-form-actions">
          <button type="submit" className="btn" data-testid="bidding-save">
            {t("admin.save")}
          </button>
          <Link className="btn btn-outline" to="/system/gdre">
            {t("admin.back")}
          </Link>
        </div>
      </Form>
      {id === null ? (
        <p className="admin-muted">{t("admin.saveFirst")}</p>
      ) : (
        <>
          <Form method="post" className="admin-form-actions">
            <input type="hidden" name="intent" value={status === "published" ? "unpublish" : "publish"} />
            <button type="submit" className={status === "published" ? "btn btn-outline" : "btn"} data-testid="bidding-publish">
              {status === "published" ? t("admin.unpublish") : t("admin.publish")}
            </button>
            {status === "published" ? (
              <Link className="btn btn-outline" to={`/gdre/${id}`}>
                {t("admin.view")}
              </Link>
            ) : null}
          </Form>
          <h2>{t("documents")}</h2>
          {documents.length === 0 ? (
            <p className="admin-muted">{t("noDocuments")}</p>
          ) : (
            <ul className="bidding-docs" data-testid="bidding-admin-documents">
              {documents.map((d) => (
                <li key={d.id}>
                  <span>{d.name}</span>
                  <FileFacts type={d.type} size={d.size} />
                  <Form method="post" className="admin-form-inline">
                    <input type="hidden" name="intent" value="removeDocument" />
                    <input type="hidden" name="documentId" value={d.id} />
                    <button type="submit" className="btn btn-outline btn-sm" aria-label={t("admin.documentRemove", { name: d.name })}>
                      ✕
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          {!canUpload ? (
            <p className="admin-muted">{t("admin.noUpload")}</p>
          ) : documents.length < BIDDING_MAX_DOCUMENTS ? (
            <Form method="post" encType="multipart/form-data" className="admin-form">
              <input type="hidden" name="intent" value="addDocument" />
              <label className="admin-form-wide">
                {t("admin.documentAdd")}
                <input
                  type="file"
                  name="document"
                  accept=".pdf,.png,.jpg,.jpeg,.zip,.docx,.xlsx,.pptx"
                  aria-describedby="document-hint"
                  data-testid="bidding-file"
                />
                <small id="document-hint" className="admin-muted">
                  {t("admin.documentHint", { mb: maxMb })}
                </small>
              </label>
              <div className="admin-form-actions">
                <button type="submit" className="btn" data-testid="bidding-upload">
                  {t("admin.documentUpload")}
                </button>
              </div>
            </Form>
          ) : null}
        </>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
