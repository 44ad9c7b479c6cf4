import type ExcelJS from "exceljs";
import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { amountValue, formatDateTime, shopToday } from "~/i18n/format";
import { getFixedT } from "~/i18n/i18n.server";
import type { XlsxExport } from "~/modules/excel/export.server";
import { neutraliseRow } from "~/modules/excel/sanitize";
import { BLANK, normHeader, readSheet, type SheetCell } from "~/modules/excel/read-sheet.server";
import { iterateDeskOrders, type DeskActor, type DeskFilters } from "./desk.server";
import type { ImportProblem, ImportShipmentRow } from "./shipments.server";

/**
 * The order desk's Excel files (decision 044): the export of its order list (streamed like the
 * shop's), the shipment import template in the user's language, and the reader of a filled-in
 * template (headers recognised in both languages; every bad cell reported by row and column).
 */

function header(ws: ExcelJS.Worksheet, titles: string[]) {
  const row = ws.addRow(titles);
  row.font = { bold: true };
  row.commit();
}

export function deskOrdersExport(db: DB, actor: DeskActor, f: Omit<DeskFilters, "page" | "pageSize">, lang: Language): XlsxExport {
  const t = getFixedT(lang, "adminOrders");
  const ts = getFixedT(lang, "order");
  return {
    fileName: `order-desk-${shopToday()}.xlsx`, // the China date
    fill: async (wb) => {
      const ws = wb.addWorksheet(t("export.sheet"));
      ws.columns = [
        { width: 20 },
        { width: 12 },
        { width: 30 },
        { width: 16 },
        { width: 14 },
        { width: 18 },
        { width: 8 },
        { width: 10 },
        { width: 12 },
        { width: 14 },
      ];
      header(ws, [
        t("field.orderNo"),
        t("field.customerCode"),
        t("field.customer"),
        t("field.poNo"),
        t("field.status"),
        t("field.date"),
        t("field.items"),
        t("field.openLines"),
        t("field.payable"),
        t("field.deliveryDate"),
      ]);
      for await (const r of iterateDeskOrders(db, actor, f)) {
        ws.addRow(
          neutraliseRow([
            r.order_no,
            r.customer_code,
            lang === "en" ? r.customer_name_en : r.customer_name_zh,
            r.po_no ?? "",
            ts(`status.${r.status}`, { defaultValue: r.status }),
            formatDateTime(r.created_at),
            r.items,
            r.open_lines,
            amountValue(r.payable_amount),
            r.expected_delivery_date,
          ]),
        ).commit();
      }
      ws.commit();
    },
  };
}

/** The import's columns: field, the headers recognised (both languages), required text length. */
export const SHIPMENT_COLUMNS = [
  { field: "orderNo", zh: "订单号", en: "Order no" },
  { field: "lineNo", zh: "行号", en: "Line no" },
  { field: "qty", zh: "发货数量", en: "Quantity" },
  { field: "shipDate", zh: "发货日期", en: "Ship date" },
  { field: "carrier", zh: "承运商", en: "Carrier" },
  { field: "trackingNo", zh: "运单号", en: "Tracking no" },
  { field: "packingSlipNo", zh: "装箱单号", en: "Packing slip id" },
  { field: "batchNo", zh: "批号", en: "Batch no" },
] as const;
export type ShipmentField = (typeof SHIPMENT_COLUMNS)[number]["field"];

export function shipmentTemplate(lang: Language): XlsxExport {
  const en = lang === "en";
  const today = shopToday();
  return {
    fileName: en ? "shipment-import-template.xlsx" : "发货导入模板.xlsx",
    fill: async (wb) => {
      const ws = wb.addWorksheet(en ? "Shipments" : "发货");
      ws.columns = SHIPMENT_COLUMNS.map(() => ({ width: 18 }));
      header(
        ws,
        SHIPMENT_COLUMNS.map((c) => (en ? c.en : c.zh)),
      );
      ws.addRow(["SO20261125-000001", 10, 5, today, en ? "SF Express" : "顺丰速运", "SF1234567890", "PS2026110001", "B2611-0001"]).commit();
      ws.commit();
    },
  };
}

