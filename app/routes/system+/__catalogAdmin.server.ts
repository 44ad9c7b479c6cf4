import { z } from "zod";

/**
 * The forms of the customers-and-prices and catalogue screens (decision 045): on the server only,
 * so zod stays out of the browser (decision 041). Messages are adminCatalog keys.
 */
const E = "adminCatalog:form.";
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() || undefined : v);
/** "12.5" → 1250 (fen), without floating-point rounding. */
const hundredths = (v: string) => {
  const [whole, frac = ""] = v.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
};
const text = (max: number) => z.preprocess(trimmed, z.string({ error: `${E}required` }).max(max, `${E}tooLong`));
const optionalText = (max: number) => z.string().trim().max(max, `${E}tooLong`).default("");
const money = z.preprocess(
  trimmed,
  z
    .string({ error: `${E}required` })
    .regex(/^\d{1,10}(\.\d{1,2})?$/, `${E}money`)
    .transform(hundredths),
);
const optionalMoney = z.preprocess(
  trimmed,
  z
    .string()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, `${E}money`)
    .transform(hundredths)
    .optional(),
);
/** a plain decimal number ("0.25"), up to 4 digits and 3 decimals */
const decimal = z.preprocess(
  trimmed,
  z
    .string({ error: `${E}required` })
    .regex(/^\d{1,4}(\.\d{1,3})?$/, `${E}decimal`)
    .transform(Number),
);
const int = (max: number, min = 0) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: `${E}required` })
      .regex(/^\d{1,9}$/, `${E}integer`)
      .transform(Number)
      .pipe(z.number().min(min, `${E}range`).max(max, `${E}range`)),
  );
const flag = z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean());
export const idParam = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

export const CustomerFilterSchema = z.object({
  q: z.string().trim().max(60).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export const CustomerEditSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("terms"),
    nameZh: text(200),
    nameEn: text(200),
    creditLimit: money,
    paymentTermsDays: int(365),
    billTermsDays: int(365),
    /** percent with up to two decimals → basis points */
    discount: z.preprocess(
      trimmed,
      z
        .string({ error: `${E}required` })
        .regex(/^\d{1,2}(\.\d{1,2})?$/, `${E}percent`)
        .transform(hundredths),
    ),
    freeShippingAmount: optionalMoney,
    exportSales: flag,
  }),
  /** a master account's ERP account; empty clears it */
  z.object({
    intent: z.literal("erp"),
    userId: int(1e9, 1),
    erpAccount: z
      .string()
      .trim()
      .max(40, `${E}tooLong`)
      .regex(/^[A-Za-z0-9_-]*$/, `${E}erpAccount`)
      .optional(),
  }),
]);

export const PriceListQuerySchema = z.object({
  tenant: z.coerce.number().int().min(1).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export const PriceEditSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set"), tenantId: int(1e9, 1), orderingCode: text(80), price: money }),
  z.object({ intent: z.literal("delete"), tenantId: int(1e9, 1), productId: int(1e9, 1) }),
]);

export const ImportFormSchema = z.object({
  tenantId: int(1e9, 1),
  file: z.instanceof(File, { message: "adminCatalog:import.error.noFile" }),
});

export const NodeFields = {
  labelZh: text(100),
  labelEn: text(100),
  describeZh: optionalText(2000),
  describeEn: optionalText(2000),
  showFlag: flag,
  isNonStandard: flag,
  sort: int(100_000),
};
export const NodeEditSchema = z.object(NodeFields);
export const NodeNewSchema = z.object({ code: text(40), ...NodeFields });
/** a node's new parent: a node code, or "-" for level 1 (decision 054); empty: not chosen */
export const ROOT_PARENT = "-";
export const NodeMoveSchema = z.object({
  intent: z.literal("move"),
  parent: z.preprocess(trimmed, z.string({ error: "adminCatalog:node.error.parentRequired" }).max(40, `${E}tooLong`)),
});
export const NodeQuerySchema = z.object({ parent: z.string().trim().max(40).optional().catch(undefined) });

export const ProductFilterSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  node: z.string().trim().max(40).optional().catch(undefined),
  status: z.enum(["active", "delisted"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export const ProductEditSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("product"),
    orderingCode: text(80),
    kind: z.enum(["turning_insert", "milling_insert", "end_mill", "drill", "holder"], { error: `${E}required` }),
    catalogueCode: text(40),
    nameZh: text(200),
    nameEn: text(200),
    specification: optionalText(300),
    grade: optionalText(20),
    materialGroups: z.preprocess(
      (v) => (Array.isArray(v) ? v : v ? [v] : []),
      z.array(z.enum(["P", "M", "K", "N", "S", "H"])).transform((a) => ["P", "M", "K", "N", "S", "H"].filter((g) => a.includes(g as never)).join("")),
    ),
    fitKey: optionalText(20),
    attributes: optionalText(4000),
    unit: z.enum(["pc", "box", "set"], { error: `${E}required` }),
    mpq: int(100_000, 1),
    moq: int(100_000, 1),
    listPrice: optionalMoney,
    status: z.enum(["active", "delisted"], { error: `${E}required` }),
  }),
  /** the entity's list price: empty = the product master's (decision 054) */
  /** cutting data of the product's grade for one material group; the ranges are checked by the domain */
  z.object({
    intent: z.literal("cutting"),
    group: z.enum(["P", "M", "K", "N", "S", "H"], { error: `${E}required` }),
    vcMin: decimal,
    vcMax: decimal,
    fMin: decimal,
    fMax: decimal,
    apMin: decimal,
    apMax: decimal,
  }),
  z.object({ intent: z.literal("cuttingDelete"), group: z.enum(["P", "M", "K", "N", "S", "H"], { error: `${E}required` }) }),
  z.object({ intent: z.literal("stock"), tenantId: int(1e9, 1), available: int(100_000_000), leadTimeDays: int(365), entityListPrice: optionalMoney }),
]);
