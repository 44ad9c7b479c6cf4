import { z } from "zod";

/** The forms of audit: kept on the server so zod stays out of the browser (decision 041). */
export const day = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/)
  .optional()
  .catch(undefined);
export const text = (max: number) => z.string().trim().max(max).optional().catch(undefined);

/** The filter form (GET); an unreadable field is no filter. */
export const AuditFilterSchema = z.object({
  entity: text(40),
  userCode: text(20),
  entityId: text(60),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
