import { z } from "zod";

/** The forms of menu_.$id: on the server only, so zod stays out of the browser (decision 041). */
export const text = (max: number) => z.string({ error: "form.required" }).trim().min(1, "form.required").max(max, "form.tooLong");
export const optional = (max: number) => z.string().trim().max(max, "form.tooLong").optional();
export const flag = z.literal("on").optional();
export const MenuSchema = z
  .object({
    parentId: z.coerce.number().int().positive().optional(),
    area: z.enum(["shop", "admin"]),
    type: z.enum(["menu", "func"]),
    name: z.string({ error: "form.required" }).trim().regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, "menu.nameRule"),
    titleZh: text(100),
    titleEn: text(100),
    href: z.string().trim().max(300, "form.tooLong").regex(/^(\/(?!\/)\S*|https?:\/\/\S+)$/, "menu.hrefRule").optional(),
    funcCode: z.string().trim().max(60, "form.tooLong").regex(/^[A-Za-z][A-Za-z0-9_:]*$/, "menu.funcCodeRule").optional(),
    icon: optional(60),
    redirect: optional(300),
    activeMenu: optional(300),
    sort: z.coerce.number({ error: "form.number" }).int("form.number").min(0, "form.number").max(100000, "form.number"),
    hidden: flag,
    alwaysShow: flag,
    noCache: flag,
    breadcrumb: flag,
    affix: flag,
    zhOnly: flag,
  })
  .refine((m) => m.type === "menu" || !!m.funcCode, { path: ["funcCode"], message: "menu.funcCodeRequired" });
