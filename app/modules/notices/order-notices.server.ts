import type { Kysely } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { noticeTexts } from "./notice-texts.server";

/**
 * Notices the order area stores for an account (spec §3 Notice: types cancel order and ERP
 * delivery date feedback). The notice box and the message page read them.
 */
export type OrderNoticeKind =
  "review" | "cancelled" | "confirmed" | "disagreed" | "agreed" | "proposed" | "deskConfirmed" | "deskCancelled" | "deskCancelledRest" | "purchase" | "shipped";

/** The notice type of each kind; the texts are notices:order.<kind> in the locale files. */
const TYPES: Record<OrderNoticeKind, string> = {
  review: "erp_delivery_feedback",
  confirmed: "erp_delivery_feedback",
  disagreed: "cancel_order",
  cancelled: "cancel_order",
  // the order desk's actions (decision 044); the reason carries the details
  agreed: "erp_delivery_feedback",
  proposed: "erp_delivery_feedback",
  deskConfirmed: "erp_delivery_feedback",
  deskCancelled: "cancel_order",
  deskCancelledRest: "cancel_order",
  purchase: "erp_delivery_feedback",
  shipped: "delivery",
};

export async function addOrderNotice(
  db: Kysely<Database>,
  target: { id: number; tenantId: number },
  orderNo: string,
  kind: OrderNoticeKind,
  now = new Date(),
  reason = "",
  /** the recipient did this himself: kept in the list, not counted as unread */
  alreadyRead = false,
): Promise<void> {
  await db
    .insertInto("notice")
    .values({
      user_id: target.id,
      tenant_id: target.tenantId,
      type: TYPES[kind],
      ...noticeTexts(`order.${kind}`, { no: orderNo, reason }),
      detail_id: null,
      order_no: orderNo,
      is_read: alreadyRead ? 1 : 0,
      created_at: now.toISOString(),
    })
    .execute();
}

export const NOTICE_PAGE_SIZE = 20;

/** The messages page: all notices of the user, newest first, paged. */
export async function listNotices(db: DB, userId: number, lang: Language, page: number, onlyUnread = false) {
  let q = db.selectFrom("notice").where("user_id", "=", userId);
  if (onlyUnread) q = q.where("is_read", "=", 0);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    q
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(NOTICE_PAGE_SIZE)
      .offset((page - 1) * NOTICE_PAGE_SIZE)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((n) => ({
      id: n.id,
      type: n.type,
      title: lang === "en" ? n.title_en : n.title_zh,
      body: lang === "en" ? n.body_en : n.body_zh,
      orderNo: n.order_no,
      detailId: n.detail_id,
      isRead: n.is_read === 1,
      createdAt: n.created_at,
    })),
  };
}

/** Mark one notice read (only the user's own); returns the new unread count, or null if not found. */
export async function markNoticeRead(
  db: DB,
  userId: number,
  id: number,
): Promise<{ count: number; notice: { type: string; orderNo: string | null; detailId: number | null } } | null> {
  const notice = await db
    .selectFrom("notice")
    .select(["id", "type", "order_no", "detail_id"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!notice) return null;
  await db.updateTable("notice").set({ is_read: 1 }).where("id", "=", id).where("user_id", "=", userId).execute();
  const c = await db
    .selectFrom("notice")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("is_read", "=", 0)
    .executeTakeFirstOrThrow();
  return { count: Number(c.n), notice: { type: notice.type, orderNo: notice.order_no, detailId: notice.detail_id } };
}

export async function markAllNoticesRead(db: DB, userId: number): Promise<void> {
  await db.updateTable("notice").set({ is_read: 1 }).where("user_id", "=", userId).where("is_read", "=", 0).execute();
}
