import { z } from "zod";

const E = "adminData:dataArea.form.";

/** The forms of dataArea._index: kept on the server so zod stays out of the browser (decision 041). */
export const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() || undefined : v);
export const text = (max: number, required: string) => z.preprocess(trimmed, z.string({ error: required }).max(max, `${E}tooLong`));
/** "12.5" → 1250: money in minor units, tax in basis points, without floating-point rounding. */
export const hundredths = (v: string) => {
  const [whole, frac = ""] = v.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
};
export const decimal = (re: RegExp, message: string) => z.preprocess(trimmed, z.string({ error: message }).regex(re, message).transform(hundredths));

/** The fields of a new company entity, shared by both forms. */
export const entityFields = {
  code: z.preprocess(trimmed, z.string({ error: `${E}codeRequired` }).regex(/^[A-Za-z0-9_-]{1,20}$/, `${E}codeFormat`)),
  nameZh: text(200, `${E}nameRequired`),
  nameEn: text(200, `${E}nameRequired`),
  showNameZh: text(200, `${E}nameRequired`),
  showNameEn: text(200, `${E}nameRequired`),
  currency: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z.string({ error: `${E}currencyFormat` }).regex(/^[A-Z]{3}$/, `${E}currencyFormat`),
  ),
  taxRate: decimal(/^\d{1,2}(\.\d{1,2})?$/, `${E}taxFormat`),
  freeShippingAmount: decimal(/^\d{1,9}(\.\d{1,2})?$/, `${E}amountFormat`),
  shippingFee: decimal(/^\d{1,9}(\.\d{1,2})?$/, `${E}amountFormat`),
};
export const parentId = z.preprocess(
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
