import ExcelJS from "exceljs";
import { DEFAULT_ZIP_LIMITS, inspectZip, measureZip, type ZipCheck, type ZipCheckLimits } from "./zip";

/**
 * The one reader of uploaded spreadsheets (the order import, the price import and the shipment
 * import; docs/decisions/033-excel.md), safely: the size and zip checks first (the sizes the archive
 * declares, then the bytes its entries really inflate to), then exceljs reads the workbook and
 * hands the first sheet over row by row, within a deadline and in one of few read slots. What a
 * row means is the caller's: it gets each row's cells as text and says when to stop.
 */
export interface SheetCell {
  text: string;
  /** a formula: its text is empty, the import refuses it rather than trust a cached result */
  formula: boolean;
  /** a date cell (read only with `dates: true`); its text is YYYY-MM-DD */
  date?: Date;
}

export interface SheetLimits {
  maxBytes: number;
  zip?: ZipCheckLimits;
  timeoutMs?: number;
  /** read the styles so that date-formatted numbers come as dates */
  dates?: boolean;
}

/** Why a file was not read: the caller turns it into its own message. `tooLarge`: the archive inflates beyond the limits (a bomb or a huge sheet). */
export type SheetFailure = "noFile" | "tooBig" | "onlyExcel" | "tooLarge" | "unreadable";
export type SheetRead = { ok: true } | { ok: false; reason: SheetFailure };

/** A row: its spreadsheet number and its cells by column number (A = 1); a missing cell is `BLANK`. */
export type OnRow = (cells: SheetCell[], rowNo: number) => void | "stop";

export const BLANK: SheetCell = Object.freeze({ text: "", formula: false });
const DEFAULT_TIMEOUT_MS = 20_000;

/** A date cell's number, as a reader that ignores the cells' formats would see it (days since 1899-12-30). */
const excelSerial = (date: Date) => Math.round((date.getTime() / 86_400_000 + 25_569) * 1e10) / 1e10;

export function cellText(v: ExcelJS.CellValue | undefined): SheetCell {
  if (v === null || v === undefined) return BLANK;
  if (v instanceof Date) return { text: v.toISOString().slice(0, 10), formula: false, date: v };
  if (typeof v === "object") {
    if ("formula" in v || "sharedFormula" in v) return { text: "", formula: true };
    if ("richText" in v) return { text: v.richText.map((r) => r.text).join(""), formula: false };
    if ("text" in v) return { text: String(v.text), formula: false };
    return BLANK;
  }
  return { text: String(v), formula: false };
}

/** A header as compared with the names a column is known by: trimmed, lower case, single spaces. */
export const normHeader = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * At most 2 reads at once per process; further imports wait their turn. A read may inflate and
 * parse up to the zip limits (tens of MB, a second or more of CPU) on the thread that also serves
 * pages, so 4 bombs at once must not mean 4 × that. Waiting rather than refusing "busy": the upload
 * is already in memory (≤ its import's byte limit), each read is bounded (limits, deadline), and a
 * dealer's file should not fail because a colleague is importing too.
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

/** Reads the first sheet of an .xlsx upload, calling `onRow` for every row until it answers "stop". */
export function readSheet(buf: Buffer, limits: SheetLimits, onRow: OnRow): Promise<SheetRead> {
  return inReadSlot(() => read(buf, limits, onRow));
}

const failed = (reason: SheetFailure): SheetRead => ({ ok: false, reason });
const zipFailure = (check: ZipCheck & { ok: false }) =>
  failed(check.reason === "notZip" ? "onlyExcel" : check.reason === "tooLarge" || check.reason === "bomb" ? "tooLarge" : "unreadable");

async function read(buf: Buffer, limits: SheetLimits, onRow: OnRow): Promise<SheetRead> {
  if (buf.length === 0) return failed("noFile");
  if (buf.length > limits.maxBytes) return failed("tooBig");
  const zipLimits = limits.zip ?? DEFAULT_ZIP_LIMITS;
  const declared = inspectZip(buf, zipLimits); // what the archive claims: refuses honest bombs without inflating
  if (!declared.ok) return zipFailure(declared);
  const zip = await measureZip(buf, zipLimits); // what it really inflates to, counted and thrown away
  if (!zip.ok) return zipFailure(zip);
  if (!zip.names.includes("[Content_Types].xml") || !zip.names.some((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) {
    return failed("onlyExcel"); // a zip, but not a spreadsheet (e.g. a renamed .zip or .docx)
  }
  const deadline = Date.now() + (limits.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  // The whole workbook at once (docs/decisions/086-reading-spreadsheets.md): exceljs' streaming
  // reader lost the archive's later parts in about 1 read of 500 (unzipper's parser ends its entry
  // stream early) and the file came back "unreadable". The zip checks above bound what this
  // inflates; a row of four cells costs about 3.5 KB while it is read.
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer); // exceljs types its Buffer as an ArrayBuffer; it reads a Node Buffer
  } catch {
    return failed("unreadable");
  }
  const sheet = workbook.worksheets[0];
  for (let rowNo = 1; sheet && rowNo <= sheet.rowCount; rowNo++) {
    const row = sheet.findRow(rowNo); // rows the sheet does not have are skipped, as the file has none there
    if (!row) continue;
    if (Date.now() > deadline) return failed("unreadable");
    const values = row.values as ExcelJS.CellValue[];
    const cells = Array.from(values, (value) => cellText(!limits.dates && value instanceof Date ? excelSerial(value) : value));
    if (onRow(cells, rowNo) === "stop") return { ok: true };
  }
  return { ok: true };
}
