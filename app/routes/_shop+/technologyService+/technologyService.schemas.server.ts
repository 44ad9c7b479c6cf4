import { z } from "zod";

/** The forms of the technology-service pages, one file for the folder (decision 064): zod on the server only (decision 041). */

/** The "mark as finished" form of an online training course (onLineTraining). */
export const TrainingProgressSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  intent: z.enum(["finish", "unfinish"]),
});
