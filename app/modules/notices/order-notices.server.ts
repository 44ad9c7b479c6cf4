import type { Kysely } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { Language } from "~/i18n/config";

/**
 * Notices the order area stores for an account (spec §3 Notice: types cancel order and ERP
 * delivery date feedback). The notice box and the message page read them.
 */
export type OrderNoticeKind =
  | "review"
  | "cancelled"
  | "confirmed"
  | "disagreed"
  | "agreed"
  | "proposed"
  | "deskConfirmed"
  | "deskCancelled"
  | "deskCancelledRest"
  | "purchase"
  | "shipped";

const TEXTS: Record<OrderNoticeKind, { type: string; zh: [string, string]; en: [string, string] }> = {
  review: {
    type: "erp_delivery_feedback",
    zh: ["订单 {no} 待确认", "订单 {no} 的期望交货日期需要人工审核，请在订单详情中同意或不同意。"],
    en: ["Order {no} to be confirmed", "The expected delivery date of order {no} needs a manual review: please agree or disagree in the order details."],
  },
  confirmed: {
    type: "erp_delivery_feedback",
    zh: ["订单 {no} 已确认", "您已同意订单 {no} 的交货日期，订单已确认。"],
    en: ["Order {no} confirmed", "You agreed to the delivery date of order {no}; the order is confirmed."],
  },
  disagreed: {
    type: "cancel_order",
    zh: ["订单 {no} 已取消", "您不同意订单 {no} 的交货日期，订单已取消。"],
    en: ["Order {no} cancelled", "You disagreed with the delivery date of order {no}; the order is cancelled."],
  },
  cancelled: {
    type: "cancel_order",
    zh: ["订单 {no} 已取消", "订单 {no} 已取消。原因：{reason}"],
    en: ["Order {no} cancelled", "Order {no} has been cancelled. Reason: {reason}"],
  },
  // the order desk's actions (decision 044); {reason} carries the details
  agreed: {
    type: "erp_delivery_feedback",
    zh: ["订单 {no} 已同意新交期", "您已同意订单 {no} 的建议交期，订单交由销售服务确认。"],
    en: ["Order {no}: new dates agreed", "You agreed to the proposed delivery dates of order {no}; the order desk will confirm the order."],
  },
  proposed: {
    type: "erp_delivery_feedback",
    zh: ["订单 {no} 交期反馈", "销售服务无法满足订单 {no} 的期望日期，建议交期：{reason}。请在订单详情中同意或不同意。"],
    en: ["Order {no}: delivery date feedback", "The order desk cannot meet the requested dates of order {no} and proposes: {reason}. Please agree or disagree in the order details."],
  },
  deskConfirmed: {
    type: "erp_delivery_feedback",
    zh: ["订单 {no} 已确认", "销售服务已确认订单 {no}，交期：{reason}。"],
    en: ["Order {no} confirmed", "The order desk confirmed order {no}; delivery dates: {reason}."],
  },
  deskCancelled: {
    type: "cancel_order",
    zh: ["订单 {no} 已被取消", "销售服务取消了订单 {no}。原因：{reason}"],
    en: ["Order {no} cancelled", "The order desk cancelled order {no}. Reason: {reason}"],
  },
  deskCancelledRest: {
    type: "cancel_order",
    zh: ["订单 {no} 未发货部分已取消", "销售服务取消了订单 {no} 尚未发货的部分，已发货的不受影响，订单已完结。原因：{reason}"],
    en: ["Order {no}: the rest cancelled", "The order desk cancelled what had not shipped of order {no}; what shipped stays shipped and the order is closed. Reason: {reason}"],
  },
  purchase: {
    type: "erp_delivery_feedback",
    zh: ["订单 {no} 已生成采购申请", "订单 {no} 已生成采购申请，正在备货。"],
    en: ["Order {no}: purchase application created", "A purchase application has been created for order {no}; the goods are being prepared."],
  },
  shipped: {
    type: "delivery",
    zh: ["订单 {no} 已发货", "订单 {no} 已发货：{reason}。详情见发货记录。"],
    en: ["Order {no} shipped", "Order {no} has been shipped: {reason}. See the delivery records."],
  },
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
  const t = TEXTS[kind];
  const fill = (s: string) => s.replaceAll("{no}", orderNo).replaceAll("{reason}", reason);
  await db
    .insertInto("notice")
    .values({
      user_id: target.id,
      tenant_id: target.tenantId,
      type: t.type,
      title_zh: fill(t.zh[0]),
      title_en: fill(t.en[0]),
      body_zh: fill(t.zh[1]),
      body_en: fill(t.en[1]),
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
export async function markNoticeRead(db: DB, userId: number, id: number): Promise<{ count: number; notice: { type: string; orderNo: string | null; detailId: number | null } } | null> {
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
