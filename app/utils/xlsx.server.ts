import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import ExcelJS from "exceljs";
import type { XlsxExport } from "~/modules/excel/export.server";
import { fileResponse } from "./file-response.server";

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
  return fileResponse(null, {
    body: createReadableStreamFromReadable(pass),
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    name: fileName,
    cache: "no-store",
  });
}
