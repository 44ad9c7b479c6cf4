import { z } from "zod";

/** The forms of user._index: kept on the server so zod stays out of the browser (decision 041). */
export const FilterSchema = z.object({
  q: z.string().trim().max(60).optional().catch(undefined),
  kind: z.enum(["all", "staff", "dealer"]).default("all").catch("all"),
  status: z.enum(["active", "locked"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
