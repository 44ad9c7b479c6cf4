import { z } from "zod";

/**
 * Shipping address form (spec §3 "not shown": designed in docs/decisions/017). Messages are `auth`
 * keys. Server only (decision 041).
 */
const text = (max: number, required: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string({ error: required }).max(max, "validation.tooLong"));

export const addressFields = {
  consignee: text(60, "address.consigneeRequired"),
  phone: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z.string({ error: "validation.mobileRequired" }).regex(/^\+?\d[\d -]{5,18}\d$/, "validation.mobileFormat"),
  ),
  province: text(60, "address.provinceRequired"),
  city: text(60, "address.cityRequired"),
  district: text(60, "address.districtRequired"),
  line: text(300, "address.lineRequired"),
  postcode: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9 -]{3,12}$/, "address.postcodeFormat")
      .optional(),
  ),
  isDefault: z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean()),
};

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const createAddressSchema = z.object({ intent: z.literal("create"), ...addressFields });
export const updateAddressSchema = z.object({ intent: z.literal("update"), id, ...addressFields });
export const addressIdSchema = z.object({ intent: z.enum(["delete", "setDefault"]), id });

export type AddressInput = z.output<typeof createAddressSchema>;
