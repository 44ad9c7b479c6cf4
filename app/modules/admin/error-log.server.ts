import type { DB } from "~/db/db.server";

/**
 * The error log (/system/errorLog): server errors that reached Remix's handleError, newest
 * first. Only the newest ERROR_LOG_KEEP rows are kept, so a flood of errors cannot fill the disk.
 */
export const ERROR_LOG_KEEP = 500;
export const ERROR_LOG_PAGE_SIZE = 20;

export interface ServerError {
  method: string;
  path: string;
  message: string;
  stack?: string | null;
}

export async function recordServerError(db: DB, error: ServerError, now = new Date()): Promise<void> {
  await db
    .insertInto("error_log")
    .values({
      created_at: now.toISOString(),
      method: error.method.slice(0, 10),
      path: error.path.slice(0, 500),
      message: error.message.slice(0, 4000),
      stack: error.stack ? error.stack.slice(0, 20_000) : null,
    })
    .execute();
  await db
    .deleteFrom("error_log")
    .where("id", "<", (eb) => eb.selectFrom("error_log").select("id").orderBy("id", "desc").limit(1).offset(ERROR_LOG_KEEP - 1))
    .execute();
}

export async function listServerErrors(db: DB, page: number) {
  const [{ total }] = await db.selectFrom("error_log").select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await db
    .selectFrom("error_log")
    .selectAll()
    .orderBy("id", "desc")
    .limit(ERROR_LOG_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * ERROR_LOG_PAGE_SIZE)
    .execute();
  return { total: Number(total), rows };
}
