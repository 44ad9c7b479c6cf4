import { z } from "zod";
import { BIDDING_STATES } from "~/modules/bidding/state";

/** The query of the public bidding pages (decision 053): on the server only (decision 041). */
export const BiddingFilterSchema = z.object({
  state: z.enum(BIDDING_STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export const biddingId = z.coerce.number().int().positive().max(2_147_483_647);
