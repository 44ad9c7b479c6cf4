import { z } from "zod";

/** The back office's survey form (survey.new, survey.$id_.edit): zod on the server only (decision 041). */
const day = z.string({ error: "support:survey.dateRule" }).regex(/^\d{4}-\d{2}-\d{2}$/, "support:survey.dateRule");
const text = (max: number) => z.string().trim().max(max, "support:request.tooLong").default("");

export const SurveySchema = z
  .object({
    titleZh: z.string({ error: "support:request.required" }).trim().min(1, "support:request.required").max(200, "support:request.tooLong"),
    titleEn: z.string({ error: "support:request.required" }).trim().min(1, "support:request.required").max(200, "support:request.tooLong"),
    startsOn: day,
    endsOn: day,
    questions: z
      .array(z.object({ kind: z.enum(["scale", "text"]).default("scale"), textZh: text(300), textEn: text(300) }))
      .max(8)
      .default([]),
  })
  .transform((v) => ({ ...v, questions: v.questions.filter((q) => q.textZh || q.textEn) }))
  .superRefine((v, ctx) => {
    v.questions.forEach((q, i) => {
      if (!q.textZh || !q.textEn) ctx.addIssue({ code: "custom", path: ["questions", i, q.textZh ? "textEn" : "textZh"], message: "support:request.required" });
    });
  });
