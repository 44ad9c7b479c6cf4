import { z } from "zod";
import { DESK_STATUSES, DESK_TABS } from "~/modules/desk/constants";
import { readShipQty } from "~/modules/desk/ship-rules";

/** The forms of the order desk (orders.*, deliveries.*): on the server only, so zod stays out of the browser (decision 041). */

const DAY = /^\d{4}-\d\d-\d\d$/;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined);

/** The list's query (GET): anything unreadable falls back to "no filter". */
export const DeskFilterSchema = z.object({
  tab: z.enum(DESK_TABS).default("queue").catch("queue"),
  status: z.enum(DESK_STATUSES).optional().catch(undefined),
  dealer: optionalText(60),
  from: z.string().regex(DAY).optional().catch(undefined),
  to: z.string().regex(DAY).optional().catch(undefined),
  code: optionalText(80),
  poNo: optionalText(60),
  orderNo: optionalText(40),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export const OrderNoSchema = z.string().regex(/^[A-Z0-9-]{4,40}$/);

const text = (max: number) =>
  z.string({ error: "adminOrders:error.required" }).trim().min(1, "adminOrders:error.required").max(max, "adminOrders:error.tooLong");
const lineId = z.string().regex(/^\d{1,12}$/);
const shipQty = (raw: string, ctx: z.RefinementCtx) => {
  const read = readShipQty(raw);
  if (read.ok) return read.qty;
  ctx.addIssue({ code: "custom", message: read.key });
  return z.NEVER;
};

/** The order page's forms, by the button that posted them. */
export const DeskActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("propose"), date: z.record(lineId, z.string().max(10)).default({}) }),
  z.object({ intent: z.literal("purchase") }),
  z.object({
    intent: z.literal("cancel"),
    reason: z
      .string({ error: "adminOrders:error.reasonRequired" })
      .trim()
      .min(1, "adminOrders:error.reasonRequired")
      .max(300, "adminOrders:error.reasonTooLong"),
  }),
  z.object({
    intent: z.literal("ship"),
    token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    shipDate: z.string({ error: "adminOrders:error.date" }).regex(DAY, "adminOrders:error.date"),
    carrier: text(60),
    trackingNo: text(60),
    packingSlipNo: text(60),
    batchNo: text(60),
    // per line: blank ships nothing (0); a whole number from 0 up, else a message on that line's field
    qty: z.record(lineId, z.string({ error: "adminOrders:error.qtyWhole" }).transform(shipQty)).default({}),
  }),
]);

/** The shipment import (multipart): the file and the form's one-time token. */
export const ShipmentImportSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  file: z.instanceof(File, { message: "adminOrders:import.noFile" }),
});

export const DeliveryListSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

/** The import template's language. */
export const TemplateSchema = z.object({ lang: z.enum(["zh", "en"]).default("zh").catch("zh") });
