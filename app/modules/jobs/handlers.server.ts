import { z } from "zod";
import type { DB } from "~/db/db.server";
import { runInitialisation } from "~/modules/admin/data-areas.server";
import { runPriceImportJob } from "~/modules/admin/price-import.server";
import { runImportJob } from "~/modules/excel/import-jobs.server";
import { pruneRequestCounts } from "~/modules/limits/request-counts.server";
import type { Mailer } from "~/modules/mail/mailer.server";
import { releaseExpired } from "~/modules/support/reservations.server";
import type { JobHandlers } from "./queue.server";
import { withHeartbeat } from "./runner.server";

/**
 * What each job does (decision 084). A job's data is JSON the shop itself sent; it is parsed
 * again here all the same, as the queue's rows outlive a release that changes their shape.
 */
const JobId = z.object({ jobId: z.number().int().positive() });
const CartActorData = z.object({
  id: z.number(),
  customerId: z.number(),
  tenantId: z.number(),
  priceAdjustmentBp: z.number(),
  canOrder: z.boolean(),
});
const StaffActorData = z.object({ id: z.number(), code: z.string(), tenantId: z.number().nullable() });
const MailData = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().optional() });

export function jobHandlers(db: DB, mailer: Mailer): JobHandlers {
  return {
    "order-import": async (data) => {
      const { jobId, actor } = JobId.extend({ actor: CartActorData }).parse(data);
      await runImportJob(db, jobId, actor);
    },
    "price-import": async (data) => {
      const { jobId, actor } = JobId.extend({ actor: StaffActorData }).parse(data);
      await runPriceImportJob(db, jobId, actor);
    },
    "tenant-init": async (data) => {
      const { jobId } = JobId.parse(data);
      await withHeartbeat(db, { table: "background_job", id: jobId }, () => runInitialisation(db, jobId));
    },
    // a failure (the SMTP server down) throws, and the queue tries again later
    mail: async (data) => mailer.send(MailData.parse(data)),
    // Approved stock reservations past their end date give their stock back (the reservation
    // pages release them as well; this covers a shop where nobody opens those), and the request
    // counts of past minutes are forgotten. Scheduled once an hour across all instances.
    hourly: async () => {
      await releaseExpired(db);
      await pruneRequestCounts(db);
    },
  };
}
