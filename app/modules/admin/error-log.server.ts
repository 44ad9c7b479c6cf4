import type { DB } from "~/db/db.server";

/**
 * The error log (/system/errorLog): server errors that reached Remix's handleError, newest
 * first. Rows are kept by age, ERROR_LOG_KEEP_DAYS, not by count: a flood of errors (anyone can
 * send requests) must not push last week's errors out. What a flood can write is bounded
 * instead: at most ERROR_LOG_PER_HOUR rows an hour; the errors past that are in the server's
 * own log (stdout) only. The table holds at most 30 × 24 × 60 rows.
 */
export const ERROR_LOG_KEEP_DAYS = 30;
export const ERROR_LOG_PER_HOUR = 60;
export const ERROR_LOG_PAGE_SIZE = 20;

export interface ServerError {
  method: string;
  path: string;
  message: string;
  stack?: string | null;
}

/** Writes the error, unless this hour's rows are used up; false when it was not written. */
export async function recordServerError(db: DB, error: ServerError, now = new Date()): Promise<boolean> {
  const hourAgo = new Date(now.getTime() - 60 * 60_000).toISOString();
  const oldestOfHour = await db
    .selectFrom("error_log")
    .select("created_at")
    .orderBy("id", "desc")
    .limit(1)
    .offset(ERROR_LOG_PER_HOUR - 1)
    .executeTakeFirst();
  if (oldestOfHour && oldestOfHour.created_at > hourAgo) return false;
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
    .where("created_at", "<", new Date(now.getTime() - ERROR_LOG_KEEP_DAYS * 86_400_000).toISOString())
    .execute();
  return true;
}

export async function listServerErrors(db: DB, page: number) {
  const [{ total }] = await db
    .selectFrom("error_log")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .execute();
  const rows = await db
    .selectFrom("error_log")
    .selectAll()
    .orderBy("id", "desc")
    .limit(ERROR_LOG_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * ERROR_LOG_PAGE_SIZE)
    .execute();
  return { total: Number(total), rows };
}
