/** i18n keys (namespace support) of the back office's customer-service pages (decisions 050, 052). */
export const KIND: Record<string, string> = { sample: "request.kindSample", tool_body: "request.kindToolBody", marketing: "request.kindMarketing" };
export const RESERVATION_STATUS: Record<string, string> = {
  submitted: "reserve.statusSubmitted",
  approved: "reserve.statusApproved",
  refused: "reserve.statusRefused",
  withdrawn: "reserve.statusWithdrawn",
  released: "reserve.statusReleased",
};
