// The bench's load generator, run in a process of its own (scripts/bench.ts starts it): its
// latencies must not include pauses of the bench process, whose heap and CPU the search section
// has just used (docs/decisions/036). Reads one JSON argument, prints autocannon's result as JSON.
import process from "node:process";
import autocannon from "autocannon";

const { url, connections, duration, warmup, headers } = JSON.parse(process.argv[2]);
// Warm-up at the measured concurrency: each server process compiles its hot code, fills its
// caches and SQLite's page cache first. A fresh server's throughput kept rising for 10-15 s of
// load (V8 was still optimising functions after 20 s in one worker), hence 15 s (decision 036).
await autocannon({ url, connections, duration: warmup, headers });
const r = await autocannon({ url, connections, duration, headers });
process.stdout.write(
  JSON.stringify({ requests: r.requests, latency: r.latency, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, throughput: r.throughput }),
);
