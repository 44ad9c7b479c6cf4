import type { RuleError } from "~/modules/cart/rules";
import { BLANK, normHeader, readSheet } from "./read-sheet.server";

/**
 * Reads the rows of an uploaded order import (ordering code, quantity) from an .xlsx, safely:
 * `readSheet` (size and zip checks, streamed, a read slot, a deadline), stopping at the row limit.
 */
export const IMPORT_MAX_BYTES = Number(process.env.IMPORT_MAX_BYTES ?? 5 * 1024 * 1024);
export const IMPORT_MAX_ROWS = Number(process.env.IMPORT_MAX_ROWS ?? 10_000);
const READ_TIMEOUT_MS = 20_000;

export const HEADER_NAMES = {
  code: ["订货号", "ordering code", "orderingcode", "code"],
  qty: ["数量", "quantity", "qty"],
};

export interface ImportRow {
  lineNo: number; // the spreadsheet row number
  code: string;
  qty: number | null;
  error: RuleError | null;
}

export type ReadResult = { ok: true; rows: ImportRow[] } | { ok: false; error: RuleError };

const fail = (key: string, values?: Record<string, string | number>): ReadResult => ({ ok: false, error: values ? { key, values } : { key } });

export async function readImportFile(buf: Buffer, limits = { maxBytes: IMPORT_MAX_BYTES, maxRows: IMPORT_MAX_ROWS }): Promise<ReadResult> {
  const rows: ImportRow[] = [];
  let refused: ReadResult | null = null;
  let codeCol = -1;
  let qtyCol = -1;
  let headerSeen = false;
  const read = await readSheet(buf, { maxBytes: limits.maxBytes, timeoutMs: READ_TIMEOUT_MS }, (cells, lineNo) => {
    if (!headerSeen) {
      const texts = cells.map((c) => normHeader(c.text));
      if (texts.every((t) => !t)) return;
      headerSeen = true;
      codeCol = texts.findIndex((t) => HEADER_NAMES.code.includes(t));
      qtyCol = texts.findIndex((t) => HEADER_NAMES.qty.includes(t));
      if (codeCol < 0 || qtyCol < 0) {
        const missing = [codeCol < 0 ? "订货号 / Ordering code" : null, qtyCol < 0 ? "数量 / Quantity" : null].filter(Boolean).join(", ");
        refused = fail("order:import.missingColumns", { columns: missing });
        return "stop";
      }
      return;
    }
    const code = cells[codeCol] ?? BLANK;
    const qty = cells[qtyCol] ?? BLANK;
    if (!code.text.trim() && !qty.text.trim() && !code.formula && !qty.formula) return;
    if (rows.length >= limits.maxRows) {
      refused = fail("order:import.tooManyRows", { rows: limits.maxRows });
      return "stop";
    }
    if (code.formula || qty.formula) {
      rows.push({ lineNo, code: code.text, qty: null, error: { key: "order:import.formula" } });
      return;
    }
    const n = Number(qty.text.trim());
    rows.push({
      lineNo,
      code: code.text.trim().slice(0, 80),
      qty: Number.isInteger(n) ? n : null,
      error: !code.text.trim() ? { key: "order:quick.noCode" } : Number.isInteger(n) && n >= 0 ? null : { key: "order:rules.qtyInvalid" },
    });
  });
  if (!read.ok) {
    if (read.reason === "tooBig") return fail("order:import.tooBig", { mb: Math.round(limits.maxBytes / 1024 / 1024) });
    if (read.reason === "tooLarge") return fail("order:import.tooManyRows", { rows: limits.maxRows });
    return fail(`order:import.${read.reason}`);
  }
  if (refused) return refused;
  if (!headerSeen) return fail("order:import.missingColumns", { columns: "订货号 / Ordering code, 数量 / Quantity" });
  if (rows.length === 0) return fail("order:import.emptyFile");
  return { ok: true, rows };
}
