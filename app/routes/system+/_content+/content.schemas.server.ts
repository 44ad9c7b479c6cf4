import { z } from "zod";
import { MESSAGE_AUDIENCES, MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX } from "~/modules/notices/staff-message-rules";

/** The forms of the content folder that have no __ helper of their own: kept on the server so zod stays out of the browser (decisions 041, 064). */

/** /system/message */
const text = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const StaffMessageSchema = z.object({
  audience: z.enum(MESSAGE_AUDIENCES),
  audienceValue: z.string().trim().max(40).default(""),
  titleZh: text(MESSAGE_TITLE_MAX, "adminContent:message.titleRequired", "adminContent:message.titleTooLong"),
  titleEn: text(MESSAGE_TITLE_MAX, "adminContent:message.titleRequired", "adminContent:message.titleTooLong"),
  bodyZh: text(MESSAGE_BODY_MAX, "adminContent:message.bodyRequired", "adminContent:message.bodyTooLong"),
  bodyEn: text(MESSAGE_BODY_MAX, "adminContent:message.bodyRequired", "adminContent:message.bodyTooLong"),
  token: z.string({ error: "adminContent:message.tokenMissing" }).min(16, "adminContent:message.tokenMissing").max(64, "adminContent:message.tokenMissing"),
});

export const MessagePageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });
