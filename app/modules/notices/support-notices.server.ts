import type { DB } from "~/db/db.server";
import type { SupportEvent, SupportKind } from "~/modules/support/status";

/**
 * The notices a sample or tool-body request gives its dealer at each step (decision 050). The
 * notice type names the kind, and detail_id the request, so opening it leads to the request.
 */
export const SUPPORT_NOTICE_TYPES: Record<SupportKind, string> = { sample: "sample_support", tool_body: "cutter_support", marketing: "marketing_support" };
/** a stock reservation's notices (decision 052) */
export const RESERVATION_NOTICE_TYPE = "stock_reservation";

const WHAT: Record<SupportKind, { zh: string; en: string }> = {
  sample: { zh: "样品申请", en: "Sample request" },
  tool_body: { zh: "刀体申请", en: "Tool-body request" },
  marketing: { zh: "宣传支持申请", en: "Marketing-support request" },
};
const TEXTS: Record<SupportEvent, { zh: [string, string]; en: [string, string] }> = {
  approve: {
    zh: ["{what} {no} 已批准", "您的{what} {no} 已获客户服务批准，我们将尽快发货。"],
    en: ["{what} {no} approved", "Customer support approved your {what} {no}; it will be shipped soon."],
  },
  refuse: {
    zh: ["{what} {no} 未获批准", "您的{what} {no} 未获批准。原因：{extra}"],
    en: ["{what} {no} refused", "Customer support refused your {what} {no}. Reason: {extra}"],
  },
  ship: {
    zh: ["{what} {no} 已发货", "您的{what} {no} 已发货，运单号：{extra}。"],
    en: ["{what} {no} shipped", "Your {what} {no} has been shipped; tracking number: {extra}."],
  },
};

export async function addSupportNotice(
  db: DB,
  target: { userId: number; tenantId: number },
  request: { id: number; requestNo: string; kind: SupportKind },
  event: SupportEvent,
  extra: string,
  now = new Date(),
): Promise<void> {
  const t = TEXTS[event];
  const fill = (s: string, lang: "zh" | "en") =>
    s
      .replaceAll("{what}", lang === "zh" ? WHAT[request.kind].zh : WHAT[request.kind].en.toLowerCase())
      .replaceAll("{no}", request.requestNo)
      .replaceAll("{extra}", extra);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  await db
    .insertInto("notice")
    .values({
      user_id: target.userId,
      tenant_id: target.tenantId,
      type: SUPPORT_NOTICE_TYPES[request.kind],
      title_zh: fill(t.zh[0], "zh"),
      title_en: cap(fill(t.en[0], "en")),
      body_zh: fill(t.zh[1], "zh"),
      body_en: fill(t.en[1], "en"),
      detail_id: request.id,
      order_no: null,
      is_read: 0,
      created_at: now.toISOString(),
    })
    .execute();
}

export type ReservationNoticeEvent = "approve" | "refuse" | "release" | "expire";
const RESERVATION_TEXTS: Record<ReservationNoticeEvent, { zh: [string, string]; en: [string, string] }> = {
  approve: {
    zh: ["备库申请 {no} 已批准", "您的备库申请 {no} 已获批准，批准数量已为您预留，期间内下单将优先使用预留库存。"],
    en: ["Stock reservation {no} approved", "Your stock reservation {no} was approved; the approved quantities are kept for you and your orders draw on them first."],
  },
  refuse: {
    zh: ["备库申请 {no} 未获批准", "您的备库申请 {no} 未获批准。原因：{extra}"],
    en: ["Stock reservation {no} refused", "Your stock reservation {no} was refused. Reason: {extra}"],
  },
  release: {
    zh: ["备库 {no} 已释放", "客户服务已释放您的备库 {no}，未下单的数量已退回库存。"],
    en: ["Stock reservation {no} released", "Customer support released your stock reservation {no}; what was not ordered went back to stock."],
  },
  expire: {
    zh: ["备库 {no} 已到期", "您的备库 {no} 已到期，未下单的数量已退回库存。"],
    en: ["Stock reservation {no} ended", "Your stock reservation {no} has ended; what was not ordered went back to stock."],
  },
};

export async function addReservationNotice(
  db: DB,
  target: { userId: number; tenantId: number },
  reservation: { id: number; no: string },
  event: ReservationNoticeEvent,
  extra: string,
  now = new Date(),
): Promise<void> {
  const t = RESERVATION_TEXTS[event];
  const fill = (s: string) => s.replaceAll("{no}", reservation.no).replaceAll("{extra}", extra);
  await db
    .insertInto("notice")
    .values({
      user_id: target.userId,
      tenant_id: target.tenantId,
      type: RESERVATION_NOTICE_TYPE,
      title_zh: fill(t.zh[0]),
      title_en: fill(t.en[0]),
      body_zh: fill(t.zh[1]),
      body_en: fill(t.en[1]),
      detail_id: reservation.id,
      order_no: null,
      is_read: 0,
      created_at: now.toISOString(),
    })
    .execute();
}
