import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { FILE_KINDS } from "./kinds";

/**
 * The shop's content pages. A dealer (or a visitor) sees an item once it is published and its
 * publish date has come; drafts and future items are only shown to staff in the back office's
 * preview (decision 046).
 */
export interface ContentItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  publishedAt: string;
  category: string | null;
  file: { name: string; type: string; size: number } | null;
  videoUrl: string | null;
  /** solutions: the items one level down */
  children: { id: number; title: string }[];
}

type Row = {
  id: number;
  kind: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  published_at: string;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  video_url: string | null;
  category_zh: string | null;
  category_en: string | null;
};

export function toContentItem(r: Row, lang: Language, children: { id: number; title: string }[] = []): ContentItem {
  return {
    id: r.id,
    kind: r.kind,
    title: lang === "en" ? r.title_en : r.title_zh,
    body: lang === "en" ? r.body_en : r.body_zh,
    publishedAt: r.published_at,
    category: (lang === "en" ? r.category_en : r.category_zh) ?? null,
    file: r.file_name ? { name: r.file_name, type: r.file_type ?? "application/octet-stream", size: Number(r.file_size ?? 0) } : null,
    videoUrl: r.video_url,
    children,
  };
}

const columns = [
  "c.id",
  "c.kind",
  "c.tenant_id",
  "c.parent_id",
  "c.title_zh",
  "c.title_en",
  "c.body_zh",
  "c.body_en",
  "c.published_at",
  "c.file_name",
  "c.file_type",
  "c.file_size",
  "c.video_url",
  "k.name_zh as category_zh",
  "k.name_en as category_en",
] as const;

const published = (db: DB, now: Date) =>
  db
    .selectFrom("content as c")
    .leftJoin("content_category as k", "k.id", "c.category_id")
    .where("c.status", "=", "published")
    .where("c.published_at", "<=", now.toISOString());

/** The newest published items of one kind (announcements, research, ...) for a tenant or all tenants. */
export async function listContent(
  db: DB,
  opts: { kind: string; lang: Language; tenantId?: number | null; limit?: number; now?: Date; topLevelOnly?: boolean },
): Promise<ContentItem[]> {
  let q = published(db, opts.now ?? new Date())
    .select(columns)
    .where("c.kind", "=", opts.kind);
  q = opts.tenantId ? q.where((eb) => eb.or([eb("c.tenant_id", "is", null), eb("c.tenant_id", "=", opts.tenantId!)])) : q.where("c.tenant_id", "is", null);
  if (opts.topLevelOnly) q = q.where("c.parent_id", "is", null);
  const rows = await q
    .orderBy("c.published_at", "desc")
    .orderBy("c.id", "desc")
    .limit(opts.limit ?? 5)
    .execute();
  return rows.map((r) => toContentItem(r, opts.lang));
}

/** One published item, or null (unknown id, wrong kind, another tenant's, a draft, not yet published). */
export async function getContent(
  db: DB,
  opts: { id: number; kind: string; lang: Language; tenantId?: number | null; now?: Date },
): Promise<ContentItem | null> {
  const now = opts.now ?? new Date();
  const r = await published(db, now).select(columns).where("c.id", "=", opts.id).where("c.kind", "=", opts.kind).executeTakeFirst();
  if (!r || (r.tenant_id !== null && r.tenant_id !== opts.tenantId)) return null;
  let children: { id: number; title: string }[] = [];
  if (opts.kind === "solution") {
    let q = published(db, now).select(["c.id", "c.title_zh", "c.title_en"]).where("c.parent_id", "=", r.id);
    q = opts.tenantId ? q.where((eb) => eb.or([eb("c.tenant_id", "is", null), eb("c.tenant_id", "=", opts.tenantId!)])) : q.where("c.tenant_id", "is", null);
    children = (await q.orderBy("c.published_at", "desc").limit(100).execute()).map((c) => ({ id: c.id, title: opts.lang === "en" ? c.title_en : c.title_zh }));
  }
  return toContentItem(r, opts.lang, children);
}

/** The file of a published item (a download, a training document, an attachment) the dealer may see, or null. */
export async function getContentFile(
  db: DB,
  opts: { id: number; tenantId?: number | null; now?: Date },
): Promise<{ name: string; type: string; size: number; key: string; updatedAt: string } | null> {
  const r = await published(db, opts.now ?? new Date())
    .select(["c.tenant_id", "c.file_name", "c.file_type", "c.file_size", "c.file_key", "c.updated_at"])
    .where("c.id", "=", opts.id)
    .where("c.kind", "in", [...FILE_KINDS])
    .executeTakeFirst();
  if (!r || !r.file_key || !r.file_name || (r.tenant_id !== null && r.tenant_id !== opts.tenantId)) return null;
  return { name: r.file_name, type: r.file_type ?? "application/octet-stream", size: Number(r.file_size ?? 0), key: r.file_key, updatedAt: r.updated_at };
}

export interface DownloadGroup {
  /** null: downloads without a category ("other"), listed last */
  categoryId: number | null;
  name: string | null;
  items: ContentItem[];
}

/**
 * The shop's downloads grouped by their category (decision 053): categories in their order,
 * downloads without one last; `categoryId` keeps one group (0: those without a category). The
 * filter lists every category that holds a visible download, with its count.
 */
export async function listDownloads(
  db: DB,
  opts: { lang: Language; tenantId?: number | null; categoryId?: number | null; now?: Date },
): Promise<{ filter: { categoryId: number; name: string; count: number }[]; groups: DownloadGroup[] }> {
  let q = published(db, opts.now ?? new Date())
    .select([...columns, "c.category_id", "k.sort as category_sort"])
    .where("c.kind", "=", "download");
  q = opts.tenantId ? q.where((eb) => eb.or([eb("c.tenant_id", "is", null), eb("c.tenant_id", "=", opts.tenantId!)])) : q.where("c.tenant_id", "is", null);
  const rows = await q.orderBy("c.published_at", "desc").orderBy("c.id", "desc").limit(500).execute();
  const groups = new Map<number, DownloadGroup & { sort: number }>();
  for (const r of rows) {
    const key = r.category_id ?? 0;
    const group = groups.get(key) ?? {
      categoryId: r.category_id,
      name: (opts.lang === "en" ? r.category_en : r.category_zh) ?? null,
      items: [],
      sort: r.category_id === null ? Number.MAX_SAFE_INTEGER : Number(r.category_sort ?? 0),
    };
    group.items.push(toContentItem(r, opts.lang));
    groups.set(key, group);
  }
  const ordered = [...groups.entries()].sort(([a, x], [b, y]) => x.sort - y.sort || a - b);
  const filter = ordered.map(([key, g]) => ({ categoryId: key, name: g.name ?? "", count: g.items.length }));
  const chosen = opts.categoryId === null || opts.categoryId === undefined ? ordered : ordered.filter(([key]) => key === opts.categoryId);
  return { filter, groups: chosen.map(([, { sort: _s, ...g }]) => g) };
}
