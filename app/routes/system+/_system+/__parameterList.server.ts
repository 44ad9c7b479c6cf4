import { z } from "zod";

/** The forms of parameter: on the server only, so zod stays out of the browser (decision 041). */
export const ParameterSchema = z.object({
  code: z
    .string({ error: "admin:form.required" })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,59}$/, "admin:param.codeRule"),
  value: z.string().max(4000, "admin:form.tooLong").default(""),
  description: z.string().trim().max(200, "admin:form.tooLong").default(""),
});
