import type { DB } from "~/db/db.server";
import { addLinesToCart, type CartActor, type LineReport } from "~/modules/cart/cart.server";
import { checkPermission, type RuleError } from "~/modules/cart/rules";
import { runJob, withHeartbeat } from "~/modules/jobs/runner.server";
import { readImportFile } from "./import-read.server";

/**
 * Batch order import as a job (docs/decisions/033-excel.md): the upload is read and checked,
 * then the rows go to the cart in chunks while the job row records the progress; the status
 * page refreshes itself until the job is done. Valid rows go to the CART (not to a
 * to-be-submitted order): the dealer sees prices and promotions before ordering.
 * The rows read from the upload are kept in the job's row until it ends, and the work is a job
 * of the queue (decision 084), so any instance's worker runs it.
 */
const CHUNK = 200;

export type StartResult = { ok: true; jobId: number } | { ok: false; error: RuleError };

export async function startImport(db: DB, actor: CartActor, fileName: string, buf: Buffer, opts: { wait?: boolean } = {}): Promise<StartResult> {
  const perm = checkPermission(actor);
  if (perm) return { ok: false, error: perm };
  const read = await readImportFile(buf);
  if (!read.ok) return read;
  const now = new Date().toISOString();
  const job = await db
    .insertInto("import_job")
    .values({
      user_id: actor.id,
      tenant_id: actor.tenantId,
      customer_id: actor.customerId,
      status: "queued",
      file_name: fileName.slice(0, 200),
      total: read.rows.length,
      done: 0,
      input: Buffer.from(JSON.stringify(read.rows)),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (opts.wait) await runImportJob(db, job.id, actor);
  else {
    // what the worker needs of the dealer, not the whole signed-in user (names, roles…) in the queue's rows
    const { id, customerId, tenantId, priceAdjustmentBp, canOrder } = actor;
    const worker: CartActor = { id, customerId, tenantId, priceAdjustmentBp, canOrder };
    await runJob(db, "order-import", { jobId: job.id, actor: worker });
  }
  return { ok: true, jobId: job.id };
}

type ImportRows = Parameters<typeof addLinesToCart>[2];

/** The queue's work for an order import: its rows into the cart, with the runner's heartbeat. */
export async function runImportJob(db: DB, jobId: number, actor: CartActor): Promise<void> {
  await withHeartbeat(db, { table: "import_job", id: jobId }, async () => {
    const job = await db.selectFrom("import_job").select("input").where("id", "=", jobId).executeTakeFirstOrThrow();
    const rows = JSON.parse(Buffer.from(job.input ?? Buffer.from("[]")).toString("utf8")) as ImportRows;
    await processRows(db, actor, jobId, rows);
  });
}

async function processRows(db: DB, actor: CartActor, jobId: number, rows: ImportRows) {
  const report: LineReport[] = [];
  try {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = await addLinesToCart(db, actor, rows.slice(i, i + CHUNK));
      report.push(...part);
      await db.updateTable("import_job").set({ done: report.length, updated_at: new Date().toISOString() }).where("id", "=", jobId).execute();
      await new Promise((r) => setImmediate(r)); // let page requests in between chunks
    }
    const ok = report.filter((r) => r.ok).length;
    await db
      .updateTable("import_job")
      .set({
        status: "done",
        done: report.length,
        ok_count: ok,
        bad_count: report.length - ok,
        report: JSON.stringify(report),
        input: null,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", jobId)
      .execute();
  } catch {
    await db
      .updateTable("import_job")
      .set({ status: "failed", error_key: "order:import.unreadable", input: null, updated_at: new Date().toISOString() })
      .where("id", "=", jobId)
      .execute();
  }
}

/** The actor's own job only. */
export async function getImportJob(db: DB, actor: { id: number; tenantId: number }, id: number) {
  const job = await db
    .selectFrom("import_job")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", actor.id)
    .where("tenant_id", "=", actor.tenantId)
    .executeTakeFirst();
  if (!job) return null;
  const { input: _input, ...shown } = job; // the rows stay on the server
  let report: LineReport[] = [];
  try {
    report = JSON.parse(job.report) as LineReport[];
  } catch {
    report = [];
  }
  return { ...shown, report };
}
