import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import ExcelJS from "exceljs";
import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { formatDateTime } from "~/i18n/format";
import { getFixedT } from "~/i18n/i18n.server";
import { getOrder, iterateDeliveries, iterateOrders, type OrderActor } from "~/modules/orders/orders.server";
import { DeliveryFilterSchema, OrderFilterSchema } from "~/modules/orders/filters";
import { neutraliseRow } from "./sanitize";

/**
 * Streaming Excel exports (exceljs WorkbookWriter): rows are written as they are read, page by
 * page, so a long order list never sits in memory. Text cells are neutralised against formula
 * injection. Every export is scoped like the pages: another customer's order is a 404.
 */
export type ExportKind = "orders" | "details" | "records";

const yuan = (fen: number) => Math.round(fen) / 100;

function xlsxResponse(fileName: string, fill: (wb: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>): Response {
  const pass = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  void fill(wb)
    .then(() => wb.commit())
    .catch((e: unknown) => pass.destroy(e instanceof Error ? e : new Error(String(e))));
  return new Response(createReadableStreamFromReadable(pass), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "no-store",
    },
  });
}

function header(ws: ExcelJS.Worksheet, titles: string[]) {
  const row = ws.addRow(titles);
  row.font = { bold: true };
  row.commit();
}

export async function exportResponse(db: DB, actor: OrderActor, params: URLSearchParams, lang: Language): Promise<Response> {
  const t = getFixedT(lang, "order");
  const kind = params.get("kind");
  const stamp = new Date().toISOString().slice(0, 10);
  const clean = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  if (kind === "details") {
    const orderNo = (params.get("orderNo") ?? "").slice(0, 40);
    const found = orderNo ? await getOrder(db, actor, orderNo) : null;
    if (!found) throw new Response("Not Found", { status: 404 });
    return xlsxResponse(`${found.order.order_no}.xlsx`, async (wb) => {
      const ws = wb.addWorksheet(t("export.details"));
      ws.columns = [{ width: 8 }, { width: 28 }, { width: 30 }, { width: 10 }, { width: 14 }, { width: 12 }, { width: 14 }, { width: 12 }, { width: 12 }];
      header(ws, [t("orders.lineNo"), t("cart.code"), t("orders.name"), t("orders.qty"), t("orders.unitPrice"), t("orders.discount"), t("orders.amount"), t("orders.esd"), t("orders.shipDate")]);
      for (const l of found.lines) {
        ws.addRow(
          neutraliseRow([l.line_no, l.ordering_code, lang === "en" ? l.name_en : l.name_zh, l.qty, yuan(l.unit_price), yuan(l.discount_amount), yuan(l.amount), l.esd ?? "", l.ship_date ?? ""]),
        ).commit();
      }
      ws.commit();
    });
  }
  if (kind === "records") {
    const f = DeliveryFilterSchema.parse(clean);
    return xlsxResponse(`delivery-records-${stamp}.xlsx`, async (wb) => {
      const ws = wb.addWorksheet(t("export.records"));
      ws.columns = [{ width: 12 }, { width: 18 }, { width: 18 }, { width: 28 }, { width: 10 }, { width: 12 }, { width: 20 }, { width: 16 }, { width: 14 }];
      header(ws, [t("records.shipDate"), t("orders.orderNo"), t("orders.poNo"), t("cart.code"), t("records.qty"), t("records.carrier"), t("records.trackingNo"), t("records.packingSlip"), t("records.batchNo")]);
      for await (const r of iterateDeliveries(db, actor, f)) {
        ws.addRow(neutraliseRow([r.ship_date, r.order_no, r.po_no ?? "", r.ordering_code, r.qty, r.carrier, r.tracking_no, r.packing_slip_no, r.batch_no])).commit();
      }
      ws.commit();
    });
  }
  if (kind === "orders") {
    const f = OrderFilterSchema.parse(clean);
    return xlsxResponse(`orders-${stamp}.xlsx`, async (wb) => {
      const ws = wb.addWorksheet(t("export.orders"));
      ws.columns = [{ width: 18 }, { width: 16 }, { width: 14 }, { width: 18 }, { width: 12 }, { width: 8 }, { width: 12 }, { width: 12 }, { width: 10 }, { width: 12 }, { width: 14 }];
      header(ws, [
        t("orders.col.orderNo"), t("orders.col.poNo"), t("orders.col.status"), t("orders.col.date"), t("orders.col.user"), t("orders.col.items"),
        t("orders.col.goods"), t("orders.col.discount"), t("orders.col.shipping"), t("orders.col.payable"), t("orders.col.deliveryDate"),
      ]);
      for await (const r of iterateOrders(db, actor, f)) {
        ws.addRow(
          neutraliseRow([
            r.order_no, r.po_no ?? "", t(`status.${r.status}`, { defaultValue: r.status }), formatDateTime(r.created_at), r.user_code, r.items,
            yuan(r.goods_amount), yuan(r.discount_amount), yuan(r.shipping_fee), yuan(r.payable_amount), r.expected_delivery_date,
          ]),
        ).commit();
      }
      ws.commit();
    });
  }
  throw new Response("Not Found", { status: 404 });
}

/** The import template: headers in the user's language and one example row. */
export function templateResponse(lang: Language): Response {
  const t = getFixedT(lang, "order");
  return xlsxResponse(lang === "en" ? "order-import-template.xlsx" : "订单导入模板.xlsx", async (wb) => {
    const ws = wb.addWorksheet(t("import.sheet"));
    ws.columns = [{ width: 30 }, { width: 12 }];
    header(ws, [t("import.headerCode"), t("import.headerQty")]);
    ws.addRow(["CNMG120408-DM YBC252", 10]).commit();
    ws.commit();
  });
}
