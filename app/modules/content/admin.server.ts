import type { ExpressionBuilder } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { recordAudit, type Actor } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";

/**
 * Content maintained in the back office (decision 046): announcements with their categories,
 * research, downloads with a file, online training (documents and video links), industry
 * solutions in three levels. Every item is a draft or published, with a publish date; dealers
 * see published items from that date on (content.server.ts), staff see everything in a preview.
 */
import { FILE_KINDS, type ContentKind, type ContentStatus } from "./kinds";
import { fail, ok, type Result } from "~/modules/result";

export { CONTENT_KINDS, CONTENT_STATUSES, type ContentKind, type ContentStatus } from "./kinds";

export interface StoredFile {
  name: string;
  type: string;
  size: number;
  key: string;
}

/** An item's texts and place, as the editor saves them and reads them back. */
interface ContentFacts {
  kind: ContentKind;
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  status: ContentStatus;
  publishedAt: string; // ISO-8601 UTC
  categoryId: number | null;
}

export interface ContentInput extends ContentFacts {
  parentId: number | null;
  videoUrl: string | null;
  /** only dealers of the actor's company entity see it (else every entity) */
  onlyThisEntity: boolean;
  /** a newly uploaded file (FILE_KINDS: downloads, training documents, attachments); null keeps the current one */
  file: StoredFile | null;
  removeFile?: boolean;
}

export interface AdminContent extends ContentFacts {
  id: number;
  parentId: number | null;
  videoUrl: string | null;
  onlyThisEntity: boolean;
  file: Omit<StoredFile, "key"> | null;
  fileKey: string | null;
  level: number;
}

export const CONTENT_PAGE_SIZE = 50;

/** Items the actor's entity may hold: everyone's (tenant null) and its own. */
const visibleTo = (tenantId: number) => (eb: ExpressionBuilder<Database, "content">) => eb.or([eb("tenant_id", "is", null), eb("tenant_id", "=", tenantId)]);

export async function listAdminContent(db: DB, input: { tenantId: number; kind: ContentKind; status?: ContentStatus | null; page?: number }) {
  let q = db
    .selectFrom("content")
    .where("kind", "=", input.kind)
    .where((eb) => eb.or([eb("tenant_id", "is", null), eb("tenant_id", "=", input.tenantId)]));
  if (input.status) q = q.where("status", "=", input.status);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const page = Math.max(1, input.page ?? 1);
  const rows = await q
    .select(["id", "title_zh", "title_en", "status", "published_at", "tenant_id", "file_name", "parent_id", "category_id"])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(CONTENT_PAGE_SIZE)
    .offset((page - 1) * CONTENT_PAGE_SIZE)
    .execute();
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      status: r.status as ContentStatus,
      publishedAt: r.published_at,
      onlyThisEntity: r.tenant_id !== null,
      fileName: r.file_name,
      parentId: r.parent_id,
      categoryId: r.category_id,
    })),
  };
}

async function levelOf(db: DB, parentId: number | null): Promise<number> {
  let level = 1;
  let next = parentId;
  while (next !== null && level < 5) {
    const row = await db.selectFrom("content").select("parent_id").where("id", "=", next).executeTakeFirst();
    if (!row) break;
    level++;
    next = row.parent_id;
  }
  return level;
}

export async function getAdminContent(db: DB, input: { tenantId: number; id: number }): Promise<AdminContent> {
  const r = await db.selectFrom("content").selectAll().where("id", "=", input.id).where(visibleTo(input.tenantId)).executeTakeFirst();
  if (!r) throw new NotFoundError("content");
  return {
    id: r.id,
    kind: r.kind as ContentKind,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    bodyZh: r.body_zh,
    bodyEn: r.body_en,
    status: r.status as ContentStatus,
    publishedAt: r.published_at,
    categoryId: r.category_id,
    parentId: r.parent_id,
    videoUrl: r.video_url,
    onlyThisEntity: r.tenant_id !== null,
    file: r.file_key && r.file_name ? { name: r.file_name, type: r.file_type ?? "application/octet-stream", size: Number(r.file_size ?? 0) } : null,
    fileKey: r.file_key,
    level: await levelOf(db, r.parent_id),
  };
}

