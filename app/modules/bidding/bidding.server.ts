import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { recordAudit, type Actor } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";
import { BIDDING_MAX_DOCUMENTS, BIDDING_PAGE_SIZE, biddingState, type BiddingState, type BiddingStatus } from "./state";
import { fail, ok, type Result } from "~/modules/result";

/**
 * Rare-earth bidding (decision 053): tender announcements the content editors publish and anybody
 * reads on /gdre. A visitor sees a tender once it is published and its publish date has come;
 * its state (upcoming, open, closed) follows from the opening and closing times. Documents are
 * files in the content store (files.server.ts); this module keeps their rows.
 */
export { BIDDING_MAX_DOCUMENTS, BIDDING_PAGE_SIZE, BIDDING_STATES, BIDDING_STATUSES, biddingState, type BiddingState, type BiddingStatus } from "./state";

export interface BiddingInput {
  biddingNo: string;
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  contact: string;
  publishedAt: string; // ISO-8601
  opensAt: string;
  closesAt: string;
}

export interface BiddingDocument {
  id: number;
  name: string;
  type: string;
  size: number;
}

const E = "bidding:err.";

/* ---- the public page ---- */

export interface PublicBidding {
  id: number;
  biddingNo: string;
  title: string;
  body: string;
  contact: string;
  publishedAt: string;
  opensAt: string;
  closesAt: string;
  state: BiddingState;
  documents: BiddingDocument[];
}

const visible = (db: DB, now: Date) => db.selectFrom("bidding").where("status", "=", "published").where("published_at", "<=", now.toISOString());

/** Published tenders: open ones first (closing soonest first), then upcoming, then closed (newest first). */
export async function listPublicBiddings(
  db: DB,
  opts: { lang: Language; state?: BiddingState | null; page?: number; now?: Date },
): Promise<{ total: number; rows: Omit<PublicBidding, "body" | "documents" | "contact">[] }> {
  const now = opts.now ?? new Date();
  const iso = now.toISOString();
  let q = visible(db, now);
  if (opts.state === "open") q = q.where("opens_at", "<=", iso).where("closes_at", ">", iso);
  else if (opts.state === "upcoming") q = q.where("opens_at", ">", iso);
  else if (opts.state === "closed") q = q.where("closes_at", "<=", iso);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const page = Math.max(1, opts.page ?? 1);
  const rank = sql<number>`case when opens_at <= ${iso} and closes_at > ${iso} then 0 when opens_at > ${iso} then 1 else 2 end`;
  const rows = await q
    .select(["id", "bidding_no", "title_zh", "title_en", "published_at", "opens_at", "closes_at"])
    .orderBy(rank)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(BIDDING_PAGE_SIZE)
    .offset((page - 1) * BIDDING_PAGE_SIZE)
    .execute();
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      biddingNo: r.bidding_no,
      title: opts.lang === "en" ? r.title_en : r.title_zh,
      publishedAt: r.published_at,
      opensAt: r.opens_at,
      closesAt: r.closes_at,
      state: biddingState(r.opens_at, r.closes_at, now),
    })),
  };
}

async function documentsOf(db: DB, biddingId: number): Promise<BiddingDocument[]> {
  const rows = await db
    .selectFrom("bidding_document")
    .select(["id", "file_name", "file_type", "file_size"])
    .where("bidding_id", "=", biddingId)
    .orderBy("id")
    .execute();
  return rows.map((d) => ({ id: d.id, name: d.file_name, type: d.file_type, size: Number(d.file_size) }));
}

/** One published tender, or null (unknown, a draft, not yet published). */
export async function getPublicBidding(db: DB, opts: { id: number; lang: Language; now?: Date }): Promise<PublicBidding | null> {
  const now = opts.now ?? new Date();
  const r = await visible(db, now).selectAll().where("id", "=", opts.id).executeTakeFirst();
  if (!r) return null;
  const en = opts.lang === "en";
  return {
    id: r.id,
    biddingNo: r.bidding_no,
    title: en ? r.title_en : r.title_zh,
    body: en ? r.body_en : r.body_zh,
    contact: r.contact,
    publishedAt: r.published_at,
    opensAt: r.opens_at,
    closesAt: r.closes_at,
    state: biddingState(r.opens_at, r.closes_at, now),
    documents: await documentsOf(db, r.id),
  };
}

