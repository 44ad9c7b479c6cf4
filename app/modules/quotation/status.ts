/**
 * The states of a customized tool quotation (decision 051). One table says which event moves a
 * quotation from which state to which: the server reads it for every change, the pages read it to
 * offer only what can succeed. Not a .server file: the pages use it too.
 */
import { nextState, type StateTable } from "~/modules/services/request-rules";

export const QUOTE_STATUSES = ["submitted", "question", "quoted", "accepted", "declined", "cancelled", "ordered"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * quote / ask: the order desk or customer support; answer / accept / decline / cancel: the dealer;
 * order: the dealer's order with the accepted item was placed (order submission).
 */
export const QUOTE_EVENTS = ["quote", "ask", "answer", "accept", "decline", "cancel", "order"] as const;
export type QuoteEvent = (typeof QUOTE_EVENTS)[number];

export const STAFF_QUOTE_EVENTS = ["quote", "ask"] as const satisfies readonly QuoteEvent[];
export type StaffQuoteEvent = (typeof STAFF_QUOTE_EVENTS)[number];
export const DEALER_QUOTE_EVENTS = ["answer", "accept", "decline", "cancel"] as const satisfies readonly QuoteEvent[];
export type DealerQuoteEvent = (typeof DEALER_QUOTE_EVENTS)[number];

export const QUOTE_TRANSITIONS: StateTable<QuoteStatus, QuoteEvent> = {
  // filed, waiting for the order desk
  submitted: { quote: "quoted", ask: "question", cancel: "cancelled" },
  // the order desk asked the dealer something; his answer puts it back in the queue
  question: { answer: "submitted", cancel: "cancelled" },
  // price, MOQ, lead time and validity given; a new quote replaces it (e.g. after it expired)
  quoted: { quote: "quoted", accept: "accepted", decline: "declined", cancel: "cancelled" },
  // the item is in the dealer's cart at the quoted price; placing the order finishes it
  accepted: { order: "ordered" },
  declined: {},
  cancelled: {},
  ordered: {},
};

export function nextQuoteStatus(from: string, event: QuoteEvent): QuoteStatus | null {
  return nextState(QUOTE_TRANSITIONS, from, event);
}

/** Waiting for the order desk (the staff list shows these first). */
export const QUOTE_OPEN_FOR_STAFF: readonly QuoteStatus[] = ["submitted"];

export const QUOTE_TEXT_MAX = 2000;
export const QUOTE_FILES_MAX = 3;
export const QUOTE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const QUOTE_QTY_MAX = 100_000;
/** the quotation number: FB + China date (yymmdd) + the id */
export const QUOTE_PREFIX = "FB";

/**
 * The refusals that say the quotation is no longer where the step starts from (moved by someone
 * else or an earlier post since the page was drawn, or past its validity): the route answers 409.
 */
export const QUOTE_CONFLICTS: ReadonlySet<string> = new Set(["quotation:error.wrongState", "quotation:error.changed", "quotation:error.expired"]);
