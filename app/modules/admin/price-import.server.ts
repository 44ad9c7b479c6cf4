import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import type { XlsxExport } from "~/modules/excel/export.server";
import { BLANK, normHeader, readSheet, type SheetCell } from "~/modules/excel/read-sheet.server";
import { NotFoundError } from "~/modules/errors";
import { runJob, withHeartbeat } from "~/modules/jobs/runner.server";
import { recordAudit, type Actor } from "./audit.server";
import { cleanOrderingCode } from "./iso-code";

/**
 * List prices and stock from Excel (decision 045): ordering code, list price (yuan incl. tax),
 * available stock and lead time (days) per row, for one company entity. A background job
 * (`background_job`, kind `price_import`) reads and checks the whole file first; the first bad
 * cell refuses the file whole (row and column in the message) and nothing is written. A good
 * file is written in ONE transaction of batched statements (500 rows each, one INSERT … ON
 * CONFLICT into the entity's `stock` rows), so readers see all of it or none of it. The list
 * prices are the chosen entity's (`stock.list_price`, decision 054); the product master's price
 * and the other entities' rows are not touched (the master's is edited on the product page). The shop's search index holds codes, names and specifications only, so
 * neither feeds it; the list pages read prices and stock from these rows at once.
 */
export const PRICE_IMPORT_MAX_BYTES = Number(process.env.PRICE_IMPORT_MAX_BYTES ?? 20 * 1024 * 1024);
export const PRICE_IMPORT_MAX_ROWS = Number(process.env.PRICE_IMPORT_MAX_ROWS ?? 100_000);
const BATCH = 500;
const READ_TIMEOUT_MS = 60_000;

export const COLUMNS = ["code", "listPrice", "available", "leadTime"] as const;
type Column = (typeof COLUMNS)[number];
const HEADERS: Record<Column, string[]> = {
  code: ["订货号", "ordering code", "code"],
  listPrice: ["牌价（元）", "牌价(元)", "牌价", "list price (cny)", "list price"],
  available: ["可用库存", "库存", "available stock", "stock", "available"],
  leadTime: ["交货周期（天）", "交货周期(天)", "交货周期", "lead time (days)", "lead time"],
};

export interface ImportError {
  key: string;
  values?: Record<string, string | number>;
}

export interface PriceRow {
  row: number;
  code: string;
  listPrice: number;
  available: number;
  leadTime: number;
}

export type ReadResult = { ok: true; rows: PriceRow[]; codeColumn: { column: string; header: string } } | { ok: false; error: ImportError };

const LABEL: Record<Column, string> = {
  code: "订货号 / Ordering code",
  listPrice: "牌价（元） / List price (CNY)",
  available: "可用库存 / Available stock",
  leadTime: "交货周期（天） / Lead time (days)",
};

