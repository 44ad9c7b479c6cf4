import { fail, ok, type Result } from "~/modules/result";

/**
 * The rules of a shipment's quantities (issue 29 item 11), pure so that the form's schema and the
 * domain function share them: a blank quantity ships nothing of its line; a quantity is a whole
 * number, not negative, and not more than the line still has open; at least one line ships.
 */

/** The most a posted quantity may be written with (digits): larger is never open on a line. */
const MAX_DIGITS = 9;

/** One posted quantity: blank is 0; else a whole number from 0 up, or the key of what is wrong with it. */
export function readShipQty(raw: string): { ok: true; qty: number } | { ok: false; key: string } {
  const text = raw.trim();
  if (text === "") return { ok: true, qty: 0 };
  if (/^-\s*\d+([.,]\d*)?$/.test(text)) return { ok: false, key: "adminOrders:error.qtyNegative" };
  if (!new RegExp(`^\\d{1,${MAX_DIGITS}}$`).test(text)) return { ok: false, key: "adminOrders:error.qtyWhole" };
  return { ok: true, qty: Number(text) };
}

export interface ShipLine {
  id: number;
  line_no: number;
  qty: number;
  shipped_qty: number;
}

/**
 * The lines to ship (quantity above 0) of a posted form, checked against the order's lines as they
 * are: each at most its open quantity (the error on that line's field), at least one line.
 * A line that is not the order's is null (the caller answers 404).
 */
export function checkShipQuantities(lines: ShipLine[], posted: { lineId: number; qty: number }[]): Result<{ lineId: number; qty: number }[]> | null {
  const byId = new Map(lines.map((l) => [l.id, l]));
  for (const p of posted) {
    if (!byId.has(p.lineId)) return null;
    if (p.qty < 0) return fail("adminOrders:error.qtyNegative", undefined, `qty.${p.lineId}`);
    if (!Number.isInteger(p.qty)) return fail("adminOrders:error.qtyWhole", undefined, `qty.${p.lineId}`);
  }
  const rows = posted.filter((p) => p.qty > 0);
  for (const r of rows) {
    const line = byId.get(r.lineId)!;
    const open = line.qty - line.shipped_qty;
    if (r.qty > open) return fail("adminOrders:error.overOpen", { line: line.line_no, open: Math.max(0, open) }, `qty.${r.lineId}`);
  }
  if (rows.length === 0) return fail("adminOrders:error.noQty");
  return ok(rows);
}
