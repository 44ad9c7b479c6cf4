import fs from "node:fs";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeZip, unzipEntries } from "../helpers/zip";
import { startShop, type Shop } from "./harness";

/**
 * Issue 13's point 4 against the built server: an .xlsx of ~150 KB whose sheet claims 5,000 bytes
 * but inflates to 150 MB. Four uploaded at once must each be refused with the clear message, and
 * the serving process (WEB_CONCURRENCY=1: the main process serves) must not grow by more than
 * 64 MB over its resident memory before them.
 */
let shop: Shop;
let cookie: string;
let honest: Buffer;
let bomb: Buffer;

beforeAll(async () => {
  // its own server: it measures the serving process's memory (one process, nobody else's requests)
  shop = await startShop({ WEB_CONCURRENCY: "1" });
  cookie = await shop.signIn("XCD000001");
  ({ honest, bomb } = await workbooks());
});
afterAll(() => shop?.stop());

/** A real workbook, and the same with its sheet1.xml swapped for 150 MB of XML declared as 5,000 bytes. */
async function workbooks() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("s").addRow(["订货号", "数量"]);
  wb.getWorksheet("s")!.addRow(["CNMG120408-DM YBC252", 10]);
  const honest = Buffer.from(await wb.xlsx.writeBuffer());
  const giantCell = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'),
    Buffer.from('<row r="1"><c r="A1" t="inlineStr"><is><t>订货号</t></is></c><c r="B1" t="inlineStr"><is><t>数量</t></is></c></row>'),
    Buffer.from('<row r="2"><c r="A2" t="inlineStr"><is><t>'),
    Buffer.alloc(150 * 1024 * 1024, "A"),
    Buffer.from('</t></is></c><c r="B2"><v>1</v></c></row></sheetData></worksheet>'),
  ]);
  const entries = unzipEntries(honest).map((e) => ({
    ...e,
    deflate: true,
    ...(e.name === "xl/worksheets/sheet1.xml" ? { data: giantCell, declare: 5000 } : {}),
  }));
  return { honest, bomb: makeZip(entries) };
}

function upload(file: Buffer, name = "order.xlsx") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), name);
  return fetch(`${shop.base}/order/import?index`, { method: "POST", redirect: "manual", headers: { Origin: shop.base, Cookie: cookie }, body: form });
}

/** VmRSS / VmHWM of the serving process, in bytes. */
function memory(field: "VmRSS" | "VmHWM") {
  const status = fs.readFileSync(`/proc/${shop.pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
}

describe("4. a zip bomb that lies about its size", () => {
  it("four at once are refused with the clear message, within 64 MB over the baseline", async () => {
    expect(bomb.length).toBeLessThan(400 * 1024);
    // warm-up: a normal import (and the page showing an import error) before the baseline
    const normal = await upload(honest);
    expect(normal.status).toBe(302);
    const status = normal.headers.get("location")!;
    expect(status).toMatch(/^\/order\/import\/status\?id=\d+$/);
    const notExcel = await upload(Buffer.from("ordering code,qty\n"), "order.csv");
    expect(await notExcel.text()).toContain("只能导入 Excel");
    // the import job puts its rows in the cart after the answer: the baseline is taken once the
    // status page shows it done, as the dealer would see it
    await expect.poll(async () => (await shop.get(status, cookie)).text(), { timeout: 30_000, interval: 100 }).toContain('data-testid="import-done"');

    const baseline = memory("VmRSS");
    fs.writeFileSync(`/proc/${shop.pid}/clear_refs`, "5"); // VmHWM := VmRSS, so it shows this test's peak only
    const started = Date.now();
    const answers = await Promise.all([1, 2, 3, 4].map(() => upload(bomb)));
    const pages = await Promise.all(answers.map((a) => a.text()));
    const seconds = (Date.now() - started) / 1000;
    const peakOverBaseline = memory("VmHWM") - baseline;
    console.info(
      `4 lying zip bombs: ${seconds.toFixed(2)} s, peak ${(peakOverBaseline / 1048576).toFixed(1)} MB over a baseline of ${(baseline / 1048576).toFixed(0)} MB`,
    );

    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(400);
      expect(pages[i]).toContain("行数太多"); // order:import.tooManyRows, zh by default
    }
    expect(peakOverBaseline).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});