/** Solutions that may hold a child: first and second level ones of the actor's entity. */
export async function solutionParents(db: DB, tenantId: number, excludeId: number | null) {
  const rows = await db
    .selectFrom("content")
    .select(["id", "title_zh", "title_en", "parent_id"])
    .where("kind", "=", "solution")
    .where(visibleTo(tenantId))
    .orderBy("id")
    .limit(1000)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const level = (id: number): number => {
    let l = 1;
    let p = byId.get(id)?.parent_id ?? null;
    while (p !== null && l < 5) {
      l++;
      p = byId.get(p)?.parent_id ?? null;
    }
    return l;
  };
  return rows.filter((r) => r.id !== excludeId && level(r.id) < 3).map((r) => ({ id: r.id, titleZh: r.title_zh, titleEn: r.title_en, level: level(r.id) }));
}

const VIDEO_URL = /^https:\/\/[^\s<>"]{1,490}$/;

/**
 * Adds (id null) or updates an item. Checked: titles in both languages; a category only on an
 * announcement, and one of announcements; a parent only on a solution, a solution of the
 * entity at level 1 or 2 (so a solution is at most third level) and never the item itself or
 * below it; a video link only on training, https only; the same title, kind and date added once.
 * Returns the id; the old file's key (to remove) when a new file replaced it.
 */
export async function saveContent(
  db: DB,
  actor: Actor,
  input: { tenantId: number; id: number | null; content: ContentInput },
): Promise<Result<{ id: number; replacedFileKey: string | null }>> {
  const c = input.content;
  if (!c.titleZh.trim() || !c.titleEn.trim()) return fail("adminContent:content.err.title");
  if (Number.isNaN(Date.parse(c.publishedAt))) return fail("adminContent:content.err.date");
  if (c.categoryId !== null && !isCategoryKind(c.kind)) return fail("adminContent:content.err.category");
  if (c.parentId !== null && c.kind !== "solution") return fail("adminContent:content.err.parent");
  if (c.videoUrl !== null && (c.kind !== "training" || !VIDEO_URL.test(c.videoUrl))) return fail("adminContent:content.err.video");
  if (c.file && !FILE_KINDS.includes(c.kind)) return fail("adminContent:content.err.fileKind");
  return db.transaction().execute(async (tx) => {
    const before = input.id === null ? null : await getAdminContent(tx, { tenantId: input.tenantId, id: input.id });
    if (before && before.kind !== c.kind) throw new NotFoundError("content");
    if (c.categoryId !== null) {
      const cat = await tx.selectFrom("content_category").select("id").where("id", "=", c.categoryId).where("kind", "=", c.kind).executeTakeFirst();
      if (!cat) return fail("adminContent:content.err.category");
    }
    if (c.parentId !== null) {
      const parents = await solutionParents(tx, input.tenantId, input.id);
      const parent = parents.find((p) => p.id === c.parentId);
      if (!parent) return fail("adminContent:content.err.parent");
      // not under itself: walk up from the parent
      let up: number | null = c.parentId;
      for (let i = 0; up !== null && i < 5; i++) {
        if (up === input.id) return fail("adminContent:content.err.parent");
        up = (await tx.selectFrom("content").select("parent_id").where("id", "=", up).executeTakeFirst())?.parent_id ?? null;
      }
      // an item with children cannot go so deep that its children would be fourth level
      if (input.id !== null) {
        const child = await tx.selectFrom("content").select("id").where("parent_id", "=", input.id).executeTakeFirst();
        if (child && parent.level >= 2) return fail("adminContent:content.err.depth");
      }
    }
    if (input.id === null) {
      const twin = await tx
        .selectFrom("content")
        .select("id")
        .where("kind", "=", c.kind)
        .where("title_zh", "=", c.titleZh)
        .where("published_at", "=", c.publishedAt)
        .executeTakeFirst();
      if (twin) return fail("adminContent:content.err.exists");
    }
    const now = new Date().toISOString();
    const row = {
      kind: c.kind,
      title_zh: c.titleZh,
      title_en: c.titleEn,
      body_zh: c.bodyZh,
      body_en: c.bodyEn,
      status: c.status,
      published_at: c.publishedAt,
      category_id: c.categoryId,
      parent_id: c.parentId,
      video_url: c.videoUrl,
      tenant_id: c.onlyThisEntity ? input.tenantId : null,
      updated_at: now,
      ...(c.file
        ? { file_name: c.file.name, file_type: c.file.type, file_size: c.file.size, file_key: c.file.key }
        : c.removeFile
          ? { file_name: null, file_type: null, file_size: null, file_key: null }
          : {}),
    };
    let id: number;
    if (input.id === null) id = (await tx.insertInto("content").values(row).returning("id").executeTakeFirstOrThrow()).id;
    else {
      id = input.id;
      await tx.updateTable("content").set(row).where("id", "=", id).execute();
    }
    const { fileKey: _k, ...beforeAudit } = before ?? { fileKey: null };
    await recordAudit(tx, actor, {
      action: before ? "update" : "create",
      entity: "content",
      entityId: id,
      before: before ? beforeAudit : undefined,
      after: { ...c, file: c.file ? { name: c.file.name, type: c.file.type, size: c.file.size } : null },
    });
    const replaced = before && (c.file || c.removeFile) ? before.fileKey : null;
    return ok({ id, replacedFileKey: replaced });
  });
}

/** Deletes an item (its children move up to its parent); returns its file key to remove. */
export async function deleteContent(db: DB, actor: Actor, input: { tenantId: number; id: number }): Promise<{ ok: true; fileKey: string | null }> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom("content").selectAll().where("id", "=", input.id).where(visibleTo(input.tenantId)).executeTakeFirst();
    if (!before) throw new NotFoundError("content");
    await tx.updateTable("content").set({ parent_id: before.parent_id }).where("parent_id", "=", before.id).execute();
    await tx.deleteFrom("content").where("id", "=", before.id).execute();
    await recordAudit(tx, actor, { action: "delete", entity: "content", entityId: before.id, before });
    return { ok: true as const, fileKey: before.file_key };
  });
}

