import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { RuleError } from "~/modules/cart/rules";
import { inspectZip, measureZip, type ZipCheck } from "./zip";

/**
 * Reads the rows of an uploaded order import (ordering code, quantity) from an .xlsx, safely:
 * size and zip checks first (declared sizes, then the bytes really inflated), then exceljs'
 * streaming reader, stopping at the row limit.
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

function cellText(v: ExcelJS.CellValue): { text: string; formula: boolean } {
  if (v === null || v === undefined) return { text: "", formula: false };
  if (typeof v === "object") {
    if ("formula" in v || "sharedFormula" in v) return { text: "", formula: true };
    if ("richText" in v) return { text: v.richText.map((r) => r.text).join(""), formula: false };
    if ("text" in v) return { text: String(v.text), formula: false };
    if (v instanceof Date) return { text: v.toISOString(), formula: false };
    return { text: "", formula: false };
  }
  return { text: String(v), formula: false };
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * At most 2 reads at once per process; further imports wait their turn. A read may inflate and
 * parse up to the zip limits (tens of MB, a second or more of CPU) on the thread that also serves
 * pages, so 4 bombs at once must not mean 4 × that. Waiting rather than refusing "busy": the upload
 * is already in memory (≤ IMPORT_MAX_BYTES), each read is bounded (limits, 20 s), and a dealer's
 * file should not fail because a colleague is importing too.
 */
const MAX_CONCURRENT_READS = 2;
let reading = 0;
const waiting: (() => void)[] = [];

async function inReadSlot<T>(work: () => Promise<T>): Promise<T> {
  if (reading < MAX_CONCURRENT_READS) reading++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing read hands its slot over
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else reading--;
  }
}

export function readImportFile(buf: Buffer, limits = { maxBytes: IMPORT_MAX_BYTES, maxRows: IMPORT_MAX_ROWS }): Promise<ReadResult> {
  return inReadSlot(() => read(buf, limits));
}

async function read(buf: Buffer, limits: { maxBytes: number; maxRows: number }): Promise<ReadResult> {
  if (buf.length === 0) return fail("order:import.noFile");
  if (buf.length > limits.maxBytes) return fail("order:import.tooBig", { mb: Math.round(limits.maxBytes / 1024 / 1024) });
  const zipFailure = (check: ZipCheck & { ok: false }) => {
    if (check.reason === "notZip") return fail("order:import.onlyExcel");
    if (check.reason === "tooLarge" || check.reason === "bomb") return fail("order:import.tooManyRows", { rows: limits.maxRows });
    return fail("order:import.unreadable");
  };
  const declared = inspectZip(buf); // what the archive claims: refuses honest bombs without inflating
  if (!declared.ok) return zipFailure(declared);
  const zip = await measureZip(buf); // what it really inflates to, counted and thrown away
  if (!zip.ok) return zipFailure(zip);
  if (!zip.names.includes("[Content_Types].xml") || !zip.names.some((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) {
    return fail("order:import.onlyExcel"); // a zip, but not a spreadsheet (e.g. a renamed .zip or .docx)
  }
  const controller = { stop: false };
  const timer = setTimeout(() => (controller.stop = true), READ_TIMEOUT_MS);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buf), {
      worksheets: "emit",
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "ignore",
      entries: "ignore",
    });
    const rows: ImportRow[] = [];
    let codeCol = -1;
    let qtyCol = -1;
    let headerSeen = false;
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (controller.stop) return fail("order:import.unreadable");
        const values = (row as ExcelJS.Row).values as ExcelJS.CellValue[];
        if (!headerSeen) {
          const texts = values.map((v) => norm(cellText(v).text));
          if (texts.every((t) => !t)) continue;
          headerSeen = true;
          codeCol = texts.findIndex((t) => HEADER_NAMES.code.includes(t));
          qtyCol = texts.findIndex((t) => HEADER_NAMES.qty.includes(t));
          if (codeCol < 0 || qtyCol < 0) {
            const missing = [codeCol < 0 ? "订货号 / Ordering code" : null, qtyCol < 0 ? "数量 / Quantity" : null].filter(Boolean).join(", ");
            return fail("order:import.missingColumns", { columns: missing });
          }
          continue;
        }
        const code = cellText(values[codeCol]);
        const qty = cellText(values[qtyCol]);
        if (!code.text.trim() && !qty.text.trim() && !code.formula && !qty.formula) continue;
        if (rows.length >= limits.maxRows) return fail("order:import.tooManyRows", { rows: limits.maxRows });
        const lineNo = (row as ExcelJS.Row).number;
        if (code.formula || qty.formula) {
          rows.push({ lineNo, code: code.text, qty: null, error: { key: "order:import.formula" } });
          continue;
        }
        const n = Number(qty.text.trim());
        rows.push({
          lineNo,
          code: code.text.trim().slice(0, 80),
          qty: Number.isInteger(n) ? n : null,
          error: !code.text.trim() ? { key: "order:quick.noCode" } : Number.isInteger(n) && n >= 0 ? null : { key: "order:rules.qtyInvalid" },
        });
      }
      break; // the first sheet only
    }
    if (!headerSeen) return fail("order:import.missingColumns", { columns: "订货号 / Ordering code, 数量 / Quantity" });
    if (rows.length === 0) return fail("order:import.emptyFile");
    return { ok: true, rows };
  } catch {
    return fail("order:import.unreadable");
  } finally {
    clearTimeout(timer);
  }
}
