import { z } from "zod";

/** The "mark as finished" form of an online training course (kept on the server, decision 041). */
export const TrainingProgressSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  intent: z.enum(["finish", "unfinish"]),
});
