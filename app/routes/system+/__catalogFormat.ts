/** Display helpers shared by the customers-and-prices and catalogue screens (plain, browser-safe). */
export const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? "" : (fen / 100).toFixed(2));
/** fen → the text typed in a money field ("" for null). */
export const yuanInput = (fen: number | null | undefined) => (fen === null || fen === undefined ? "" : (fen / 100).toFixed(2));
export const percentInput = (bp: number) => (bp / 100).toFixed(2);
