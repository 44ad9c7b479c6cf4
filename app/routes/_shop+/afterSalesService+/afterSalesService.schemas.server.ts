import { z } from "zod";

/** The forms of the after-sales pages, one file for the folder (decision 064): zod on the server only (decision 041). */

/** The survey form (satisfication). Scores are checked again by answerSurvey. */
export const AnswerSchema = z.object({
  surveyId: z.coerce.number().int().positive().max(2_147_483_647),
  answers: z
    .array(
      z.object({
        id: z.coerce.number().int().positive().max(2_147_483_647),
        score: z.coerce
          .number({ error: "support:survey.scoreRequired" })
          .int()
          .min(1, "support:survey.scoreRequired")
          .max(5, "support:survey.scoreRequired")
          .optional(),
        text: z.string().trim().max(2000, "support:survey.textTooLong").optional(),
      }),
    )
    .max(50)
    .default([]),
});
