import { z } from "zod";

/**
 * The forms of the system pages (users, roles, menus, parameters, company entities, audit log), in
 * one file for the folder (decision 064): on the server only, so zod stays out of the browser (decision 041).
 */

/* ---- users: user._index, user.new, user.$id ---- */

const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** The user list's filter (GET); an unreadable field is no filter. */
export const UserFilterSchema = z.object({
  q: z.string().trim().max(60).optional().catch(undefined),
  kind: z.enum(["all", "staff", "dealer"]).default("all").catch("all"),
  status: z.enum(["active", "locked"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

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
  roleIds: z.array(dbId).max(50).default([]),
  tenantIds: z.array(dbId).max(50).default([]),
});

/** The buttons of user.$id. */
export const UserActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lock") }),
  z.object({ intent: z.literal("unlock") }),
  z.object({ intent: z.literal("reset") }),
  z.object({ intent: z.literal("roles"), roleIds: z.array(dbId).max(50).default([]) }),
]);

/* ---- roles: role_.$id ---- */

export const RoleSchema = z.object({
  code: z
    .string({ error: "admin:form.required" })
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,59}$/, "admin:role.codeRule"),
  nameZh: z.string({ error: "admin:form.required" }).trim().min(1, "admin:form.required").max(100, "admin:form.tooLong"),
  nameEn: z.string({ error: "admin:form.required" }).trim().min(1, "admin:form.required").max(100, "admin:form.tooLong"),
  isCustomer: z.literal("on").optional(),
  menuIds: z.array(z.coerce.number().int().positive()).max(5000).default([]),
  /** "the whole group" boxes: each grants a top-level menu with everything under it */
  wholeGroupIds: z.array(z.coerce.number().int().positive()).max(500).default([]),
});

/* ---- menus: menu_.$id ---- */

const requiredText = (max: number) => z.string({ error: "admin:form.required" }).trim().min(1, "admin:form.required").max(max, "admin:form.tooLong");
const optionalText = (max: number) => z.string().trim().max(max, "admin:form.tooLong").optional();
const flag = z.literal("on").optional();

export const MenuSchema = z
  .object({
    parentId: z.coerce.number().int().positive().optional(),
    area: z.enum(["shop", "admin"]),
    type: z.enum(["menu", "func"]),
    name: z
      .string({ error: "admin:form.required" })
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, "admin:menu.nameRule"),
    titleZh: requiredText(100),
    titleEn: requiredText(100),
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
    icon: optionalText(60),
    redirect: optionalText(300),
    activeMenu: optionalText(300),
    sort: z.coerce.number({ error: "admin:form.number" }).int("admin:form.number").min(0, "admin:form.number").max(100000, "admin:form.number"),
    hidden: flag,
    alwaysShow: flag,
    noCache: flag,
    breadcrumb: flag,
    affix: flag,
    zhOnly: flag,
  })
  .refine((m) => m.type === "menu" || !!m.funcCode, { path: ["funcCode"], message: "admin:menu.funcCodeRequired" });

/* ---- parameters: parameter, parameter_.$code ---- */

/** A new parameter (parameter). */
export const ParameterSchema = z.object({
  code: z
    .string({ error: "admin:form.required" })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,59}$/, "admin:param.codeRule"),
  value: z.string().max(4000, "admin:form.tooLong").default(""),
  description: z.string().trim().max(200, "admin:form.tooLong").default(""),
});

const localTime = z.string({ error: "admin:form.required" }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "admin:param.timeRule");

/** A parameter edited (parameter_.$code): the maintenance window is typed as two local times; every other parameter as its value. */
export const ParameterEditSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("window"), startTime: localTime, endTime: localTime, description: z.string().trim().max(200).default("") }),
  z.object({
    kind: z.literal("value"),
    value: z.string().trim().max(4000, "admin:form.tooLong").default(""),
    description: z.string().trim().max(200).default(""),
  }),
]);

/* ---- company entities: dataArea._index, dataArea.$id, dataArea.$id_.edit ---- */

const E = "adminData:dataArea.form.";
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() || undefined : v);
const entityText = (max: number, required: string) => z.preprocess(trimmed, z.string({ error: required }).max(max, `${E}tooLong`));
/** "12.5" → 1250: money in minor units, tax in basis points, without floating-point rounding. */
const hundredths = (v: string) => {
  const [whole, frac = ""] = v.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
};
const decimal = (re: RegExp, message: string) => z.preprocess(trimmed, z.string({ error: message }).regex(re, message).transform(hundredths));

/** The fields of a company entity, shared by the add forms and (but the code) the edit form. */
const entityFields = {
  code: z.preprocess(trimmed, z.string({ error: `${E}codeRequired` }).regex(/^[A-Za-z0-9_-]{1,20}$/, `${E}codeFormat`)),
  nameZh: entityText(200, `${E}nameRequired`),
  nameEn: entityText(200, `${E}nameRequired`),
  showNameZh: entityText(200, `${E}nameRequired`),
  showNameEn: entityText(200, `${E}nameRequired`),
  currency: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z.string({ error: `${E}currencyFormat` }).regex(/^[A-Z]{3}$/, `${E}currencyFormat`),
  ),
  taxRate: decimal(/^\d{1,2}(\.\d{1,2})?$/, `${E}taxFormat`),
  freeShippingAmount: decimal(/^\d{1,9}(\.\d{1,2})?$/, `${E}amountFormat`),
  shippingFee: decimal(/^\d{1,9}(\.\d{1,2})?$/, `${E}amountFormat`),
};
const parentId = z.preprocess(
  trimmed,
  z
    .string({ error: `${E}parentRequired` })
    .regex(/^\d{1,9}$/, `${E}parentRequired`)
    .transform(Number),
);

/** "Add" (intent create) and "add and initialise from a parent" (intent initialise). */
export const DataAreaFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...entityFields }),
  z.object({ intent: z.literal("initialise"), parentId, ...entityFields }),
]);

/** The edit form: every field of the add form but the code, which never changes. */
const { code: _code, ...editableEntityFields } = entityFields;
export const DataAreaEditSchema = z.object(editableEntityFields);

/** One form, two buttons: grant or revoke access for every account of a dealer. */
export const AccessSchema = z.object({
  intent: z.enum(["grant", "revoke"]),
  customerCode: z.preprocess(trimmed, z.string({ error: `${E}customerRequired` }).max(40, `${E}tooLong`)),
});

/* ---- the audit log: audit ---- */

const day = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/)
  .optional()
  .catch(undefined);
const filterText = (max: number) => z.string().trim().max(max).optional().catch(undefined);

/** The filter form (GET); an unreadable field is no filter. */
export const AuditFilterSchema = z.object({
  entity: filterText(40),
  action: filterText(20),
  userCode: filterText(20),
  entityId: filterText(60),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
