import { z } from "zod";

/** The forms of menu_.$id: on the server only, so zod stays out of the browser (decision 041). */
export const text = (max: number) => z.string({ error: "admin:form.required" }).trim().min(1, "admin:form.required").max(max, "admin:form.tooLong");
export const optional = (max: number) => z.string().trim().max(max, "admin:form.tooLong").optional();
export const flag = z.literal("on").optional();
export const MenuSchema = z
  .object({
    parentId: z.coerce.number().int().positive().optional(),
    area: z.enum(["shop", "admin"]),
    type: z.enum(["menu", "func"]),
    name: z
      .string({ error: "admin:form.required" })
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, "admin:menu.nameRule"),
    titleZh: text(100),
    titleEn: text(100),
    href: z
      .string()
      .trim()
      .max(300, "admin:form.tooLong")
      .regex(/^(\/(?!\/)\S*|https?:\/\/\S+)$/, "admin:menu.hrefRule")
      .optional(),
    funcCode: z
      .string()
      .trim()
      .max(60, "admin:form.tooLong")
      .regex(/^[A-Za-z][A-Za-z0-9_:]*$/, "admin:menu.funcCodeRule")
      .optional(),
    icon: optional(60),
    redirect: optional(300),
    activeMenu: optional(300),
    sort: z.coerce.number({ error: "admin:form.number" }).int("admin:form.number").min(0, "admin:form.number").max(100000, "admin:form.number"),
    hidden: flag,
    alwaysShow: flag,
    noCache: flag,
    breadcrumb: flag,
    affix: flag,
    zhOnly: flag,
  })
  .refine((m) => m.type === "menu" || !!m.funcCode, { path: ["funcCode"], message: "admin:menu.funcCodeRequired" });