export const SHIPMENT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const SHIPMENT_IMPORT_MAX_ROWS = 2_000;

export type ShipmentReadResult = { ok: true; rows: ImportShipmentRow[] } | { ok: false; error?: string; problems: ImportProblem[] };

const DATE = /^\d{4}-\d\d-\d\d$/;

/** Reads a filled-in template: the first sheet, a header row, then one shipment line per row. */
export async function readShipmentFile(buf: Buffer): Promise<ShipmentReadResult> {
  const fail = (error: string): ShipmentReadResult => ({ ok: false, error, problems: [] });
  const cols = new Map<ShipmentField, number>();
  let headerRow = 0;
  let refused: ShipmentReadResult | null = null;
  const rows: ImportShipmentRow[] = [];
  const problems: ImportProblem[] = [];
  const check = (texts: SheetCell[], n: number): ShipmentReadResult | null => {
    if (!headerRow) {
      if (texts.every((c) => !c.text.trim())) return null;
      headerRow = n;
      texts.forEach((c, i) => {
        const col = SHIPMENT_COLUMNS.find((d) => [d.zh, d.en, d.field].some((h) => normHeader(h) === normHeader(c.text)));
        if (col && !cols.has(col.field)) cols.set(col.field, i);
      });
      const missing = SHIPMENT_COLUMNS.filter((c) => !cols.has(c.field));
      if (missing.length)
        return {
          ok: false,
          error: "adminOrders:import.missingColumns",
          problems: missing.map((c) => ({ row: n, column: c.field, key: "adminOrders:import.missingColumn" })),
        };
      return null;
    }
    const cell = (f: ShipmentField) => texts[cols.get(f)!] ?? BLANK;
    if (SHIPMENT_COLUMNS.every((c) => !cell(c.field).text.trim() && !cell(c.field).formula)) return null;
    if (rows.length + problems.length >= SHIPMENT_IMPORT_MAX_ROWS) return fail("adminOrders:import.tooManyRows");
    const bad = (column: ShipmentField, key: string) => problems.push({ row: n, column, key });
    let ok = true;
    for (const c of SHIPMENT_COLUMNS) {
      if (cell(c.field).formula) {
        bad(c.field, "adminOrders:import.formula");
        ok = false;
      } else if (!cell(c.field).text.trim()) {
        bad(c.field, "adminOrders:import.required");
        ok = false;
      } else if (cell(c.field).text.trim().length > 60) {
        bad(c.field, "adminOrders:import.tooLong");
        ok = false;
      }
    }
    if (!ok) return null;
    const int = (f: ShipmentField) => {
      const v = Number(cell(f).text.trim());
      if (!Number.isInteger(v) || v <= 0 || v > 1_000_000) {
        bad(f, "adminOrders:import.positiveInteger");
        return 0;
      }
      return v;
    };
    const lineNo = int("lineNo");
    const qty = int("qty");
    const date = cell("shipDate").text.trim().slice(0, 10);
    if (!DATE.test(date) || Number.isNaN(Date.parse(date))) bad("shipDate", "adminOrders:import.date");
    if (!lineNo || !qty || !DATE.test(date) || Number.isNaN(Date.parse(date))) return null;
    rows.push({
      row: n,
      orderNo: cell("orderNo").text.trim().toUpperCase(),
      lineNo,
      qty,
      shipDate: date,
      carrier: cell("carrier").text.trim(),
      trackingNo: cell("trackingNo").text.trim(),
      packingSlipNo: cell("packingSlipNo").text.trim(),
      batchNo: cell("batchNo").text.trim(),
    });
    return null;
  };
  const read = await readSheet(buf, { maxBytes: SHIPMENT_IMPORT_MAX_BYTES, dates: true }, (texts, n) => {
    refused = check(texts, n);
    return refused ? "stop" : undefined;
  });
  if (!read.ok) return fail(read.reason === "tooLarge" ? "adminOrders:import.tooManyRows" : `adminOrders:import.${read.reason}`);
  if (refused) return refused;
  if (!headerRow) return fail("adminOrders:import.emptyFile");
  if (problems.length) return { ok: false, problems };
  if (rows.length === 0) return fail("adminOrders:import.emptyFile");
  return { ok: true, rows };
}
