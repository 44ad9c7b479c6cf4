import type { DB } from "~/db/db.server";
import { getFixedT } from "~/i18n/i18n.server";
import type { SupportEvent, SupportKind } from "~/modules/support/status";
import { noticeTexts } from "./notice-texts.server";

/**
 * The notices a sample or tool-body request gives its dealer at each step (decision 050). The
 * notice type names the kind, and detail_id the request, so opening it leads to the request.
 * Their texts are notices:support.<event> and notices:reservation.<event> in the locale files.
 */
export const SUPPORT_NOTICE_TYPES: Record<SupportKind, string> = { sample: "sample_support", tool_body: "cutter_support", marketing: "marketing_support" };
/** a stock reservation's notices (decision 052) */
export const RESERVATION_NOTICE_TYPE = "stock_reservation";

export async function addSupportNotice(
  db: DB,
  target: { userId: number; tenantId: number },
  request: { id: number; requestNo: string; kind: SupportKind },
  event: SupportEvent,
  extra: string,
  now = new Date(),
): Promise<void> {
  // the kind's name as a title starts and inside a sentence ("Sample request …", "… your sample request …")
  const values = (lang: "zh" | "en") => {
    const t = getFixedT(lang, "notices");
    return { what: t(`what.${request.kind}`), whatInText: t(`whatInText.${request.kind}`), no: request.requestNo, extra };
  };
  await db
    .insertInto("notice")
    .values({
      user_id: target.userId,
      tenant_id: target.tenantId,
      type: SUPPORT_NOTICE_TYPES[request.kind],
      ...noticeTexts(`support.${event}`, values),
      detail_id: request.id,
      order_no: null,
      is_read: 0,
      created_at: now.toISOString(),
    })
    .execute();
}

export type ReservationNoticeEvent = "approve" | "refuse" | "release" | "expire";

export async function addReservationNotice(
  db: DB,
  target: { userId: number; tenantId: number },
  reservation: { id: number; no: string },
  event: ReservationNoticeEvent,
  extra: string,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("notice")
    .values({
      user_id: target.userId,
      tenant_id: target.tenantId,
      type: RESERVATION_NOTICE_TYPE,
      ...noticeTexts(`reservation.${event}`, { no: reservation.no, extra }),
      detail_id: reservation.id,
      order_no: null,
      is_read: 0,
      created_at: now.toISOString(),
    })
    .execute();
}
