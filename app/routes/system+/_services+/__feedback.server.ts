import { z } from "zod";
import { FEEDBACK_STATUSES, FEEDBACK_TEXT_MAX, FEEDBACK_TYPES } from "~/modules/feedback/status";

/** The back office's after-sales feedback forms (decision 049): on the server only. */

export const FeedbackFilterSchema = z.object({
  status: z.enum(FEEDBACK_STATUSES).optional().catch(undefined),
  type: z.enum(FEEDBACK_TYPES).optional().catch(undefined),
  dealer: z
    .string()
    .trim()
    .max(60)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export const FeedbackIdParam = z.coerce.number().int().min(1).max(2_000_000_000);

export const StaffStepSchema = z.object({
  token: z.string({ error: "feedback:error.form" }).regex(/^[A-Za-z0-9_-]{16,64}$/, "feedback:error.form"),
  intent: z.enum(["reply", "ask", "close"], { error: "feedback:error.form" }),
  body: z.string().trim().max(FEEDBACK_TEXT_MAX, "feedback:error.tooLong").optional().default(""),
});
