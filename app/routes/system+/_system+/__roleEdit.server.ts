import { z } from "zod";

/** The forms of role_.$id: on the server only, so zod stays out of the browser (decision 041). */
export const RoleSchema = z.object({
  code: z
    .string({ error: "admin:form.required" })
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,59}$/, "admin:role.codeRule"),
  nameZh: z.string({ error: "admin:form.required" }).trim().min(1, "admin:form.required").max(100, "admin:form.tooLong"),
  nameEn: z.string({ error: "admin:form.required" }).trim().min(1, "admin:form.required").max(100, "admin:form.tooLong"),
  isCustomer: z.literal("on").optional(),
  menuIds: z.array(z.coerce.number().int().positive()).max(5000).default([]),
});
