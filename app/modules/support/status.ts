import { nextState, type StateTable } from "~/modules/services/request-rules";

/**
 * The state machine of a sample or tool-body request (decision 050): customer support approves or
 * refuses a submitted request, then records the shipment of an approved one. Nothing else moves.
 */
export const SUPPORT_STATUSES = ["submitted", "approved", "refused", "shipped"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_EVENTS = ["approve", "refuse", "ship"] as const;
export type SupportEvent = (typeof SUPPORT_EVENTS)[number];

export const SUPPORT_TRANSITIONS: StateTable<SupportStatus, SupportEvent> = {
  submitted: { approve: "approved", refuse: "refused" },
  approved: { ship: "shipped" },
  refused: {},
  shipped: {},
};

export function nextSupportStatus(status: string, event: SupportEvent): SupportStatus | null {
  return nextState(SUPPORT_TRANSITIONS, status, event);
}

/** sample and tool body (decision 050), marketing support (decision 052: lines are marketing items) */
export const SUPPORT_KINDS = ["sample", "tool_body", "marketing"] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
/** the dealer's page of each kind */
export const SUPPORT_PATHS: Record<SupportKind, string> = {
  sample: "/customerSupport/samplesSupport",
  tool_body: "/customerSupport/cutterSupport",
  marketing: "/customerSupport/broadcastSupport",
};
/** at most this many of one product per request: samples are a few pieces, a tool body one or two (marketing items carry their own) */
export const SUPPORT_MAX_QTY: Record<SupportKind, number> = { sample: 20, tool_body: 5, marketing: 500 };
/** the dealer's request lists are paged */
export const SUPPORT_PAGE_SIZE = 20;
export const SUPPORT_MAX_LINES = 5;
