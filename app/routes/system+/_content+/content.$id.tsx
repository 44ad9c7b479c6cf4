import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { contentId, ContentSchema, newKind } from "./__contentEdit.server";
import { getDb } from "~/db/index.server";
import { isoToLocal } from "~/modules/admin/parameters";
import { deleteContent, getAdminContent, isCategoryKind, listCategories, saveContent, solutionParents, type StoredFile } from "~/modules/content/admin.server";
import { CONTENT_MAX_BYTES, downloadName, removeContentFile, sniffFileType, storeContentFile } from "~/modules/content/files.server";
import { CONTENT_STATUSES, FILE_KINDS } from "~/modules/content/kinds";
import { AdminInput, AdminSelect, AdminTextarea } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { readFormData } from "~/utils/form.server";
import { forbidden, notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { replyFormError } from "~/utils/reply-form.server";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminContent", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editContent");

function parseId(raw: string | undefined): number | null {
  const id = contentId.safeParse(raw);
  if (!id.success) notFound();
  return id.data === "new" ? null : id.data;
}

const MB = Math.round(CONTENT_MAX_BYTES / 1024 / 1024);

/** One item (id "new" with ?kind=): both languages, status, publish date, file or video, category or parent. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cms:content:edit", db);
  const id = parseId(params.id);
  const item = id === null ? null : await notFoundWhenMissing(() => getAdminContent(db, { tenantId: user.tenantId, id }));
  const kind = item?.kind ?? newKind.parse(new URL(request.url).searchParams.get("kind"));
  const categories = isCategoryKind(kind) ? await listCategories(db, kind) : [];
  const parents = kind === "solution" ? await solutionParents(db, user.tenantId, id) : [];
  return {
    id,
    kind,
    canUpload: user.funcCodes.has("cms:file:upload"),
    maxMb: MB,
    categories,
    parents,
    form: {
      titleZh: item?.titleZh ?? "",
      titleEn: item?.titleEn ?? "",
      bodyZh: item?.bodyZh ?? "",
      bodyEn: item?.bodyEn ?? "",
      status: item?.status ?? "draft",
      publishedAt: isoToLocal(item?.publishedAt ?? new Date().toISOString()),
      categoryId: item?.categoryId ? String(item.categoryId) : "",
      parentId: item?.parentId ? String(item.parentId) : "",
      videoUrl: item?.videoUrl ?? "",
      onlyThisEntity: item?.onlyThisEntity ? "on" : "",
    },
    file: item?.file ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cms:content:edit", db);
  const id = parseId(params.id);
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  const existing = id === null ? null : await notFoundWhenMissing(() => getAdminContent(db, { tenantId: user.tenantId, id }));
  const kind = existing?.kind ?? newKind.parse(new URL(request.url).searchParams.get("kind"));
  const tooBig = { key: "adminContent:file.tooBig", values: { mb: MB } };
  if (Number(request.headers.get("content-length") ?? 0) > CONTENT_MAX_BYTES + 256 * 1024) return replyFormError(request, tooBig, { status: 413 });
  let form: FormData;
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    try {
      form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: CONTENT_MAX_BYTES }));
    } catch (e) {
      if (e instanceof MaxPartSizeExceededError) return replyFormError(request, tooBig, { status: 413 });
      return replyFormError(request, { key: "adminContent:file.unreadable" });
    }
  } else form = await readFormData(request);
  const submission = parseWithZod(form, { schema: ContentSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  if (v.intent === "delete") {
    if (id === null) notFound();
    const r = await notFoundWhenMissing(() => deleteContent(db, actor, { tenantId: user.tenantId, id }));
    await removeContentFile(r.fileKey);
    return redirectWithToast(`/system/content?kind=${kind}`, "adminContent:content.deleted");
  }
  let file: StoredFile | null = null;
  if (v.file && v.file.size > 0) {
    if (!user.funcCodes.has("cms:file:upload")) forbidden();
    if (v.file.size > CONTENT_MAX_BYTES) return replyWithError(request, submission, tooBig, { status: 413 });
    const buf = new Uint8Array(await v.file.arrayBuffer());
    const type = sniffFileType(buf, v.file.name);
    if (!type) return replyWithError(request, submission, { key: "adminContent:file.badType" });
    const key = await storeContentFile(buf, type);
    file = { name: downloadName(v.file.name, type), type: type.mime, size: buf.byteLength, key };
  }
  const result = await notFoundWhenMissing(() =>
    saveContent(db, actor, {
      tenantId: user.tenantId,
      id,
      content: {
        kind,
        titleZh: v.titleZh,
        titleEn: v.titleEn,
        bodyZh: v.bodyZh,
        bodyEn: v.bodyEn,
        status: v.status,
        publishedAt: v.publishedAt,
        categoryId: v.categoryId ?? null,
        parentId: v.parentId ?? null,
        videoUrl: v.videoUrl || null,
        onlyThisEntity: v.onlyThisEntity === "on",
        file,
        removeFile: v.removeFile === "on",
      },
    }),
  ).catch(async (e: unknown) => {
    if (file) await removeContentFile(file.key);
    throw e;
  });
  if (!result.ok) {
    if (file) await removeContentFile(file.key);
    return replyWithError(request, submission, result.error);
  }
  await removeContentFile(result.value.replacedFileKey);
  return redirectWithToast(`/system/content/${result.value.id}`, "adminContent:content.saved");
}

export default function ContentEdit() {
  const loaded = useLoaderData<typeof loader>();
  const { id, kind, canUpload, maxMb, categories, parents, file } = loaded;
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminContent");
  const en = i18n.language === "en";
  const [conform] = useForm({ lastResult: actionData?.result });
  // the values typed before a refused save (kept by the reply), else the stored item's
  const typed = Object.fromEntries(
    Object.entries(conform.initialValue ?? {}).filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "intent"),
  );
  const form = { ...loaded.form, ...typed };
  // the item's one message above the form, whichever field it is about
  const errors = conform.allErrors;
  const error = Object.values(errors).flat()[0];
  const hasFile = FILE_KINDS.includes(kind);
  return (
    <div className="admin-page">
      <h1>{id === null ? t("content.new", { kind: t(`content.kinds.${kind}`) }) : t("content.edit", { kind: t(`content.kinds.${kind}`) })}</h1>
      <FormError errors={error ? [error] : undefined} id={conform.errorId} />
      <Form method="post" encType="multipart/form-data" className="admin-form content-form" {...getFormProps(conform)}>
        <input type="hidden" name="intent" value="save" />
        <AdminInput label={t("content.titleZh")} name="titleZh" defaultValue={form.titleZh} required maxLength={200} errors={errors.titleZh} />
        <AdminInput label={t("content.titleEn")} name="titleEn" defaultValue={form.titleEn} required maxLength={200} errors={errors.titleEn} />
        <AdminTextarea label={t("content.bodyZh")} name="bodyZh" rows={6} defaultValue={form.bodyZh} maxLength={20000} errors={errors.bodyZh} wide />
        <AdminTextarea label={t("content.bodyEn")} name="bodyEn" rows={6} defaultValue={form.bodyEn} maxLength={20000} errors={errors.bodyEn} wide />
        <AdminSelect
          label={t("content.status")}
          name="status"
          defaultValue={form.status}
          data-testid="content-status"
          options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`content.statuses.${s}`) }))}
        />
        <AdminInput
          label={t("content.publishedAt")}
          name="publishedAt"
          type="datetime-local"
          defaultValue={form.publishedAt}
          required
          errors={errors.publishedAt}
        />
        {kind === "announcement" || kind === "download" ? (
          <AdminSelect
            label={t(`content.categoryOf.${kind}`)}
            name="categoryId"
            defaultValue={form.categoryId}
            errors={errors.categoryId}
            options={[{ value: "", label: t("content.noCategory") }, ...categories.map((c) => ({ value: String(c.id), label: en ? c.nameEn : c.nameZh }))]}
          />
        ) : null}
        {kind === "solution" ? (
          <AdminSelect
            label={t("content.parent")}
            name="parentId"
            defaultValue={form.parentId}
            errors={errors.parentId}
            options={[
              { value: "", label: t("content.topLevel") },
              ...parents.map((p) => ({ value: String(p.id), label: `${"— ".repeat(p.level - 1)}${en ? p.titleEn : p.titleZh}` })),
            ]}
          />
        ) : null}
        {kind === "training" ? (
          <AdminInput
            label={t("content.videoUrl")}
            name="videoUrl"
            type="url"
            defaultValue={form.videoUrl}
            maxLength={500}
            placeholder="https://"
            errors={errors.videoUrl}
          />
        ) : null}
        {hasFile ? <ContentFileField file={file} canUpload={canUpload} maxMb={maxMb} /> : null}
        <label className="admin-inline admin-form-wide">
          <input type="checkbox" name="onlyThisEntity" defaultChecked={form.onlyThisEntity === "on"} /> {t("content.onlyThisEntity")}
        </label>
        <p className="admin-muted admin-form-wide">{t("content.chinaTime")}</p>
        <div className="admin-form-actions">
          <button type="submit" className="btn" data-testid="content-save">
            {t("common.save")}
          </button>
          {id !== null ? (
            <Link className="btn btn-outline" to={`/system/content/preview/${id}`}>
              {t("content.preview")}
            </Link>
          ) : null}
          <Link className="btn btn-outline" to={`/system/content?kind=${kind}`}>
            {t("common.back")}
          </Link>
        </div>
      </Form>
      {id !== null ? (
        <Form method="post" className="admin-form-inline">
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="btn btn-danger" data-testid="content-delete">
            {t("content.delete")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** An item's file on the content form (FILE_KINDS): the current one (may be removed) and an upload if the editor may. */
function ContentFileField({ file, canUpload, maxMb }: { file: { name: string; size: number } | null; canUpload: boolean; maxMb: number }) {
  const { t } = useTranslation("adminContent");
  return (
    <div className="admin-form-wide">
      {file ? (
        <p>
          {t("content.currentFile", { name: file.name, kb: Math.ceil(file.size / 1024) })}{" "}
          <label className="admin-inline">
            <input type="checkbox" name="removeFile" /> {t("content.removeFile")}
          </label>
        </p>
      ) : null}
      {canUpload ? (
        <label>
          {t("content.file")}
          <input type="file" name="file" accept=".pdf,.png,.jpg,.jpeg,.zip,.docx,.xlsx,.pptx" aria-describedby="file-hint" data-testid="content-file" />
          <small id="file-hint" className="admin-muted">
            {t("content.fileHint", { mb: maxMb })}
          </small>
        </label>
      ) : (
        <p className="admin-muted">{t("content.noUpload")}</p>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
