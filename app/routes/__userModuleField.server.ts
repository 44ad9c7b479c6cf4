import { z } from "zod";
import { COLUMN_MODULES } from "~/modules/columns/tables";

/** /userModuleField (decision 053): the column choice of one table; on the server only (decision 041). */
export const ColumnChoiceSchema = z.object({
  module: z.enum(COLUMN_MODULES as [string, ...string[]], { error: "order:orders.columnsBad" }),
  col: z.array(z.string().max(40)).max(40).default([]),
  redirectTo: z.string().max(2000).optional(),
});

export const moduleParam = z.enum(COLUMN_MODULES as [string, ...string[]]).optional();
