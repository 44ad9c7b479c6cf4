/** i18n keys (namespace support) of the customer-service pages, shop and back office (decisions 050, 052). */
export const REQUEST_STATUS: Record<string, string> = {
  submitted: "request.statusSubmitted",
  approved: "request.statusApproved",
  refused: "request.statusRefused",
  shipped: "request.statusShipped",
};
export const REQUEST_KIND: Record<string, string> = { sample: "request.kindSample", tool_body: "request.kindToolBody", marketing: "request.kindMarketing" };
export const RESERVATION_STATUS: Record<string, string> = {
  submitted: "reserve.statusSubmitted",
  approved: "reserve.statusApproved",
  refused: "reserve.statusRefused",
  withdrawn: "reserve.statusWithdrawn",
  released: "reserve.statusReleased",
};
export const RELEASE_CAUSE: Record<string, string> = { staff: "reserve.causeStaff", dealer: "reserve.causeDealer", expired: "reserve.causeExpired" };
