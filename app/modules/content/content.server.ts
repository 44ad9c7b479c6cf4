import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";

export interface ContentItem {
  id: number;
  title: string;
  body: string;
  publishedAt: string;
}

/** The newest published items of one kind (announcements, research, ...) for a tenant or all tenants. */
export async function listContent(
  db: DB,
  opts: { kind: string; lang: Language; tenantId?: number | null; limit?: number; now?: Date },
): Promise<ContentItem[]> {
  let q = db
    .selectFrom("content")
    .select(["id", "title_zh", "title_en", "body_zh", "body_en", "published_at"])
    .where("kind", "=", opts.kind)
    .where("published_at", "<=", (opts.now ?? new Date()).toISOString());
  q = opts.tenantId
    ? q.where((eb) => eb.or([eb("tenant_id", "is", null), eb("tenant_id", "=", opts.tenantId!)]))
    : q.where("tenant_id", "is", null);
  const rows = await q.orderBy("published_at", "desc").limit(opts.limit ?? 5).execute();
  return rows.map((r) => ({
    id: r.id,
    title: opts.lang === "en" ? r.title_en : r.title_zh,
    body: opts.lang === "en" ? r.body_en : r.body_zh,
    publishedAt: r.published_at,
  }));
}

/** One published item, or null (unknown id, wrong kind, another tenant's, not yet published). */
export async function getContent(
  db: DB,
  opts: { id: number; kind: string; lang: Language; tenantId?: number | null; now?: Date },
): Promise<ContentItem | null> {
  const r = await db
    .selectFrom("content")
    .select(["id", "tenant_id", "title_zh", "title_en", "body_zh", "body_en", "published_at"])
    .where("id", "=", opts.id)
    .where("kind", "=", opts.kind)
    .where("published_at", "<=", (opts.now ?? new Date()).toISOString())
    .executeTakeFirst();
  if (!r || (r.tenant_id !== null && r.tenant_id !== opts.tenantId)) return null;
  return {
    id: r.id,
    title: opts.lang === "en" ? r.title_en : r.title_zh,
    body: opts.lang === "en" ? r.body_en : r.body_zh,
    publishedAt: r.published_at,
  };
}
