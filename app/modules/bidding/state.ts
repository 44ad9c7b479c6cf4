/**
 * The state a visitor sees of a tender (decision 053), derived from its times, never stored:
 * upcoming before it opens, open until it closes, closed afterwards.
 */
/** Tenders per page of /gdre; documents per tender (shared by the pages and the server). */
export const BIDDING_PAGE_SIZE = 10;
export const BIDDING_MAX_DOCUMENTS = 10;

export const BIDDING_STATES = ["open", "upcoming", "closed"] as const;
export type BiddingState = (typeof BIDDING_STATES)[number];
export const BIDDING_STATUSES = ["draft", "published"] as const;
export type BiddingStatus = (typeof BIDDING_STATUSES)[number];

export function biddingState(opensAt: string, closesAt: string, now: Date): BiddingState {
  const t = now.getTime();
  if (t < Date.parse(opensAt)) return "upcoming";
  if (t < Date.parse(closesAt)) return "open";
  return "closed";
}
