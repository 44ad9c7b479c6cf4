import { z } from "zod";

/** The forms of role_.$id: on the server only, so zod stays out of the browser (decision 041). */
export const RoleSchema = z.object({
  code: z.string({ error: "form.required" }).trim().regex(/^[a-z][a-z0-9_]{1,59}$/, "role.codeRule"),
  nameZh: z.string({ error: "form.required" }).trim().min(1, "form.required").max(100, "form.tooLong"),
  nameEn: z.string({ error: "form.required" }).trim().min(1, "form.required").max(100, "form.tooLong"),
  isCustomer: z.literal("on").optional(),
  menuIds: z.array(z.coerce.number().int().positive()).max(5000).default([]),
});
