import type { DB } from "~/db/db.server";
import type { SupportEvent, SupportKind } from "~/modules/support/status";

/**
 * The notices a sample or tool-body request gives its dealer at each step (decision 050). The
 * notice type names the kind, and detail_id the request, so opening it leads to the request.
 */
export const SUPPORT_NOTICE_TYPES: Record<SupportKind, string> = { sample: "sample_support", tool_body: "cutter_support" };

const WHAT: Record<SupportKind, { zh: string; en: string }> = {
  sample: { zh: "样品申请", en: "Sample request" },
  tool_body: { zh: "刀体申请", en: "Tool-body request" },
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
