import { z } from "zod";
import { bilingualBodies, bilingualTitles } from "~/utils/bilingual-fields.server";
import { localToIso } from "~/modules/admin/parameters";
import { CONTENT_KINDS, CONTENT_STATUSES } from "~/modules/content/kinds";

/** The forms of the content screens: on the server only, so zod stays out of the browser (decision 041). */
const E = "adminContent:content.err.";
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();

export const ContentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    ...bilingualTitles(E),
    ...bilingualBodies(E),
    status: z.enum(CONTENT_STATUSES, { error: `${E}status` }),
    publishedAt: z
      .string({ error: `${E}date` })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, `${E}date`)
      .transform((v) => new Date(localToIso(v)).toISOString()),
    categoryId: optionalId,
    parentId: optionalId,
    videoUrl: z.string().trim().max(500, `${E}tooLong`).optional(),
    onlyThisEntity: z.literal("on").optional(),
    removeFile: z.literal("on").optional(),
    file: z.instanceof(File).optional(),
  }),
  z.object({ intent: z.literal("delete") }),
]);

export const ContentFilterSchema = z.object({
  kind: z.enum(CONTENT_KINDS).catch("announcement"),
  status: z.enum(CONTENT_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export const contentId = z.union([z.literal("new"), z.coerce.number().int().positive().max(2_147_483_647)]);
export const newKind = z.enum(CONTENT_KINDS).catch("announcement");
export const previewLang = z.enum(["zh", "en"]).catch("zh");

export const categoryKind = z.enum(["announcement", "download"]).catch("announcement");

export const CategorySchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    kind: z.enum(["announcement", "download"]).default("announcement"),
    id: optionalId,
    nameZh: z.string({ error: "adminContent:category.err.name" }).trim().min(1, "adminContent:category.err.name").max(100, "adminContent:category.err.name"),
    nameEn: z.string({ error: "adminContent:category.err.name" }).trim().min(1, "adminContent:category.err.name").max(100, "adminContent:category.err.name"),
    sort: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive().max(2_147_483_647) }),
]);
