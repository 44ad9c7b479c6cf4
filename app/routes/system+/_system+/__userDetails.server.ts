import { z } from "zod";

/** The forms of user.$id: kept on the server so zod stays out of the browser (decision 041). */
export const UserActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lock") }),
  z.object({ intent: z.literal("unlock") }),
  z.object({ intent: z.literal("reset") }),
  z.object({ intent: z.literal("roles"), roleIds: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(50).default([]) }),
]);
