import type ExcelJS from "exceljs";
import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { amountValue, formatDateTime, shopToday } from "~/i18n/format";
import { getFixedT } from "~/i18n/i18n.server";
import { getOrder, iterateDeliveries, iterateOrders, type OrderActor } from "~/modules/orders/orders.server";
import { DeliveryFilterSchema, OrderFilterSchema } from "~/modules/orders/filters.server";
import { neutraliseRow } from "./sanitize";

/**
 * Streaming Excel exports (exceljs WorkbookWriter): rows are written as they are read, page by
 * page, so a long order list never sits in memory. Text cells are neutralised against formula
 * injection. Every export is scoped like the pages: another customer's order is a 404.
 */
export type ExportKind = "orders" | "details" | "records";

/** A workbook to stream: its file name and what writes its rows (the route streams it). */
export interface XlsxExport {
  fileName: string;
  fill: (wb: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>;
}

function header(ws: ExcelJS.Worksheet, titles: string[]) {
  const row = ws.addRow(titles);
  row.font = { bold: true };
  row.commit();
}

/**
 * The export of a kind for this actor: `filters` are the list page's query parameters (unknown or
 * bad values fall back to the page's defaults). Null when the order of a details export is not the
 * actor's to see (a 404, like the page).
 */
export async function prepareExport(
  db: DB,
  actor: OrderActor,
  input: { kind: ExportKind; orderNo?: string; filters: Record<string, string> },
  lang: Language,
): Promise<XlsxExport | null> {
  const t = getFixedT(lang, "order");
  const stamp = shopToday(); // the China date
  const clean = Object.fromEntries(Object.entries(input.filters).filter(([, v]) => v !== ""));
  if (input.kind === "details") {
    const found = input.orderNo ? await getOrder(db, actor, input.orderNo) : null;
    if (!found) return null;
    return {
      fileName: `${found.order.order_no}.xlsx`,
      fill: async (wb) => {
        const ws = wb.addWorksheet(t("export.details"));
        ws.columns = [{ width: 8 }, { width: 28 }, { width: 30 }, { width: 10 }, { width: 14 }, { width: 12 }, { width: 14 }, { width: 12 }, { width: 12 }];
        header(ws, [
          t("orders.lineNo"),
          t("cart.code"),
          t("orders.name"),
          t("orders.qty"),
          t("orders.unitPrice"),
          t("orders.discount"),
          t("orders.amount"),
          t("orders.esd"),
          t("orders.shipDate"),
        ]);
        for (const l of found.lines) {
          ws.addRow(
            neutraliseRow([
              l.line_no,
              l.ordering_code,
              lang === "en" ? l.name_en : l.name_zh,
              l.qty,
              amountValue(l.unit_price),
              amountValue(l.discount_amount),
              amountValue(l.amount),
              l.esd ?? "",
              l.ship_date ?? "",
            ]),
          ).commit();
        }
        ws.commit();
      },
    };
  }
  if (input.kind === "records") {
    const f = DeliveryFilterSchema.parse(clean);
    return {
      fileName: `delivery-records-${stamp}.xlsx`,
      fill: async (wb) => {
        const ws = wb.addWorksheet(t("export.records"));
        ws.columns = [{ width: 12 }, { width: 18 }, { width: 18 }, { width: 28 }, { width: 10 }, { width: 12 }, { width: 20 }, { width: 16 }, { width: 14 }];
        header(ws, [
          t("records.shipDate"),
          t("orders.orderNo"),
          t("orders.poNo"),
          t("cart.code"),
          t("records.qty"),
          t("records.carrier"),
          t("records.trackingNo"),
          t("records.packingSlip"),
          t("records.batchNo"),
        ]);
        for await (const r of iterateDeliveries(db, actor, f)) {
          ws.addRow(
            neutraliseRow([r.ship_date, r.order_no, r.po_no ?? "", r.ordering_code, r.qty, r.carrier, r.tracking_no, r.packing_slip_no, r.batch_no]),
          ).commit();
        }
        ws.commit();
      },
    };
  }
  const f = OrderFilterSchema.parse(clean);
  return {
    fileName: `orders-${stamp}.xlsx`,
    fill: async (wb) => {
      const ws = wb.addWorksheet(t("export.orders"));
      ws.columns = [
        { width: 18 },
        { width: 16 },
        { width: 14 },
        { width: 18 },
        { width: 12 },
        { width: 8 },
        { width: 12 },
        { width: 12 },
        { width: 10 },
        { width: 12 },
        { width: 14 },
      ];
      header(ws, [
        t("orders.col.orderNo"),
        t("orders.col.poNo"),
        t("orders.col.status"),
        t("orders.col.date"),
        t("orders.col.user"),
        t("orders.col.items"),
        t("orders.col.goods"),
        t("orders.col.discount"),
        t("orders.col.shipping"),
        t("orders.col.payable"),
        t("orders.col.deliveryDate"),
      ]);
      for await (const r of iterateOrders(db, actor, f)) {
        ws.addRow(
          neutraliseRow([
            r.order_no,
            r.po_no ?? "",
            t(`status.${r.status}`, { defaultValue: r.status }),
            formatDateTime(r.created_at),
            r.user_code,
            r.items,
            amountValue(r.goods_amount),
            amountValue(r.discount_amount),
            amountValue(r.shipping_fee),
            amountValue(r.payable_amount),
            r.expected_delivery_date,
          ]),
        ).commit();
      }
      ws.commit();
    },
  };
}

/** The import template: headers in the user's language and one example row. */
export function importTemplate(lang: Language): XlsxExport {
  const t = getFixedT(lang, "order");
  return {
    fileName: lang === "en" ? "order-import-template.xlsx" : "订单导入模板.xlsx",
    fill: async (wb) => {
      const ws = wb.addWorksheet(t("import.sheet"));
      ws.columns = [{ width: 30 }, { width: 12 }];
      header(ws, [t("import.headerCode"), t("import.headerQty")]);
      ws.addRow(["CNMG120408-DM YBC252", 10]).commit();
      ws.commit();
    },
  };
}
