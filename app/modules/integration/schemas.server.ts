import { z } from "zod";
import { addressFields } from "~/modules/addresses/schemas.server";
import { COLUMN_MODULES } from "~/modules/columns/tables";
import { ORDER_STATUSES } from "~/modules/orders/status";
import { PAYMENT_METHODS } from "~/modules/orders/totals";

/**
 * The integration API's request and answer shapes (spec §7, decision 072): the calls parse with
 * them and the OpenAPI document (`openapi.server.ts`) is generated from them, so the document
 * cannot drift from what the server accepts and answers.
 */
const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const chinaTime = z.string().describe("China time (Asia/Shanghai), YYYY-MM-DD HH:mm");
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "validation.dateFormat");
const money = z.number().describe("an amount in the order's currency (yuan, two decimals)");

// ---- requests ----

export const LoginBody = z.object({
  dataareacode: z.string().trim().max(20).optional(),
  code: z.string().trim().min(1).max(20),
  password: z.string().min(1).max(100),
});

export const SwitchTenantBody = z.object({ dataareaid: dbId });

export const CatalogueLevelBody = z.object({
  level: z.coerce.number().int().min(1).max(3).default(1).describe("the level the list starts at (1–3)"),
  filterLevel: z.coerce.number().int().min(1).max(3).default(3).describe("the deepest level included (1–3)"),
  izHomePage: z.union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1")]).optional(),
  language: z.enum(["zh", "en", "zh-hans", "en-us"]).optional(),
});

export const NoticeQuery = z.object({
  pageNo: page,
  pageSize: z.coerce.number().int().min(1).max(20).default(20),
  izRead: z.enum(["0", "1"]).optional().describe("'0': unread only"),
});
export const NoticeReadBody = z.object({ id: dbId, izRead: z.literal("1") });

export const FavouriteDeleteQuery = z.object({ productId: dbId });

export const AddressIdQuery = z.object({ id: dbId.optional() });
export const AddressDeleteQuery = z.object({ id: dbId });
export const AddressBody = z.object({
  ...addressFields,
  isDefault: z.boolean().default(false),
});
export const AddressUpdateBody = AddressBody.extend({ id: dbId });

export const OrderIdParams = z.object({ id: z.string().trim().min(1).max(40).describe("the order number") });

export const OrderCreateBody = z.object({
  token: z.string().trim().min(16).max(64).describe("the caller's idempotency key: the same token twice places one order"),
  addressId: dbId,
  paymentMethod: z.enum(PAYMENT_METHODS),
  expectedDeliveryDate: day,
  poNo: z.string().trim().max(60).optional(),
  remark: z.string().trim().max(500).optional(),
});

export const OrderByStateQuery = z.object({
  state: z.enum(ORDER_STATUSES).optional(),
  pageNo: page,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const JsonDataQuery = z.object({ key: z.literal("errorPage") });

export const ColumnModuleQuery = z.object({ module: z.enum(COLUMN_MODULES as [string, ...string[]]).optional() });
export const ColumnChoiceBody = z.object({
  module: z.enum(COLUMN_MODULES as [string, ...string[]]),
  fields: z.array(z.string().max(40)).max(40),
});

// ---- answers ----

export const LoginData = z.object({
  token: z.string(),
  customerLanguage: z.string().nullable(),
  exportSales: z.boolean(),
});

export const UserData = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  language: z.string().nullable(),
  customerCode: z.string(),
  customerName: z.string(),
  tenantId: z.number(),
  tenantCode: z.string(),
  tenantName: z.string(),
  currency: z.string(),
  isMaster: z.boolean(),
  partiesId: z.string().nullable(),
  canOrder: z.boolean(),
  canSeePrice: z.boolean(),
  canSeeStock: z.boolean(),
  roles: z.array(z.string()),
  functionCodes: z.array(z.string()),
});

export const TenantList = z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), showName: z.string(), current: z.boolean() }));
export const SwitchTenantData = z.object({ token: z.string(), success: z.literal(true) });

export interface CatalogueNodeOut {
  code: string;
  label: string;
  level: number;
  isNonStandard: boolean;
  children: CatalogueNodeOut[];
}
export const CatalogueNode: z.ZodType<CatalogueNodeOut> = z
  .object({
    code: z.string(),
    label: z.string(),
    level: z.number(),
    isNonStandard: z.boolean(),
    get children() {
      return z.array(CatalogueNode);
    },
  })
  .meta({ id: "CatalogueNode" });
export const CatalogueList = z.array(CatalogueNode);

export const CartCount = z.number().int().min(0);

export const NoticePage = z.object({
  records: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      title: z.string(),
      body: z.string(),
      orderNo: z.string().nullable(),
      izRead: z.enum(["0", "1"]),
      createdAt: chinaTime,
    }),
  ),
  total: z.number(),
});
export const UnreadCount = z.number().int().min(0);

export const FavouriteList = z.array(z.object({ productId: z.number(), orderingCode: z.string(), name: z.string() }));

export const AddressOut = z.object({
  id: z.number(),
  consignee: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  line: z.string(),
  postcode: z.string(),
  isDefault: z.boolean(),
});
export const AddressListOrOne = z.union([z.array(AddressOut), AddressOut]);
export const AddressId = z.object({ id: z.number() });

