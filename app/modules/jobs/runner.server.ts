import type { DB } from "~/db/db.server";
import { getEnv } from "~/env.server";
import { runInitialisation, TENANT_INIT } from "~/modules/admin/data-areas.server";

/**
 * The one way the shop runs background work (issue 31 item 2, decision 082): the Excel order
 * import (`import_job`), the price and stock import and the data-area initialisation
 * (`background_job`). The work runs in the process that started it, and while it runs that process
 * touches the job's `updated_at` every quarter of the stall time (its heartbeat). A job whose
 * heartbeat stops (its process died: a SIGKILL, a crash, a machine gone) is found by any
 * process's sweep within the stall time and a half:
 * - work that can resume is taken over and resumed by the sweeping process (the data-area copy
 *   commits each batch with its progress, so it goes on after the last copied product);
 * - work that cannot (the imports: their uploaded file lived in the dead process's memory, and the
 *   order import has put part of its rows into the cart already) is marked failed with a message
 *   that says the server stopped, so its progress page tells the user to import again.
 * The sweep's updates are conditional, so several processes sweeping at once act once.
 */
export type JobRef = { table: "import_job" | "background_job"; id: number };

/** Seconds without a heartbeat after which a running job counts as stopped (JOB_STALL_SECONDS, default 120). */
export const stallSeconds = () => getEnv().JOB_STALL_SECONDS;

const stamp = () => new Date().toISOString();

/**
 * Runs `work` for the job with a heartbeat; answers when the work ends (the routes do not wait).
 * `work` marks its job done or failed itself.
 */
export async function runJob(db: DB, job: JobRef, work: () => Promise<void>, stall = stallSeconds()): Promise<void> {
  const beat = setInterval(
    () =>
      void db
        .updateTable(job.table)
        .set({ updated_at: stamp() })
        .where("id", "=", job.id)
        .where("status", "=", "running")
        .execute()
        .catch(() => {}), // a missed beat is made good by the next one, long before the stall time
    (stall * 1000) / 4,
  );
  beat.unref();
  try {
    await work();
  } finally {
    clearInterval(beat);
  }
}

export interface SweepResult {
  failed: number;
  resumed: number;
}

/** Finds running jobs without a heartbeat since the stall time: fails the imports, resumes the data-area copies. */
export async function sweepStalledJobs(db: DB, stall = stallSeconds(), now = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - stall * 1000).toISOString();
  const at = now.toISOString();
  const orderImports = await db
    .updateTable("import_job")
    .set({ status: "failed", error_key: "order:import.interrupted", updated_at: at })
    .where("status", "=", "running")
    .where("updated_at", "<", cutoff)
    .executeTakeFirst();
  let failed = Number(orderImports.numUpdatedRows);
  const stalled = await db
    .selectFrom("background_job")
    .select(["id", "kind", "message", "updated_at"])
    .where("status", "=", "running")
    .where("updated_at", "<", cutoff)
    .execute();
  let resumed = 0;
  for (const job of stalled) {
    const resumable = job.kind === TENANT_INIT;
    // taken by whoever changes the row from the state it was read in
    const taken = await db
      .updateTable("background_job")
      .set(resumable ? { updated_at: at } : { status: "failed", updated_at: at, message: interruptedMessage(job.message) })
      .where("id", "=", job.id)
      .where("status", "=", "running")
      .where("updated_at", "=", job.updated_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) continue;
    if (resumable) {
      resumed++;
      void runJob(db, { table: "background_job", id: job.id }, () => runInitialisation(db, job.id), stall);
    } else failed++;
  }
  return { failed, resumed };
}

/** The price import's message (JSON: its file and an error) saying the server stopped during it. */
function interruptedMessage(message: string | null): string {
  let file: unknown = null;
  try {
    file = (JSON.parse(message ?? "{}") as { file?: unknown }).file ?? null;
  } catch {
    file = null;
  }
  return JSON.stringify({ file, error: { key: "adminCatalog:import.error.interrupted" } });
}
