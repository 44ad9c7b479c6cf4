import { z } from "zod";
import { contactFields } from "~/modules/accounts/schemas.server";

/** The personal centre's forms (messages: `auth` validation keys, as on the other account forms). */
export const ContactSchema = z.object({ intent: z.literal("contact"), ...contactFields });

export const AvatarSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), avatar: z.instanceof(File, { message: "services:profile.avatarEmpty" }) }),
  z.object({ intent: z.literal("remove") }),
]);
