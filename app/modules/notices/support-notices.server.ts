import { getFixedT } from "~/i18n/i18n.server";
import type { StepNotice } from "~/modules/services/request-steps.server";
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

/** The notice a sample, tool-body or marketing request's step gives its dealer (the request-step engine writes it). */
export function supportNotice(kind: SupportKind, requestNo: string, event: SupportEvent, extra: string): StepNotice {
  // the kind's name as a title starts and inside a sentence ("Sample request …", "… your sample request …")
  const values = (lang: "zh" | "en") => {
    const t = getFixedT(lang, "notices");
    return { what: t(`what.${kind}`), whatInText: t(`whatInText.${kind}`), no: requestNo, extra };
  };
  return { type: SUPPORT_NOTICE_TYPES[kind], ...noticeTexts(`support.${event}`, values) };
}

export type ReservationNoticeEvent = "approve" | "refuse" | "release" | "expire";

/** The notice a stock reservation's step gives its dealer. */
export function reservationNotice(reservationNo: string, event: ReservationNoticeEvent, extra: string): StepNotice {
  return { type: RESERVATION_NOTICE_TYPE, ...noticeTexts(`reservation.${event}`, { no: reservationNo, extra }) };
}
