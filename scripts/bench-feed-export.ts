/**
 * The feed's full export of one customer, run by scripts/bench-feed.ts in a process of its own:
 * the process's peak memory (process.resourceUsage().maxRSS) is then the export's, not that of
 * the bench process, which has seeded the catalogue and run other sections before.
 *
 * tsx scripts/bench-feed-export.ts '<FeedActor as JSON>'   (DATABASE_URL=file:<bench database>)
 *
 * The file goes to the content store next to the database (contentDir()), where the built server
 * started on the same DATABASE_URL finds it. Prints one JSON object on stdout.
 */
import { createDb } from "../app/db/db.server";
import type { FeedActor } from "../app/modules/integration/feed-keys.server";
import { openExport } from "../app/modules/integration/export-store.server";
import { rebuildExport } from "../app/modules/integration/feed.server";

const MB = 1024 * 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

const actor = JSON.parse(process.argv[2]) as FeedActor;
const url = process.env.DATABASE_URL;
if (!url?.startsWith("file:")) throw new Error("DATABASE_URL=file:<bench database> is required");
const db = createDb(url);

// The memory before the export: the loaded modules and an open database.
await db.selectFrom("product").select("id").limit(1).execute();
const before = process.memoryUsage();

// Samples of the heap and resident set while the export runs. The export awaits every 1,000-row
// page, so the timer gets its turn; a memory that stays flat shows the same peaks in each quarter
// of the run, one that grows with the rows written shows rising ones.
const samples: { t: number; rss: number; heap: number }[] = [];
const t0 = performance.now();
const sample = () => {
  const m = process.memoryUsage();
  samples.push({ t: performance.now() - t0, rss: m.rss, heap: m.heapUsed });
};
const timer = setInterval(sample, 100);
const built = await rebuildExport(db, actor, new Date(), true);
const ms = performance.now() - t0;
clearInterval(timer);
sample();
if (!built) throw new Error(`the export of customer ${actor.customerId} was not rebuilt (another process holds its lock, or it is not due)`);

const row = await db.selectFrom("feed_export").select(["file_key", "rows", "etag"]).where("customer_id", "=", actor.customerId).executeTakeFirstOrThrow();
let bytes = 0; // read back through the export store (a file, or parts in the database)
for await (const chunk of (await openExport(db, row.file_key!))!) bytes += (chunk as Buffer).length;
const quarters = [0, 1, 2, 3].map((q) => {
  const part = samples.filter((s) => s.t >= (q * ms) / 4 && s.t <= ((q + 1) * ms) / 4);
  return {
    rss_peak_mb: round(Math.max(...part.map((s) => s.rss)) / MB),
    heap_peak_mb: round(Math.max(...part.map((s) => s.heap)) / MB),
  };
});
await db.destroy();

process.stdout.write(
  JSON.stringify({
    seconds: round(ms / 1000, 2),
    rows: row.rows,
    rows_per_s: Math.round(row.rows / (ms / 1000)),
    file_mb: round(bytes / MB, 2),
    file_bytes: bytes,
    etag: row.etag,
    rss_before_mb: round(before.rss / MB),
    heap_before_mb: round(before.heapUsed / MB),
    // resourceUsage().maxRSS is in kilobytes: the process's peak resident set over its whole life
    max_rss_mb: round(process.resourceUsage().maxRSS / 1024),
    heap_peak_mb: round(Math.max(...samples.map((s) => s.heap)) / MB),
    by_quarter: quarters,
    samples: samples.length,
  }),
);
