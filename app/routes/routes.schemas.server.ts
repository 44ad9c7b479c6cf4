import { z } from "zod";
import { COLUMN_MODULES } from "~/modules/columns/tables";

/** The forms of the routes in app/routes itself, one file for the folder (decision 064); on the server only, so zod stays out of the browser (decision 041). */

/** /userModuleField (decision 053): the column choice of one table. */
export const ColumnChoiceSchema = z.object({
  module: z.enum(COLUMN_MODULES as [string, ...string[]], { error: "order:orders.columnsBad" }),
  col: z.array(z.string().max(40)).max(40).default([]),
  redirectTo: z.string().max(2000).optional(),
});

export const moduleParam = z.enum(COLUMN_MODULES as [string, ...string[]]).optional();
