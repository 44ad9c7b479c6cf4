import { z } from "zod";
import { FEEDBACK_TEXT_MAX, FEEDBACK_TYPES } from "~/modules/feedback/status";

/** The after-sales feedback forms of the shop (decision 049): on the server only, so zod stays out of the browser. */

const token = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const OrderNoParam = z.string().regex(/^[A-Z0-9-]{4,40}$/);
export const IdParam = z.coerce.number().int().min(1).max(2_000_000_000);

/** The form's query: the order chosen (from the order details page, or the order picker). */
export const FeedbackQuerySchema = z.object({
  orderNo: OrderNoParam.optional().catch(undefined),
});

export const NewFeedbackSchema = z.object({
  token,
  orderNo: z.string({ error: "feedback:error.order" }).regex(/^[A-Z0-9-]{4,40}$/, "feedback:error.order"),
  lineId: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
  type: z.enum(FEEDBACK_TYPES, { error: "feedback:error.type" }),
  description: z.string({ error: "feedback:error.required" }).trim().min(1, "feedback:error.required").max(FEEDBACK_TEXT_MAX, "feedback:error.tooLong"),
  photos: z.array(z.instanceof(File)).max(10).default([]),
});

export const TableQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export const DetailsQuerySchema = z.object({
  id: IdParam,
  updateId: z.coerce.number().int().min(1).max(2_000_000_000).optional().catch(undefined),
});

export const MessageSchema = z.object({
  token,
  body: z.string({ error: "feedback:error.required" }).trim().min(1, "feedback:error.required").max(FEEDBACK_TEXT_MAX, "feedback:error.tooLong"),
});
