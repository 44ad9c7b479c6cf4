import { z } from "zod";
import { ORDER_STATUSES } from "./status";

/**
 * Query-string filters of the order list, the delivery records and their exports. Anything
 * invalid is dropped (never a 500): a bad date is ignored, a bad page is page 1. Server only (decision 041).
 */
const dateOrEmpty = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/)
  .optional()
  .catch(undefined);
const text = z.string().trim().max(60).optional().catch(undefined);

export const OrderFilterSchema = z.object({
  tab: z.enum(["all", "online", "open"]).catch("all"),
  from: dateOrEmpty,
  to: dateOrEmpty,
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  orderNo: text,
  poNo: text,
  code: text,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const DeliveryFilterSchema = z.object({
  from: dateOrEmpty,
  to: dateOrEmpty,
  orderNo: text,
  code: text,
  trackingNo: text,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

const clean = (params: URLSearchParams) => Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));

export const parseOrderFilters = (params: URLSearchParams) => OrderFilterSchema.parse(clean(params));
export const parseDeliveryFilters = (params: URLSearchParams) => DeliveryFilterSchema.parse(clean(params));