export const OrderLineOut = z.object({
  lineNo: z.number(),
  orderingCode: z.string(),
  name: z.string(),
  qty: z.number(),
  shippedQty: z.number(),
  unitPrice: money,
  discountAmount: money,
  amount: money,
  shipDate: z.string().nullable(),
});
export const OrderOut = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  poNo: z.string().nullable(),
  placedBy: z.string(),
  consignee: z.string(),
  phone: z.string(),
  address: z.string(),
  paymentMethod: z.string(),
  expectedDeliveryDate: z.string(),
  goodsAmount: money,
  discountAmount: money,
  shippingFee: money,
  payableAmount: money,
  currency: z.string(),
  remark: z.string().nullable(),
  createdAt: chinaTime,
  lines: z.array(OrderLineOut),
});
export const OrderCreated = z.object({ orderNo: z.string(), status: z.enum(ORDER_STATUSES), duplicate: z.boolean() });
export const ImportStarted = z.object({
  jobId: z.number().int(),
  /** the shop's page of the import's result */
  statusUrl: z.string(),
});
export const StatusEnum = z.array(z.object({ value: z.enum(ORDER_STATUSES), label: z.string() }));
export const CreditData = z.object({
  creditLimit: money,
  openPayable: money,
  available: money,
  paymentTermsDays: z.number(),
  billTermsDays: z.number(),
});
export const OrderPage = z.object({
  records: z.array(
    z.object({
      orderNo: z.string(),
      poNo: z.string().nullable(),
      status: z.enum(ORDER_STATUSES),
      createdAt: chinaTime,
      payableAmount: money,
      currency: z.string(),
      items: z.number(),
      placedBy: z.string(),
    }),
  ),
  total: z.number(),
});
export const JsonData = z.object({
  now: z.number().describe("the server's time, milliseconds since 1970"),
  jsonDataPage: z.object({
    records: z.array(z.object({ key: z.literal("errorPage"), json: z.object({ startTime: z.number(), endTime: z.number() }) })),
  }),
});
export const ColumnsData = z.union([
  z.object({ module: z.string(), fields: z.array(z.string()) }),
  z.object({ fields: z.record(z.string(), z.array(z.string())) }),
]);

// ---- the ERP's calls ----

const idemKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,60}$/, "8–60 letters, digits, _ . : -")
  .describe("the caller's idempotency key: the same key again changes nothing and gets the first answer");
const orderNo = z.string().trim().min(1).max(40);

export const ErpPullQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  leaseSeconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(600)
    .describe("an order handed over this long ago and not acknowledged is handed over again"),
});
export const ErpPullData = z.object({
  batchId: z.string(),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      status: z.enum(ORDER_STATUSES),
      customerCode: z.string(),
      placedBy: z.string(),
      poNo: z.string().nullable(),
      createdAt: chinaTime,
      consignee: z.string(),
      phone: z.string(),
      address: z.string(),
      paymentMethod: z.string(),
      expectedDeliveryDate: z.string(),
      payableAmount: money,
      currency: z.string(),
      remark: z.string().nullable(),
      lines: z.array(
        z.object({ lineNo: z.number(), orderingCode: z.string(), qty: z.number(), unitPrice: money, amount: money, shipDate: z.string().nullable() }),
      ),
    }),
  ),
});
export const ErpAckBody = z.object({ orderNos: z.array(orderNo).min(1).max(100) });
export const ErpAckData = z.object({ acknowledged: z.array(z.string()) });
export const ErpDeliveryBody = z.object({
  key: idemKey,
  orderNo,
  state: z.enum(["confirmed", "shipped"]),
  shipDate: day.optional(),
  carrier: z.string().trim().max(60).optional(),
  trackingNo: z.string().trim().max(60).optional(),
  packingSlipNo: z.string().trim().max(60).optional(),
  batchNo: z.string().trim().max(60).optional(),
  lines: z
    .array(z.object({ lineNo: z.number().int().positive(), qty: z.number().int().positive().max(1_000_000) }))
    .max(500)
    .optional()
    .describe("shipped: the lines and quantities; without them everything still open ships"),
});
export const ErpOrderState = z.object({ orderNo: z.string(), status: z.enum(ORDER_STATUSES) });
export const ErpCancelQuery = z.object({ key: idemKey, orderNo, reason: z.string().trim().min(1).max(300) });
export const ErpCreditBody = z.object({ customerCode: z.string().trim().min(1).max(40) });
export const ErpCreditData = CreditData.extend({ customerCode: z.string() });

// ---- the dealer's stock and price feed (decision 073) ----

export const FeedQuery = z.object({
  page,
  pageSize: z.coerce.number().int().min(1).max(1000).default(100).describe("at most 1000"),
  changedSince: z
    .string()
    .datetime({ offset: true })
    .optional()
    .describe("ISO 8601 time: only products whose product data, stock or list price in the entity, or the customer's own price changed at or after it"),
  withQuantity: z.enum(["0", "1"]).optional().describe("'1': the sellable quantity as well as the traffic light"),
  format: z.enum(["json", "csv"]).optional().describe("'csv' (or Accept: text/csv): RFC 4180 CSV with a header row"),
});

export const FeedItemOut = z
  .object({
    orderingCode: z.string(),
    nameZh: z.string(),
    nameEn: z.string(),
    unit: z.string(),
    price: z.number().nullable().describe("the dealer's unit price incl. tax (yuan); null: price on request"),
    currency: z.string(),
    stock: z.enum(["green", "yellow", "red"]).describe("green: covers the least order quantity; yellow: some stock; red: none"),
    quantity: z.number().int().optional().describe("the sellable quantity (withQuantity=1)"),
    leadTimeDays: z.number().int(),
    moq: z.number().int(),
    mpq: z.number().int(),
    status: z.string(),
    updatedAt: z.string().describe("ISO 8601: the latest change of the product, its stock or price"),
  })
  .meta({ id: "FeedItem" });

export const FeedPageOut = z.object({ items: z.array(FeedItemOut), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

/** What the full export call finds (its answer is the file itself, text/csv). */
export const FeedExportOut = z.object({ fileKey: z.string(), rows: z.number().int(), builtAt: z.string(), etag: z.string() });
