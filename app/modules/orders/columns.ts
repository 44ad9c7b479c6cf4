/** Order list tabs and columns (shared by the page and the server; no server-only code). */
export const ORDER_TABS = ["all", "online", "open"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_COLUMNS = ["orderNo", "poNo", "status", "date", "user", "items", "goods", "discount", "shipping", "payable", "deliveryDate"] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];
export const DEFAULT_ORDER_COLUMNS: OrderColumn[] = ["orderNo", "poNo", "status", "date", "user", "items", "payable", "deliveryDate"];

/** Delivery records (/order/myRecord): every column by default. */
export const RECORD_COLUMNS = ["shipDate", "orderNo", "code", "qty", "orderedQty", "carrier", "trackingNo", "packingSlip", "batchNo"] as const;
export type RecordColumn = (typeof RECORD_COLUMNS)[number];
