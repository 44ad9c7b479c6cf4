import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import ExcelJS from "exceljs";
import type { XlsxExport } from "~/modules/excel/export.server";

/**
 * A download of a workbook streamed as it is written (exceljs WorkbookWriter): rows leave as they
 * are read, so a long order list never sits in memory.
 */
export function xlsxResponse({ fileName, fill }: XlsxExport): Response {
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
