import type { DB } from "~/db/db.server";

/**
 * Requests per bucket and minute, counted in the database so that every server process, on this
 * machine or another, agrees on a limit (decision 079). A bucket names what is limited and for
 * whom: `post:<client address>`, `feed:<key id>`. Fixed one-minute windows: a client may spend a
 * minute's allowance at the end of one minute and again at the start of the next, which a ceiling
 * against floods allows for.
 */
export const WINDOW_MS = 60_000;

const minuteOf = (now: Date) => Math.floor(now.getTime() / WINDOW_MS);

export interface RequestCount {
  hits: number;
  /** when the current window ends: the count starts again from 0 */
  resetAt: Date;
}

/** Counts one request in the bucket's current minute by one upsert and answers the minute's count. */
export async function countRequest(db: DB, bucket: string, now = new Date()): Promise<RequestCount> {
  const minute = minuteOf(now);
  const row = await db
    .insertInto("request_count")
    .values({ bucket, minute, hits: 1 })
    .onConflict((oc) => oc.columns(["bucket", "minute"]).doUpdateSet((eb) => ({ hits: eb("request_count.hits", "+", 1) })))
    .returning("hits")
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: new Date((minute + 1) * WINDOW_MS) };
}

/** Takes back one request of the current minute (a request the limiter was told not to count). */
export async function uncountRequest(db: DB, bucket: string, now = new Date()): Promise<void> {
  await db
    .updateTable("request_count")
    .set((eb) => ({ hits: eb("hits", "-", 1) }))
    .where("bucket", "=", bucket)
    .where("minute", "=", minuteOf(now))
    .where("hits", ">", 0)
    .execute();
}

/** Forgets a bucket's counts. */
export async function resetRequestCount(db: DB, bucket: string): Promise<void> {
  await db.deleteFrom("request_count").where("bucket", "=", bucket).execute();
}

/** Forgets the counts of past minutes (the hourly job calls it). */
export async function pruneRequestCounts(db: DB, now = new Date()): Promise<void> {
  await db
    .deleteFrom("request_count")
    .where("minute", "<", minuteOf(now) - 1)
    .execute();
}
