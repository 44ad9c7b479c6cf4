import { z } from "zod";

/** The forms of user.new: kept on the server so zod stays out of the browser (decision 041). */
export const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A new staff member or dealer master account; no password: the user gets the reset link. */
export const NewUserSchema = z.object({
  kind: z.enum(["staff", "dealer"]),
  code: z.string({ error: "adminUsers:user.codeRequired" }).trim().toUpperCase().max(9, "adminUsers:user.codeTooLong"),
  name: z.string({ error: "adminUsers:user.nameRequired" }).trim().max(50, "adminUsers:user.tooLong"),
  email: z.string({ error: "adminUsers:user.emailRequired" }).trim().max(100, "adminUsers:user.tooLong").pipe(z.email("adminUsers:user.emailInvalid")),
  mobile: z
    .string()
    .trim()
    .max(20, "adminUsers:user.tooLong")
    .regex(/^[0-9+ -]*$/, "adminUsers:user.mobileInvalid")
    .default(""),
  customerCode: z.string().trim().max(20, "adminUsers:user.tooLong").optional(),
  roleIds: z.array(id).max(50).default([]),
  tenantIds: z.array(id).max(50).default([]),
});
