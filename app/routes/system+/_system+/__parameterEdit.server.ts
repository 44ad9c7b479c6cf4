import { z } from "zod";

/** The forms of parameter_.$code: on the server only, so zod stays out of the browser (decision 041). */
export const local = z.string({ error: "admin:form.required" }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "admin:param.timeRule");
/** The maintenance window is typed as two local times; every other parameter as its value. */
export const EditSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("window"), startTime: local, endTime: local, description: z.string().trim().max(200).default("") }),
  z.object({
    kind: z.literal("value"),
    value: z.string().trim().max(4000, "admin:form.tooLong").default(""),
    description: z.string().trim().max(200).default(""),
  }),
]);
