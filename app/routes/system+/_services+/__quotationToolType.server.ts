import { z } from "zod";
import { ATTRIBUTE_NUMBER } from "~/modules/quotation/attributes";
import { attributeProblems, choiceLines, toolTypeProblems, type AttributeKind, type Problem } from "~/modules/quotation/tool-type-rules";
import { notFound } from "~/utils/guard.server";

/**
 * The forms of the tool type editor (quotationToolType.*, decision 051): zod on the server only
 * (decision 041). The schemas read the form's strings; the rules of `tool-type-rules.ts` (the
 * same the domain functions apply) put their findings on the fields.
 */
const E = "quotation:types.error.";
// Every field reads as something the rules can judge (never an issue of its own), so the form
// gets all the rules' findings at once: zod skips refinements once a field has failed.
const text = z.string().trim().default("");
const optional = text.transform((v) => v || null);
const flag = z.preprocess((v) => v === "on", z.boolean());
/** not a whole number of up to four digits → -1, which the rules refuse */
const sort = text.transform((v) => (/^\d{1,4}$/.test(v) ? Number(v) : -1));
/** empty → no bound; not a number as a dealer writes one → NaN, which the rules refuse */
const bound = text.transform((v) => (v === "" ? null : ATTRIBUTE_NUMBER.test(v) ? Number(v) : Number.NaN));
const id = z.coerce.number().int().min(1).max(2_000_000_000);

/** The rules' findings as issues on the fields they name. */
const report =
  <T>(rules: (v: T) => Problem[]) =>
  (value: T, ctx: z.RefinementCtx) => {
    for (const p of rules(value)) ctx.addIssue({ code: "custom", path: [p.field], message: p.error });
  };

const typeFields = { nameZh: text, nameEn: text, sort, active: flag };

export const NewToolTypeSchema = z.object({ code: text, ...typeFields }).superRefine(report(toolTypeProblems));

/** The type page: its basics, the attributes' order (up / down post the whole list), remove and restore. */
export const ToolTypePageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("type"), ...typeFields }).superRefine(report(toolTypeProblems)),
  z.object({
    intent: z.literal("order"),
    order: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,59}$/, `${E}orderChanged`)
      .transform((v) => v.split(",").map(Number)),
  }),
  z.object({ intent: z.literal("remove"), attrId: id }),
  z.object({ intent: z.literal("restore"), attrId: id }),
]);

const attributeFields = {
  labelZh: text,
  labelEn: text,
  kind: text.transform((v) => v as AttributeKind),
  unit: optional,
  min: bound,
  max: bound,
  choices: z.preprocess((v) => (typeof v === "string" ? choiceLines(v) : []), z.array(z.string())),
  required: flag,
};

export const NewAttributeSchema = z.object({ key: text, ...attributeFields }).superRefine(report(attributeProblems));
export const AttributeSchema = z.object(attributeFields).superRefine(report(attributeProblems));

/** An id in the editor's addresses; anything else is not found. */
export const idOr404 = (raw: string | undefined) => {
  const parsed = id.safeParse(raw ?? "");
  return parsed.success ? parsed.data : notFound();
};