/* ---- categories: of announcements (the spec's bulletin catalogue) and of downloads (decision 053) ---- */

export const CATEGORY_KINDS = ["announcement", "download"] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const isCategoryKind = (kind: string): kind is CategoryKind => (CATEGORY_KINDS as readonly string[]).includes(kind);

export interface Category {
  id: number;
  nameZh: string;
  nameEn: string;
  sort: number;
  itemCount: number;
}

export async function listCategories(db: DB, kind: CategoryKind = "announcement"): Promise<Category[]> {
  const rows = await db
    .selectFrom("content_category as c")
    .select((eb) => [
      "c.id",
      "c.name_zh",
      "c.name_en",
      "c.sort",
      eb
        .selectFrom("content as i")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("i.category_id", "=", "c.id")
        .as("item_count"),
    ])
    .where("c.kind", "=", kind)
    .orderBy("c.sort")
    .orderBy("c.id")
    .execute();
  return rows.map((r) => ({ id: r.id, nameZh: r.name_zh, nameEn: r.name_en, sort: r.sort, itemCount: Number(r.item_count ?? 0) }));
}

export async function saveCategory(
  db: DB,
  actor: Actor,
  input: { id: number | null; nameZh: string; nameEn: string; sort: number; kind?: CategoryKind },
): Promise<Result<number>> {
  const kind = input.kind ?? "announcement";
  if (!input.nameZh.trim() || !input.nameEn.trim()) return fail("adminContent:category.err.name");
  return db.transaction().execute(async (tx) => {
    const twin = await tx.selectFrom("content_category").select("id").where("kind", "=", kind).where("name_zh", "=", input.nameZh).executeTakeFirst();
    if (twin && twin.id !== input.id) return fail("adminContent:category.err.taken");
    const row = { kind, name_zh: input.nameZh, name_en: input.nameEn, sort: input.sort };
    let id: number;
    let before: unknown;
    if (input.id === null) id = (await tx.insertInto("content_category").values(row).returning("id").executeTakeFirstOrThrow()).id;
    else {
      before = await tx.selectFrom("content_category").selectAll().where("id", "=", input.id).where("kind", "=", kind).executeTakeFirst();
      if (!before) throw new NotFoundError("category");
      id = input.id;
      await tx.updateTable("content_category").set(row).where("id", "=", id).execute();
    }
    await recordAudit(tx, actor, { action: before ? "update" : "create", entity: "content_category", entityId: id, before, after: row });
    return ok(id);
  });
}

/** Deletes a category no announcement uses. */
export async function deleteCategory(db: DB, actor: Actor, id: number): Promise<Result> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom("content_category").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new NotFoundError("category");
    const used = await tx.selectFrom("content").select("id").where("category_id", "=", id).executeTakeFirst();
    if (used) return fail("adminContent:category.err.inUse");
    await tx.deleteFrom("content_category").where("id", "=", id).execute();
    await recordAudit(tx, actor, { action: "delete", entity: "content_category", entityId: id, before });
    return ok();
  });
}
