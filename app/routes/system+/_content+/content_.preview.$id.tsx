import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { contentId } from "./__contentEdit.server";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { getAdminContent } from "~/modules/content/admin.server";
import { SHOP_PATHS } from "~/modules/content/kinds";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminContent"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.preview");

/** A draft or a future item as dealers will see it, in both languages; only staff reach it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cms:content:view", db);
  const id = contentId.safeParse(params.id);
  if (!id.success || id.data === "new") notFound();
  const item = await notFoundWhenMissing(() => getAdminContent(db, { tenantId: user.tenantId, id: id.data as number }));
  const now = new Date().toISOString();
  const { fileKey: _key, ...shown } = item;
  return { item: shown, visible: item.status === "published" && item.publishedAt <= now, shopPath: `${SHOP_PATHS[item.kind]}?id=${item.id}` };
}

export default function ContentPreview() {
  const { item, visible, shopPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation("adminContent");
  return (
    <div className="admin-page">
      <h1>{t("content.previewTitle")}</h1>
      <p className={visible ? "admin-status-off" : "admin-status-on"} data-testid="preview-state">
        {visible
          ? t("content.previewLive")
          : item.status === "draft"
            ? t("content.previewDraft")
            : t("content.previewScheduled", { date: formatDateTime(item.publishedAt) })}
      </p>
      <div className="content-preview">
        {(["zh", "en"] as const).map((lang) => (
          <article key={lang} lang={lang === "zh" ? "zh-CN" : "en"} className="content-preview-pane" aria-labelledby={`preview-${lang}`}>
            <p className="admin-muted">{t(`content.lang.${lang}`)}</p>
            <h2 id={`preview-${lang}`}>{lang === "zh" ? item.titleZh : item.titleEn}</h2>
            <p className="admin-muted">
              <time dateTime={item.publishedAt}>{formatDateTime(item.publishedAt)}</time>
            </p>
            {(lang === "zh" ? item.bodyZh : item.bodyEn)
              .split(/\n+/)
              .filter(Boolean)
              .map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            {item.file ? <p>{t("content.currentFile", { name: item.file.name, kb: Math.ceil(item.file.size / 1024) })}</p> : null}
            {item.videoUrl ? (
              <p>
                <a href={item.videoUrl} rel="noopener noreferrer" target="_blank">
                  {t("shop.watchVideo")}
                </a>
              </p>
            ) : null}
          </article>
        ))}
      </div>
      <div className="admin-form-actions">
        <Can funcCode="cms:content:edit">
          <Link className="btn" to={`/system/content/${item.id}`}>
            {t("common.edit")}
          </Link>
        </Can>
        {visible ? (
          <a className="btn btn-outline" href={shopPath}>
            {t("content.openInShop")}
          </a>
        ) : null}
        <Link className="btn btn-outline" to={`/system/content?kind=${item.kind}`}>
          {t("common.back")}
        </Link>
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
