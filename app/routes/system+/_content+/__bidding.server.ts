import { z } from "zod";
import { bilingualBodies, bilingualTitles } from "~/utils/bilingual-fields.server";
import { localToIso } from "~/modules/admin/parameters";
import { BIDDING_STATUSES } from "~/modules/bidding/state";

/** The forms of the bidding screens (decision 053): on the server only, so zod stays out of the browser (decision 041). */
const E = "bidding:err.";
const localTime = z
  .string({ error: `${E}date` })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, `${E}date`)
  .transform((v) => new Date(localToIso(v)).toISOString());
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const BiddingSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    biddingNo: z
      .string({ error: `${E}number` })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/, `${E}number`),
    ...bilingualTitles(E),
    ...bilingualBodies(E),
    contact: z
      .string({ error: `${E}contact` })
      .trim()
      .min(1, `${E}contact`)
      .max(300, `${E}tooLong`),
    publishedAt: localTime,
    opensAt: localTime,
    closesAt: localTime,
  }),
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("unpublish") }),
  z.object({ intent: z.literal("addDocument"), document: z.instanceof(File, { error: `${E}noFile` }).refine((f) => f.size > 0, `${E}noFile`) }),
  z.object({ intent: z.literal("removeDocument"), documentId: id }),
]);

export const BiddingAdminFilterSchema = z.object({
  status: z.enum(BIDDING_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export const biddingParam = z.union([z.literal("new"), id]);
