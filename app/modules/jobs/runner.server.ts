import type { DB } from "~/db/db.server";
import { getEnv } from "~/env.server";
import { TENANT_INIT, TENANT_INIT_RESUMED } from "~/modules/admin/data-areas.server";
import { JOB_POLICY, tableQueue, type JobHandlers, type JobName, type JobQueue } from "./queue.server";

/**
 * The one way the shop runs background work (issue 31 item 2, decisions 082 and 084): `runJob`
 * sends a named job to the queue (pg-boss on PostgreSQL, the `queued_job` table on SQLite) and
 * any instance's worker runs it: the Excel order import (`import_job`), the price and stock
 * import and the data-area initialisation (`background_job`), mail, and the hourly sweep.
 *
 * The imports and the copy have progress rows of their own, which start `queued`. The worker
 * that takes one marks it `running` (a conditional update: one taker) and, while it works,
 * touches its `updated_at` every quarter of the stall time (its heartbeat). A job whose heartbeat
 * stops (its process died: a SIGKILL, a crash, a machine gone) is found by any process's sweep
 * within the stall time and a half:
 * - work that can resume goes back to the queue (the data-area copy commits each batch with its
 *   progress, so it goes on after the last copied product);
 * - work that cannot (the order import has put part of its rows into the cart already; the price
 *   import's page would have to say which of its two tries counted) is marked failed with a
 *   message that says the server stopped, so its progress page tells the user to import again.
 * The sweep's updates are conditional, so several processes sweeping at once act once.
 */
export type JobRef = { table: "import_job" | "background_job"; id: number };

/** Seconds without a heartbeat after which a running job counts as stopped (JOB_STALL_SECONDS, default 120). */
export const stallSeconds = () => getEnv().JOB_STALL_SECONDS;

const stamp = () => new Date().toISOString();

declare global {
  // The process's started queue, shared by server.ts and the Remix build (two bundles, each with
  // its own copy of this module), as the database handle is.
  var __shopJobQueue: JobQueue | undefined;
}

/** Starts this process's workers (server.ts); `runJob` sends to this queue from then on. */
export async function startJobWorkers(queue: JobQueue, handlers: JobHandlers): Promise<void> {
  globalThis.__shopJobQueue = queue;
  await queue.start(handlers);
}

export async function stopJobWorkers(): Promise<void> {
  const queue = globalThis.__shopJobQueue;
  globalThis.__shopJobQueue = undefined;
  await queue?.stop();
}

/**
 * Sends a job. Without started workers (a script, a unit test) the job goes into the
 * `queued_job` table, where a server's worker finds it.
 */
export async function runJob(db: DB, name: JobName, data: object): Promise<void> {
  await (globalThis.__shopJobQueue ?? tableQueue(db)).send(name, data);
}

/**
 * Takes the job's row (`queued` → `running`) and runs `work` with a heartbeat; answers when the
 * work ends. Nothing runs when the row was taken or settled already. `work` marks its job done
 * or failed itself.
 */
export async function withHeartbeat(db: DB, job: JobRef, work: () => Promise<void>, stall = stallSeconds()): Promise<boolean> {
  const taken = await db
    .updateTable(job.table)
    .set({ status: "running", updated_at: stamp() })
    .where("id", "=", job.id)
    .where("status", "=", "queued")
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return false;
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
  return true;
}

export interface SweepResult {
  failed: number;
  resumed: number;
}

/**
 * Finds running jobs without a heartbeat since the stall time: fails the imports, sends the
 * data-area copies back to the queue. A row still `queued` after its queue job would have
 * expired was lost between the queue and the row (its worker died in the moment after taking it
 * from the queue, before marking the row): it is treated the same way.
 */
export async function sweepStalledJobs(db: DB, stall = stallSeconds(), now = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - stall * 1000).toISOString();
  const lostCutoff = new Date(now.getTime() - (JOB_POLICY["order-import"].expireSeconds + stall) * 1000).toISOString();
  const at = now.toISOString();
  const orderImports = await db
    .updateTable("import_job")
    .set({ status: "failed", error_key: "order:import.interrupted", input: null, updated_at: at })
    .where((eb) =>
      eb.or([eb.and([eb("status", "=", "running"), eb("updated_at", "<", cutoff)]), eb.and([eb("status", "=", "queued"), eb("updated_at", "<", lostCutoff)])]),
    )
    .executeTakeFirst();
  let failed = Number(orderImports.numUpdatedRows);
  const stalled = await db
    .selectFrom("background_job")
    .select(["id", "kind", "status", "message", "updated_at"])
    .where((eb) =>
      eb.or([eb.and([eb("status", "=", "running"), eb("updated_at", "<", cutoff)]), eb.and([eb("status", "=", "queued"), eb("updated_at", "<", lostCutoff)])]),
    )
    .execute();
  let resumed = 0;
  for (const job of stalled) {
    const resumable = job.kind === TENANT_INIT;
    // taken by whoever changes the row from the state it was read in
    const taken = await db
      .updateTable("background_job")
      .set(
        resumable
          ? { status: "queued", message: TENANT_INIT_RESUMED, updated_at: at }
          : { status: "failed", updated_at: at, message: interruptedMessage(job.message), input: null },
      )
      .where("id", "=", job.id)
      .where("status", "=", job.status)
      .where("updated_at", "=", job.updated_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) continue;
    if (resumable) {
      resumed++;
      await runJob(db, "tenant-init", { jobId: job.id });
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
