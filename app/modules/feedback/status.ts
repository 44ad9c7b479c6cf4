/**
 * The after-sales feedback's states (decision 049). One table says which event may move a
 * feedback from which state to which: the server reads it for every change, the pages read it to
 * show only the forms that can succeed. Not a .server file: the pages use it too.
 */
import { nextState, type StateTable } from "~/modules/services/request-rules";

export const FEEDBACK_TYPES = ["quality", "wrong_delivery", "damage", "performance", "other"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_STATUSES = ["open", "answered", "waiting", "closed"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** message: the dealer writes; reply / ask (for more information) / close: customer support. */
export const FEEDBACK_EVENTS = ["message", "reply", "ask", "close"] as const;
export type FeedbackEvent = (typeof FEEDBACK_EVENTS)[number];

export const STAFF_EVENTS: readonly FeedbackEvent[] = ["reply", "ask", "close"];

export const FEEDBACK_TRANSITIONS: StateTable<FeedbackStatus, FeedbackEvent> = {
  // filed by the dealer, waiting for customer support
  open: { message: "open", reply: "answered", ask: "waiting", close: "closed" },
  // customer support has answered; the dealer may still write (back to support)
  answered: { message: "open", reply: "answered", ask: "waiting", close: "closed" },
  // customer support needs more information from the dealer
  waiting: { message: "open", reply: "answered", ask: "waiting", close: "closed" },
  // finished: nobody writes any more
  closed: {},
};

export function nextFeedbackStatus(from: string, event: FeedbackEvent): FeedbackStatus | null {
  return nextState(FEEDBACK_TRANSITIONS, from, event);
}

export const FEEDBACK_TEXT_MAX = 2000;
export const FEEDBACK_PHOTOS_MAX = 3;
export const FEEDBACK_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The refusals that say the feedback is no longer where the step starts from (closed, or moved by
 * someone else or an earlier post since the page was drawn): the route answers them 409.
 */
export const FEEDBACK_CONFLICTS: ReadonlySet<string> = new Set(["feedback:error.closed", "feedback:error.notAllowed", "feedback:error.changed"]);
