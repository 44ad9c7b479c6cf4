import { z } from "zod";
import { QUOTE_QTY_MAX, QUOTE_STATUSES, QUOTE_TEXT_MAX } from "~/modules/quotation/status";

/** The order desk's answers to a quotation request (quotation.$id, decision 051): zod on the server only (decision 041). */
const token = z.string({ error: "quotation:error.form" }).regex(/^[A-Za-z0-9_-]{16,64}$/, "quotation:error.form");

export const StaffStepSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("quote"),
      token,
      // yuan with at most two decimals, tax included → fen
      unitPrice: z
        .string({ error: "quotation:error.price" })
        .trim()
        .regex(/^\d{1,7}(\.\d{1,2})?$/, "quotation:error.price")
        .transform((v) => Math.round(Number(v) * 100)),
      moq: z.coerce.number({ error: "quotation:error.moq" }).int("quotation:error.moq").min(1, "quotation:error.moq").max(QUOTE_QTY_MAX, "quotation:error.moq"),
      leadTimeDays: z.coerce
        .number({ error: "quotation:error.leadTime" })
        .int("quotation:error.leadTime")
        .min(1, "quotation:error.leadTime")
        .max(365, "quotation:error.leadTime"),
      validUntil: z.string({ error: "quotation:error.validUntil" }).regex(/^\d{4}-\d\d-\d\d$/, "quotation:error.validUntil"),
      body: z.string().trim().max(QUOTE_TEXT_MAX, "quotation:error.tooLong").default(""),
    }),
    z.object({
      intent: z.literal("ask"),
      token,
      body: z
        .string({ error: "quotation:error.questionRequired" })
        .trim()
        .min(1, "quotation:error.questionRequired")
        .max(QUOTE_TEXT_MAX, "quotation:error.tooLong"),
    }),
  ],
  { error: "quotation:error.form" },
);

export const QuoteFilterSchema = z.object({
  status: z.enum([...QUOTE_STATUSES, ""]).catch("submitted"),
});

export const IdParam = z.coerce.number().int().min(1).max(2_000_000_000);
