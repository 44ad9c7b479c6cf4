import { z } from "zod";

/** Customer support's decisions on a request (support.$id): zod on the server only (decision 041). */
export const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("refuse"), reason: z.string({ error: "support:request.reasonRequired" }).trim().min(1, "support:request.reasonRequired").max(500, "support:request.tooLong") }),
  z.object({
    intent: z.literal("ship"),
    trackingNo: z.string({ error: "support:request.trackingRequired" }).trim().min(1, "support:request.trackingRequired").max(60, "support:request.tooLong"),
    carrier: z.string().trim().max(60, "support:request.tooLong").optional(),
  }),
]);

export const SupportFilterSchema = z.object({
  status: z.enum(["open", "submitted", "approved", "refused", "shipped", ""]).catch("open"),
  kind: z.enum(["sample", "tool_body", ""]).catch(""),
});
