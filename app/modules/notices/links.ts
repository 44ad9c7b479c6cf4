/**
 * Where opening a notice leads (spec §4 "messages and to-dos"): an order's notices to that order's
 * details, where its action is (the proposed date with agree / disagree; issue 29 item 1, decision
 * 065), after-sales feedback to its detail, anything else stays on the message list with the notice
 * highlighted.
 */
const ORDER_NOTICE_TYPES = new Set(["cancel_order", "erp_delivery_feedback", "delivery"]);

/** A notice about one order (its text is shown in full on the order, not in the list). */
export const isOrderNotice = (type: string) => ORDER_NOTICE_TYPES.has(type);

export function noticeTarget(notice: { id: number; type: string; orderNo: string | null; detailId: number | null }): string {
  if (isOrderNotice(notice.type) && notice.orderNo) return `/order/orderDetails?orderNo=${encodeURIComponent(notice.orderNo)}`;
  if (notice.type === "customer_feedback" && notice.detailId) return `/afterSalesService/askAfterSalesDetails?id=${notice.detailId}`;
  // sample and tool-body requests (decision 050): to the request
  if (notice.type === "sample_support" && notice.detailId) return `/customerSupport/samplesSupport/${notice.detailId}`;
  if (notice.type === "cutter_support" && notice.detailId) return `/customerSupport/cutterSupport/${notice.detailId}`;
  // customized tool quotations (decision 051): to the quotation
  if (notice.type === "quotation" && notice.detailId) return `/technologyService/cutterOfferDetails?id=${notice.detailId}`;
  // marketing support and stock reservations (decision 052)
  if (notice.type === "marketing_support" && notice.detailId) return `/customerSupport/broadcastSupport/${notice.detailId}`;
  if (notice.type === "stock_reservation" && notice.detailId) return `/customerSupport/standbyLibrary/${notice.detailId}`;
  return `/order/myMessage?id=${notice.id}`;
}
