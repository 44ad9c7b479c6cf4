import { afterAll, beforeAll, expect, it } from "vitest";
import { apiShop, type ApiShop } from "./api-harness";

/**
 * The post limit per client address is the shop's, not each process's (issue 31 item 4, decision
 * 079): the server runs two worker processes (WEB_CONCURRENCY=2, connections handed out in turn),
 * on SQLite and on PostgreSQL (TEST_DATABASE_URL), and of LIMIT + 10 posts from one address exactly
 * LIMIT go through. Counted per process, each worker would let LIMIT through: all of them would pass.
 * A server of the file's own: the limit is low, and other files post far more than it.
 */
const LIMIT = 20;
let own: ApiShop;
beforeAll(async () => {
  own = await apiShop({ RATE_LIMIT_POSTS_PER_MINUTE: String(LIMIT) });
});
afterAll(() => own?.stop());

it("counts one address's posts across the server's processes", async () => {
  // at a minute's turn the count starts again: begin early in a minute
  const second = new Date().getSeconds();
  if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
  const statuses: number[] = [];
  // a fresh connection per post (Connection: close), so that both workers take some of them
  for (let i = 0; i < LIMIT + 10; i++) {
    const answer = await own.shop.post("/language", "", { lng: "en", redirectTo: "/" }, { connection: "close" });
    statuses.push(answer.status);
    await answer.body?.cancel();
  }
  expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMIT);
  expect(statuses.slice(LIMIT)).toEqual(Array(10).fill(429));
  const [{ hits }] = await own.query<{ hits: number | string }>(`select max(hits) as hits from request_count where bucket like 'post:%'`);
  expect(Number(hits)).toBe(LIMIT + 10);
  // pages are not limited
  expect((await own.shop.get("/login", "")).status).toBe(200);
});
