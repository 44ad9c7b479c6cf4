import { z } from "zod";

/** Customer support's decisions on a request (support.$id): zod on the server only (decision 041). */
export const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({
    intent: z.literal("refuse"),
    reason: z.string({ error: "support:request.reasonRequired" }).trim().min(1, "support:request.reasonRequired").max(500, "support:request.tooLong"),
  }),
  z.object({
    intent: z.literal("ship"),
    trackingNo: z.string({ error: "support:request.trackingRequired" }).trim().min(1, "support:request.trackingRequired").max(60, "support:request.tooLong"),
    carrier: z.string().trim().max(60, "support:request.tooLong").optional(),
  }),
]);

export const SupportFilterSchema = z.object({
  status: z.enum(["open", "submitted", "approved", "refused", "shipped", ""]).catch("open"),
  kind: z.enum(["sample", "tool_body", "marketing", ""]).catch(""),
});

/** The entity's marketing items (support.items, decision 052): one item created or changed per post. */
export const MarketingItemSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  nameZh: z.string({ error: "support:request.required" }).trim().min(1, "support:request.required").max(100, "support:request.tooLong"),
  nameEn: z.string({ error: "support:request.required" }).trim().min(1, "support:request.required").max(100, "support:request.tooLong"),
  maxQty: z.coerce
    .number({ error: "support:items.maxQtyRule" })
    .int("support:items.maxQtyRule")
    .min(1, "support:items.maxQtyRule")
    .max(500, "support:items.maxQtyRule"),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  active: z.literal("on").optional(),
});
export const ItemQuerySchema = z.object({ edit: z.coerce.number().int().positive().optional().catch(undefined) });

/** Customer support's decisions on a stock reservation (support.reservations.$id). */
export const ReservationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    lines: z
      .array(
        z.object({
          id: z.coerce.number().int().positive(),
          qty: z.coerce
            .number({ error: "support:reserve.approveRange" })
            .int("support:reserve.approveRange")
            .min(0, "support:reserve.approveRange")
            .max(100_000, "support:reserve.approveRange"),
        }),
      )
      .max(50)
      .default([]),
  }),
  z.object({ intent: z.literal("refuse"), reason: DecisionSchema.options[1].shape.reason }),
  z.object({ intent: z.literal("release") }),
]);

export const ReservationFilterSchema = z.object({
  status: z.enum(["open", "submitted", "approved", "refused", "withdrawn", "released", ""]).catch("open"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
