import type { IncrementResponse, Options, Store } from "express-rate-limit";
import type { DB } from "~/db/db.server";
import { countRequest, resetRequestCount, uncountRequest, WINDOW_MS } from "~/modules/limits/request-counts.server";

/**
 * express-rate-limit's store over the database's request counts (decision 079): every server
 * process, and every machine behind the proxy, counts a client's posts in the same row, so the
 * limit is the shop's and not each process's. Its window is the counts' minute.
 */
export class DatabaseRateLimitStore implements Store {
  /** keys counted here are seen by every process */
  localKeys = false;

  constructor(
    private readonly db: DB,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    if (options.windowMs !== WINDOW_MS) throw new Error(`the shared request counts have a window of ${WINDOW_MS} ms, not ${options.windowMs}`);
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { hits, resetAt } = await countRequest(this.db, this.prefix + key);
    return { totalHits: hits, resetTime: resetAt };
  }

  async decrement(key: string): Promise<void> {
    await uncountRequest(this.db, this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await resetRequestCount(this.db, this.prefix + key);
  }
}
