/** Display helpers shared by the customers-and-prices and catalogue screens (plain, browser-safe). */
const grouped = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** fen → "1,234.50" for tables (amounts in CNY). */
export const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? "" : grouped.format(fen / 100));
/** fen → the text typed in a money field ("" for null). */
export const yuanInput = (fen: number | null | undefined) => (fen === null || fen === undefined ? "" : (fen / 100).toFixed(2));
export const percentInput = (bp: number) => (bp / 100).toFixed(2);
export const PRODUCT_KINDS = ["turning_insert", "milling_insert", "end_mill", "drill", "holder"] as const;
