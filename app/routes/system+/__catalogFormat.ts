/** Display helpers shared by the customers-and-prices and catalogue screens (plain, browser-safe). */
export const percentInput = (bp: number) => (bp / 100).toFixed(2);
export const PRODUCT_KINDS = ["turning_insert", "milling_insert", "end_mill", "drill", "holder"] as const;
