import { z } from "zod";
import { bilingualTitles } from "~/utils/bilingual-fields.server";
import { PROMOTION_KINDS } from "~/modules/promotions/rules";
import { MAX_PROMOTION_ITEMS, parseItemLines } from "~/modules/promotions/admin-rules";
import { localToIso } from "~/modules/admin/parameters";

/** The forms of promotion.$id and promotion._index: on the server only, so zod stays out of the browser (decision 041). */
const E = "adminContent:promo.err.";
const local = z
  .string({ error: `${E}window` })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, `${E}window`)
  .transform((v) => new Date(localToIso(v)).toISOString());
const count = z.coerce
  .number({ error: `${E}number` })
  .int(`${E}number`)
  .min(1, `${E}number`)
  .max(1_000_000, `${E}number`)
  .optional();
/** yuan with at most two decimals → fen */
const yuan = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, `${E}amount`)
  .transform((v) => Math.round(Number(v) * 100))
  .optional();

export const PromotionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    kind: z.enum(PROMOTION_KINDS, { error: `${E}kind` }),
    ...bilingualTitles(E),
    startsAt: local,
    endsAt: local,
    discountPct: z.coerce
      .number({ error: `${E}discount` })
      .int(`${E}discount`)
      .min(1, `${E}discount`)
      .max(99, `${E}discount`)
      .optional(),
    minQty: count,
    minAmount: yuan,
    perCustomerLimit: count,
    giftCode: z.string().trim().max(60, `${E}tooLong`).optional(),
    giftQty: count,
    items: z
      .string({ error: `${E}noItems` })
      .max(60_000, `${E}tooManyItems`)
      .transform((text, ctx) => {
        const parsed = parseItemLines(text);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: `${E}line`, params: { line: parsed.line } });
          return z.NEVER;
        }
        if (parsed.items.length > MAX_PROMOTION_ITEMS) {
          ctx.addIssue({ code: "custom", message: `${E}tooManyItems` });
          return z.NEVER;
        }
        return parsed.items;
      }),
  }),
  z.object({ intent: z.literal("end") }),
]);

export const PromotionFilterSchema = z.object({
  kind: z.enum(PROMOTION_KINDS).optional().catch(undefined),
  state: z.enum(["upcoming", "active", "ended"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export const idParam = z.union([z.literal("new"), z.coerce.number().int().positive().max(2_147_483_647)]);

export const NewProductSchema = z.object({
  which: z.enum(["new", "hot"]),
  on: z.enum(["1", "0"]).transform((v) => v === "1"),
  code: z
    .string({ error: "adminContent:newProduct.codeRequired" })
    .trim()
    .min(1, "adminContent:newProduct.codeRequired")
    .max(60, "adminContent:newProduct.codeRequired"),
});
