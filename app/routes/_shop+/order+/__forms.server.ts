import { z } from "zod";
import { createSubAccountSchema, deleteSubAccountSchema, updateSubAccountSchema } from "~/modules/accounts/schemas.server";
import { addressFields, addressIdSchema, createAddressSchema, updateAddressSchema } from "~/modules/addresses/schemas.server";
import { PAYMENT_METHODS } from "~/modules/orders/totals";

/**
 * The schemas of the order+ routes' forms, read by their actions. They live here and not at the top
 * of each route file because a top-level `z.object(…)` call stays in the route's browser chunk and
 * brings zod (~54 KB gzip) with it, although only the action uses it (decision 041).
 */

/**
 * fillOrder: the page's two forms: the order (ship dates as `shipDates.<cart line id>`), and a new
 * shipping address (the address book's own fields and rules: limit, first address is the default).
 * Each field's message names what is wrong; dates, address and stock are checked again by submitOrder.
 */
export const FillOrderSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("submit"),
    token: z.string({ error: "order:fill.tokenInvalid" }).max(64, "order:fill.tokenInvalid"),
    addressId: z.coerce.number({ error: "order:fill.addressRequired" }).int().positive().max(2_147_483_647),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "order:fill.paymentRequired" }),
    expectedDeliveryDate: z.string({ error: "order:fill.deliveryDateRequired" }).regex(/^\d{4}-\d\d-\d\d$/, "order:fill.deliveryDateRequired"),
    poNo: z.string().trim().max(60, "order:fill.poNoTooLong").optional(),
    remark: z.string().trim().max(500, "order:fill.remarkTooLong").optional(),
    shipDates: z.record(z.string().regex(/^\d{1,12}$/), z.string().max(10)).default({}),
  }),
  z.object({ intent: z.literal("addAddress"), ...addressFields }),
]);

/** myCollect: the favourite star's form, posted from lists, detail, search and that page. */
export const FavouriteSchema = z.object({
  intent: z.enum(["add", "remove"]),
  productId: z.coerce.number().int().min(1).max(2_147_483_647),
  redirectTo: z.string().max(500).optional(),
  inline: z.literal("1").optional(),
});

/** myMessage: "mark all read", or open one notice (it is marked read and leads where it belongs). */
export const MessageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("readAll") }),
  z.object({ intent: z.literal("open"), id: z.coerce.number().int().positive().max(2_147_483_647) }),
]);

/** myMessage: the list's query string (a bad value is dropped, never a 500). */
export const MessageQuerySchema = z.object({
  id: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  unread: z.literal("1").optional().catch(undefined),
});

/** orderDetails: the order number in the query string. */
export const OrderNoSchema = z.string().trim().min(1).max(40);

/** orderDetails: the order's buttons: cancel carries a reason (its rules are cancelOrder's); the others nothing. */
export const OrderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), reason: z.string().max(2000).default("") }),
  z.object({ intent: z.enum(["delete", "agree", "disagree", "reAdd"]) }),
]);

/** import: the upload form: one non-empty file (its size is capped while the upload is read). */
export const ImportSchema = z.object({ file: z.instanceof(File).refine((f) => f.size > 0) });

/** addressManage: a new address, an edited one, delete and make-default buttons. */
export const AddressActionSchema = z.discriminatedUnion("intent", [createAddressSchema, updateAddressSchema, addressIdSchema]);

/** subAccount: a new sub-account, an edited one, a deletion. */
export const SubAccountActionSchema = z.discriminatedUnion("intent", [createSubAccountSchema, updateSubAccountSchema, deleteSubAccountSchema]);
