import { nextState, type StateTable } from "~/modules/services/request-rules";

/**
 * The state machine of a stock reservation (decision 052). Customer support approves (reserving
 * stock) or refuses a submitted one; the dealer may withdraw it while it is submitted. An approved
 * reservation is released (what was not ordered goes back to stock) by staff, by the dealer, or on
 * its end date. Nothing else moves.
 */
export const RESERVATION_STATUSES = ["submitted", "approved", "refused", "withdrawn", "released"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_EVENTS = ["approve", "refuse", "withdraw", "release"] as const;
export type ReservationEvent = (typeof RESERVATION_EVENTS)[number];

export const RESERVATION_TRANSITIONS: StateTable<ReservationStatus, ReservationEvent> = {
  submitted: { approve: "approved", refuse: "refused", withdraw: "withdrawn" },
  approved: { release: "released" },
  refused: {},
  withdrawn: {},
  released: {},
};

export function nextReservationStatus(status: string, event: ReservationEvent): ReservationStatus | null {
  return nextState(RESERVATION_TRANSITIONS, status, event);
}

export const RESERVATION_MAX_LINES = 10;
export const RESERVATION_MAX_QTY = 100_000;
/** a reservation covers at most twelve months */
export const RESERVATION_MAX_MONTHS = 12;
export const RESERVATION_PAGE_SIZE = 20;
export const RESERVATION_PATH = "/customerSupport/standbyLibrary";

/** the last day a reservation starting on `start` (YYYY-MM-DD) may run to: twelve months on, less a day */
export function latestEnd(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + RESERVATION_MAX_MONTHS);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
