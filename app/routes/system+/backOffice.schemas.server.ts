import { z } from "zod";
import { SIZES, THEME_COLORS } from "~/modules/admin/layout";

/** The forms of the back office's own routes (layout), one file for the folder (decision 064): on the server only, so zod stays out of the browser (decision 041). */
export const back = z.string().max(2000).optional();
export const checkbox = z.literal("on").optional();
export const LayoutSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sidebar"), open: z.enum(["0", "1"]), back }),
  z.object({ intent: z.literal("size"), size: z.enum(SIZES), back }),
  z.object({ intent: z.literal("closeTag"), path: z.string().max(300), back }),
  z.object({ intent: z.literal("closeOthers"), path: z.string().max(300), back }),
  z.object({ intent: z.literal("closeAll"), back }),
  z.object({ intent: z.literal("settings"), themeColor: z.enum(THEME_COLORS), tagsView: checkbox, fixedHeader: checkbox, sidebarLogo: checkbox, back }),
]);