const fail = (key: string, values?: Record<string, string | number>): ReadResult => ({ ok: false, error: { key: `adminCatalog:import.error.${key}`, values } });
const colLetter = (n: number) => {
  let s = "";
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const INT = /^\d{1,9}$/;
// 100,000 rows inflate to ~22 MB; the whole workbook is read at once (decision 086), so what it may inflate to bounds the memory
const ZIP_LIMITS = { maxEntries: 500, maxTotalUncompressed: 32 * 1024 * 1024, maxRatio: 150 };

/** Reads and checks the whole sheet; the first bad cell refuses the file (row number, column letter and header). */
export async function readPriceFile(buf: Buffer, limits = { maxBytes: PRICE_IMPORT_MAX_BYTES, maxRows: PRICE_IMPORT_MAX_ROWS }): Promise<ReadResult> {
  const rows: PriceRow[] = [];
  const seen = new Map<string, number>();
  let cols: Record<Column, number> | null = null;
  let headers: string[] = [];
  let refused: ReadResult | null = null;
  const check = (cells: SheetCell[], rowNo: number): ReadResult | null => {
    if (!cols) {
      headers = cells.map((c) => c.text.trim());
      const texts = headers.map(normHeader);
      if (texts.every((t) => !t)) return null;
      const found = Object.fromEntries(COLUMNS.map((c) => [c, texts.findIndex((t) => HEADERS[c].includes(t))])) as Record<Column, number>;
      const missing = COLUMNS.filter((c) => found[c] < 0);
      if (missing.length) return fail("missingColumns", { columns: missing.map((c) => LABEL[c]).join(", ") });
      cols = found;
      return null;
    }
    const at = cols;
    const cell = Object.fromEntries(COLUMNS.map((c) => [c, cells[at[c]] ?? BLANK])) as Record<Column, SheetCell>;
    if (COLUMNS.every((c) => !cell[c].text.trim() && !cell[c].formula)) return null;
    if (rows.length >= limits.maxRows) return fail("tooManyRows", { rows: limits.maxRows });
    const bad = (c: Column, key: string) => fail(key, { row: rowNo, column: colLetter(at[c]), header: headers[at[c]] || LABEL[c] });
    for (const c of COLUMNS) if (cell[c].formula) return bad(c, "formula");
    const code = cleanOrderingCode(cell.code.text);
    if (!code) return bad("code", "codeMissing");
    if (code.length > 80) return bad("code", "codeTooLong");
    const first = seen.get(code);
    if (first !== undefined) return fail("codeTwice", { row: rowNo, column: colLetter(at.code), header: headers[at.code] || "code", first });
    seen.set(code, rowNo);
    const price = cell.listPrice.text.trim();
    if (!MONEY.test(price) || Number(price) <= 0) return bad("listPrice", "priceInvalid");
    const available = cell.available.text.trim();
    if (!INT.test(available)) return bad("available", "stockInvalid");
    const lead = cell.leadTime.text.trim();
    if (!INT.test(lead) || Number(lead) > 365) return bad("leadTime", "leadTimeInvalid");
    rows.push({ row: rowNo, code, listPrice: Math.round(Number(price) * 100), available: Number(available), leadTime: Number(lead) });
    return null;
  };
  const read = await readSheet(buf, { maxBytes: limits.maxBytes, zip: ZIP_LIMITS, timeoutMs: READ_TIMEOUT_MS }, (cells, rowNo) => {
    refused = check(cells, rowNo);
    return refused ? "stop" : undefined;
  });
  if (!read.ok) {
    if (read.reason === "tooBig") return fail("tooBig", { mb: Math.round(limits.maxBytes / 1024 / 1024) });
    return read.reason === "tooLarge" ? fail("tooManyRows", { rows: limits.maxRows }) : fail(read.reason);
  }
  if (refused) return refused;
  const found = cols as Record<Column, number> | null;
  if (!found) return fail("missingColumns", { columns: COLUMNS.map((c) => LABEL[c]).join(", ") });
  if (!rows.length) return fail("emptyFile");
  return { ok: true, rows, codeColumn: { column: colLetter(found.code), header: headers[found.code] || LABEL.code } };
}

export type StartResult = { ok: true; jobId: number } | { ok: false; error: ImportError };

/** Adds the job and starts it (not awaited unless `wait`); the route redirects to its progress page. */
export async function startPriceImport(
  db: DB,
  actor: Actor,
  input: { tenantId: number; fileName: string; buf: Buffer },
  opts: { wait?: boolean } = {},
): Promise<StartResult> {
  const tenant = await db.selectFrom("tenant").select(["id", "status"]).where("id", "=", input.tenantId).executeTakeFirst();
  if (!tenant) throw new NotFoundError("company entity");
  if (tenant.status !== "ready") return { ok: false, error: { key: "adminCatalog:stock.error.notReady" } };
  if (input.buf.length === 0) return { ok: false, error: { key: "adminCatalog:import.error.noFile" } };
  const job = await db
    .insertInto("background_job")
    .values({
      kind: "price_import",
      status: "queued",
      total: 0,
      done: 0,
      subject_id: tenant.id,
      created_by: actor.id,
      message: JSON.stringify({ file: input.fileName.slice(0, 200) }),
      input: input.buf,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (opts.wait) await runPriceImportJob(db, job.id, actor);
  else await runJob(db, "price-import", { jobId: job.id, actor });
  return { ok: true, jobId: job.id };
}

/** The queue's work for a price import: the stored workbook, with the runner's heartbeat; the file is dropped when it ends. */
export async function runPriceImportJob(db: DB, jobId: number, actor: Actor): Promise<void> {
  await withHeartbeat(db, { table: "background_job", id: jobId }, async () => {
    const job = await db.selectFrom("background_job").select(["subject_id", "message", "input"]).where("id", "=", jobId).executeTakeFirstOrThrow();
    const file = (JSON.parse(job.message ?? "{}") as { file?: string }).file ?? "";
    try {
      await runPriceImport(db, actor, jobId, job.subject_id!, file, Buffer.from(job.input ?? new Uint8Array()));
    } finally {
      await db.updateTable("background_job").set({ input: null }).where("id", "=", jobId).execute();
    }
  });
}

const setJob = (db: DB, id: number, values: { status?: string; total?: number; done?: number; message?: string }) =>
  db
    .updateTable("background_job")
    .set({ ...values, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();

/** Never rejects: a bad file or an error marks the job failed with its message (JSON {key, values}). */
export async function runPriceImport(db: DB, actor: Actor, jobId: number, tenantId: number, fileName: string, buf: Buffer): Promise<void> {
  try {
    const read = await readPriceFile(buf);
    if (!read.ok) {
      await setJob(db, jobId, { status: "failed", message: JSON.stringify({ file: fileName, error: read.error }) });
      return;
    }
    const rows = read.rows;
    await setJob(db, jobId, { total: rows.length, done: 0 });
    // every code must be a product: looked up in batches, the job's counter moving as it goes
    const ids = new Map<string, number>();
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH);
      const found = await db
        .selectFrom("product")
        .select(["id", "ordering_code"])
        .where(
          "ordering_code",
          "in",
          part.map((r) => r.code),
        )
        .execute();
      for (const f of found) ids.set(f.ordering_code, f.id);
      const missing = part.find((r) => !ids.has(r.code));
      if (missing) {
        const error = { key: "adminCatalog:import.error.codeUnknown", values: { row: missing.row, ...read.codeColumn, code: missing.code } };
        await setJob(db, jobId, { status: "failed", message: JSON.stringify({ file: fileName, error }) });
        return;
      }
      if ((i / BATCH) % 20 === 19) await setJob(db, jobId, { done: i + part.length });
    }
    await writeRows(db, tenantId, rows, ids);
    await db.transaction().execute(async (tx) => {
      await setJob(tx, jobId, { status: "done", done: rows.length, message: JSON.stringify({ file: fileName, rows: rows.length }) });
      await recordAudit(tx, actor, { action: "update", entity: "price_import", entityId: jobId, after: { tenantId, file: fileName, rows: rows.length } });
    });
  } catch (e) {
    await setJob(db, jobId, {
      status: "failed",
      message: JSON.stringify({
        file: fileName,
        error: { key: "adminCatalog:import.error.failed", values: { message: e instanceof Error ? e.message.slice(0, 200) : "?" } },
      }),
    }).catch(() => {});
  }
}

/**
 * All rows in one transaction, 500 rows per statement: the entity's list price, stock and lead
 * time go into its `stock` rows (decision 054); the product master's price and the other
 * entities' rows are not touched.
 */
export async function writeRows(db: DB, tenantId: number, rows: PriceRow[], ids: Map<string, number>): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH);
      await tx
        .insertInto("stock")
        .values(
          part.map((r) => ({
            tenant_id: tenantId,
            product_id: ids.get(r.code)!,
            available: r.available,
            reserved: 0,
            lead_time_days: r.leadTime,
            list_price: r.listPrice,
            updated_at: updatedAt,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["tenant_id", "product_id"]).doUpdateSet((eb) => ({
            available: eb.ref("excluded.available"),
            lead_time_days: eb.ref("excluded.lead_time_days"),
            list_price: eb.ref("excluded.list_price"),
            updated_at: updatedAt,
          })),
        )
        .execute();
    }
  });
}

