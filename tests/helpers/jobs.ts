import type { DB } from "~/db/db.server";

/**
 * The job queue's workers in a test process, as server.ts starts them (decision 084): the table
 * queue over `db`, polled every 50 ms, with the shop's handlers. Imported late, as the route
 * tests set their environment first. Answers the function that stops them.
 */
export async function startTestJobWorkers(db: DB): Promise<() => Promise<void>> {
  const { tableQueue } = await import("~/modules/jobs/queue.server");
  const { jobHandlers } = await import("~/modules/jobs/handlers.server");
  const { startJobWorkers, stopJobWorkers } = await import("~/modules/jobs/runner.server");
  const { getMailer } = await import("~/modules/mail/mailer.server");
  await startJobWorkers(tableQueue(db, { pollMs: 50 }), jobHandlers(db, getMailer()));
  return stopJobWorkers;
}