/** A document of a published tender, for anybody; null for a draft's or an unknown one. */
export async function getPublicDocument(db: DB, opts: { id: number; now?: Date }) {
  const now = opts.now ?? new Date();
  const r = await db
    .selectFrom("bidding_document as d")
    .innerJoin("bidding as b", "b.id", "d.bidding_id")
    .select(["d.file_name", "d.file_type", "d.file_size", "d.file_key", "d.created_at", "b.updated_at"])
    .where("d.id", "=", opts.id)
    .where("b.status", "=", "published")
    .where("b.published_at", "<=", now.toISOString())
    .executeTakeFirst();
  if (!r) return null;
  return {
    name: r.file_name,
    type: r.file_type,
    size: Number(r.file_size),
    key: r.file_key,
    updatedAt: r.updated_at > r.created_at ? r.updated_at : r.created_at,
  };
}

/* ---- the back office ---- */

export interface AdminBidding extends BiddingInput {
  id: number;
  status: BiddingStatus;
  documents: BiddingDocument[];
}

export async function listAdminBiddings(db: DB, opts: { status?: BiddingStatus | null; page?: number }) {
  let q = db.selectFrom("bidding");
  if (opts.status) q = q.where("status", "=", opts.status);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const page = Math.max(1, opts.page ?? 1);
  const rows = await q
    .select(["id", "bidding_no", "title_zh", "title_en", "status", "published_at", "opens_at", "closes_at"])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(BIDDING_PAGE_SIZE * 5)
    .offset((page - 1) * BIDDING_PAGE_SIZE * 5)
    .execute();
  return {
    total: Number(n),
    pageSize: BIDDING_PAGE_SIZE * 5,
    rows: rows.map((r) => ({
      id: r.id,
      biddingNo: r.bidding_no,
      titleZh: r.title_zh,
      titleEn: r.title_en,
      status: r.status as BiddingStatus,
      publishedAt: r.published_at,
      opensAt: r.opens_at,
      closesAt: r.closes_at,
    })),
  };
}

export async function getAdminBidding(db: DB, id: number): Promise<AdminBidding> {
  const r = await db.selectFrom("bidding").selectAll().where("id", "=", id).executeTakeFirst();
  if (!r) throw new NotFoundError("bidding");
  return {
    id: r.id,
    biddingNo: r.bidding_no,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    bodyZh: r.body_zh,
    bodyEn: r.body_en,
    contact: r.contact,
    status: r.status as BiddingStatus,
    publishedAt: r.published_at,
    opensAt: r.opens_at,
    closesAt: r.closes_at,
    documents: await documentsOf(db, r.id),
  };
}

/** The checks of a tender's fields; null when fine, else an i18n key. */
export function checkBidding(b: BiddingInput): string | null {
  if (!b.titleZh.trim() || !b.titleEn.trim()) return `${E}title`;
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/.test(b.biddingNo)) return `${E}number`;
  if (!b.contact.trim()) return `${E}contact`;
  const [p, o, c] = [b.publishedAt, b.opensAt, b.closesAt].map((d) => Date.parse(d));
  if ([p, o, c].some(Number.isNaN)) return `${E}date`;
  if (c <= o) return `${E}closeBeforeOpen`;
  if (p > o) return `${E}publishAfterOpen`;
  return null;
}

/**
 * Adds (id null, as a draft) or updates a tender. The number is unique: a form posted twice adds
 * one tender (the second post is refused with "number taken").
 */
