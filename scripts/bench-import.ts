/**
 * Price/stock import section of `npm run bench` (called by scripts/bench.ts as SECTIONS.import;
 * `npm run bench -- --only import`): an .xlsx of 100,000 rows (ordering code, list price,
 * available stock, lead time) built from the catalogue, imported through the back office's job
 * (`startPriceImport` … `runPriceImport`, awaited): read and check the whole file, look the
 * codes up, write everything in one transaction of batched statements. Budget: under 60 s.
 * A second run with one bad cell in the last row measures the refusal (nothing written).
 */
import ExcelJS from "exceljs";
import type { DB } from "../app/db/db.server";
import { getPriceImportJob, readPriceFile, startPriceImport } from "../app/modules/admin/price-import.server";

export interface ImportBenchContext {
  db: DB;
}

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BUDGET_S = 60;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("牌价库存");
  ws.addRow(["订货号", "牌价（元）", "可用库存", "交货周期（天）"]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function importSection(ctx: ImportBenchContext) {
  const { db } = ctx;
  const products = await db.selectFrom("product").select(["ordering_code", "list_price"]).orderBy("id").limit(ROWS).execute();
  if (products.length < ROWS)
    throw new Error(`the import bench needs ${ROWS} products (run with --products ${ROWS} or more); the database has ${products.length}`);
  const tenant = await db.selectFrom("tenant").select("id").where("status", "=", "ready").orderBy("code").executeTakeFirstOrThrow();
  const admin = await db.selectFrom("app_user").select(["id", "code"]).where("code", "=", "EMP000001").executeTakeFirstOrThrow();
  const actor = { id: admin.id, code: admin.code, tenantId: null };
  const rows = products.map((p, i) => [p.ordering_code, ((p.list_price ?? 10_000) + (i % 7) * 10) / 100, (i * 37) % 5000, 3 + (i % 30)]);
  const buf = await workbook(rows);

  const t0 = performance.now();
  const read = await readPriceFile(buf);
  const readS = (performance.now() - t0) / 1000;
  if (!read.ok) throw new Error(`bench file refused: ${JSON.stringify(read.error)}`);

  const t1 = performance.now();
  const started = await startPriceImport(db, actor, { tenantId: tenant.id, fileName: "bench.xlsx", buf }, { wait: true });
  const totalS = (performance.now() - t1) / 1000;
  const job = started.ok ? await getPriceImportJob(db, started.jobId) : null;
  if (job?.status !== "done") throw new Error(`bench import did not finish: ${JSON.stringify(job ?? started)}`);

  const bad = rows.map((r) => [...r]);
  bad[bad.length - 1][1] = "12,50";
  const badBuf = await workbook(bad);
  const t2 = performance.now();
  const refused = await startPriceImport(db, actor, { tenantId: tenant.id, fileName: "bench-bad.xlsx", buf: badBuf }, { wait: true });
  const refusedS = (performance.now() - t2) / 1000;
  const badJob = refused.ok ? await getPriceImportJob(db, refused.jobId) : null;

  return {
    rows: ROWS,
    file_mb: round(buf.length / 1024 / 1024),
    read_and_check_s: round(readS),
    import_total_s: round(totalS),
    rows_per_s: Math.round(ROWS / totalS),
    budget_s: BUDGET_S,
    within_budget: totalS < BUDGET_S,
    bad_file: { refused: badJob?.status === "failed", message: badJob?.error ?? null, seconds: round(refusedS) },
  };
}