export async function getPriceImportJob(db: DB, id: number) {
  const job = await db
    .selectFrom("background_job as j")
    .leftJoin("tenant as t", "t.id", "j.subject_id")
    .select([
      "j.id",
      "j.status",
      "j.total",
      "j.done",
      "j.message",
      "j.created_at",
      "t.code as tenant_code",
      "t.name_zh as tenant_name_zh",
      "t.name_en as tenant_name_en",
    ])
    .where("j.id", "=", id)
    .where("j.kind", "=", "price_import")
    .executeTakeFirst();
  if (!job) throw new NotFoundError("price import");
  let info: { file?: string; rows?: number; error?: ImportError } = {};
  try {
    info = JSON.parse(job.message ?? "{}") as typeof info;
  } catch {
    info = {};
  }
  return { ...job, file: info.file ?? "", rows: info.rows ?? null, error: info.error ?? null };
}

/** The template: headers in the language asked for and two example rows. */
export function priceTemplate(lang: Language): XlsxExport {
  const t = getFixedT(lang, "adminCatalog");
  return {
    fileName: lang === "en" ? "price-stock-import-template.xlsx" : "牌价库存导入模板.xlsx",
    fill: async (wb) => {
      const ws = wb.addWorksheet(t("import.sheet"));
      ws.columns = [{ width: 30 }, { width: 16 }, { width: 16 }, { width: 18 }];
      const head = ws.addRow([t("import.header.code"), t("import.header.listPrice"), t("import.header.available"), t("import.header.leadTime")]);
      head.font = { bold: true };
      head.commit();
      ws.addRow(["CNMG120408-DM YBC252", 38.5, 1200, 7]).commit();
      ws.addRow(["PCLNR2525M12", 468, 35, 14]).commit();
      ws.commit();
    },
  };
}