export async function saveBidding(db: DB, actor: Actor, input: { id: number | null; bidding: BiddingInput }, now = new Date()): Promise<Result<number>> {
  const b = input.bidding;
  const bad = checkBidding(b);
  if (bad) return fail(bad);
  return db.transaction().execute(async (tx) => {
    const before = input.id === null ? null : await getAdminBidding(tx, input.id);
    const twin = await tx.selectFrom("bidding").select("id").where("bidding_no", "=", b.biddingNo).executeTakeFirst();
    if (twin && twin.id !== input.id) return fail(`${E}numberTaken`);
    const row = {
      bidding_no: b.biddingNo,
      title_zh: b.titleZh,
      title_en: b.titleEn,
      body_zh: b.bodyZh,
      body_en: b.bodyEn,
      contact: b.contact,
      published_at: new Date(b.publishedAt).toISOString(),
      opens_at: new Date(b.opensAt).toISOString(),
      closes_at: new Date(b.closesAt).toISOString(),
      updated_at: now.toISOString(),
    };
    let id: number;
    if (input.id === null) {
      id = (
        await tx
          .insertInto("bidding")
          .values({ ...row, status: "draft", created_at: now.toISOString() })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      id = input.id;
      await tx.updateTable("bidding").set(row).where("id", "=", id).execute();
    }
    const { documents: _d, ...beforeAudit } = before ?? { documents: null };
    await recordAudit(
      tx,
      actor,
      { action: before ? "update" : "create", entity: "bidding", entityId: id, before: before ? beforeAudit : undefined, after: row },
      now,
    );
    return ok(id);
  });
}

/**
 * Publishes or unpublishes: a conditional update from the other status, so a double post changes
 * it once (the second answers ok without an effect or a second audit entry).
 */
export async function setBiddingStatus(db: DB, actor: Actor, input: { id: number; status: BiddingStatus }, now = new Date()): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (tx) => {
    const from: BiddingStatus = input.status === "published" ? "draft" : "published";
    const exists = await tx.selectFrom("bidding").select("id").where("id", "=", input.id).executeTakeFirst();
    if (!exists) throw new NotFoundError("bidding");
    const r = await tx
      .updateTable("bidding")
      .set({ status: input.status, updated_at: now.toISOString() })
      .where("id", "=", input.id)
      .where("status", "=", from)
      .executeTakeFirst();
    const changed = Number(r.numUpdatedRows) === 1;
    if (changed)
      await recordAudit(tx, actor, { action: "update", entity: "bidding", entityId: input.id, before: { status: from }, after: { status: input.status } }, now);
    return { changed };
  });
}

/** Adds a stored file to a tender (at most BIDDING_MAX_DOCUMENTS). */
export async function addBiddingDocument(
  db: DB,
  actor: Actor,
  input: { biddingId: number; file: { name: string; type: string; size: number; key: string } },
  now = new Date(),
): Promise<Result<number>> {
  return db.transaction().execute(async (tx) => {
    // lock the tender's row first, so two uploads at once cannot pass the limit together
    const touched = await tx.updateTable("bidding").set({ updated_at: now.toISOString() }).where("id", "=", input.biddingId).executeTakeFirst();
    if (Number(touched.numUpdatedRows) !== 1) throw new NotFoundError("bidding");
    const { n } = await tx
      .selectFrom("bidding_document")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("bidding_id", "=", input.biddingId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= BIDDING_MAX_DOCUMENTS) return fail(`${E}tooManyDocuments`);
    const f = input.file;
    const { id } = await tx
      .insertInto("bidding_document")
      .values({ bidding_id: input.biddingId, file_name: f.name, file_type: f.type, file_size: f.size, file_key: f.key, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(
      tx,
      actor,
      { action: "create", entity: "bidding_document", entityId: id, after: { biddingId: input.biddingId, name: f.name, type: f.type, size: f.size } },
      now,
    );
    return ok(id);
  });
}

/** Removes a document of a tender; returns its file key to remove from the store (null when already gone). */
export async function removeBiddingDocument(
  db: DB,
  actor: Actor,
  input: { biddingId: number; documentId: number },
  now = new Date(),
): Promise<{ fileKey: string | null }> {
  return db.transaction().execute(async (tx) => {
    const doc = await tx
      .selectFrom("bidding_document")
      .selectAll()
      .where("id", "=", input.documentId)
      .where("bidding_id", "=", input.biddingId)
      .executeTakeFirst();
    if (!doc) return { fileKey: null };
    await tx.deleteFrom("bidding_document").where("id", "=", doc.id).execute();
    await tx.updateTable("bidding").set({ updated_at: now.toISOString() }).where("id", "=", input.biddingId).execute();
    await recordAudit(tx, actor, { action: "delete", entity: "bidding_document", entityId: doc.id, before: doc }, now);
    return { fileKey: doc.file_key };
  });
}
