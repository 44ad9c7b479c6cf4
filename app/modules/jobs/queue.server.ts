import PgBoss from "pg-boss";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";

/**
 * The job queue behind `runJob` (issue 31 item 2, decision 084). On PostgreSQL it is pg-boss 10
 * (the newest line that runs on Node 20 as well as 24): jobs are rows in its own schema, any
 * instance's worker takes them, a job whose worker died is retried or failed when it expires, and
 * its cron schedules run once across instances. On SQLite the same interface works over the
 * `queued_job` table, taken by conditional updates, so the processes of one machine share it.
 */
export const JOB_NAMES = ["order-import", "price-import", "tenant-init", "mail", "hourly"] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobPolicy {
  /** attempts after the first */
  retryLimit: number;
  /** seconds before a retry, doubled for each further one */
  retryDelaySeconds: number;
  /** a job still active after this long counts as lost (its worker died) and is retried or failed */
  expireSeconds: number;
  /** jobs of this queue one process runs at once */
  workers: number;
}

/**
 * The imports and the data-area copy keep their liveness in their own rows (the heartbeat of
 * runner.server.ts, which fails or resumes them within minutes), so the queue does not retry
 * them: an order import half in the cart must not run twice. Mail is retried with back-off for
 * about an hour (an SMTP server that is down); the hourly sweep once more.
 */
export const JOB_POLICY: Record<JobName, JobPolicy> = {
  "order-import": { retryLimit: 0, retryDelaySeconds: 0, expireSeconds: 3600, workers: 4 },
  "price-import": { retryLimit: 0, retryDelaySeconds: 0, expireSeconds: 3600, workers: 1 },
  "tenant-init": { retryLimit: 0, retryDelaySeconds: 0, expireSeconds: 3600, workers: 1 },
  mail: { retryLimit: 6, retryDelaySeconds: 30, expireSeconds: 120, workers: 2 },
  hourly: { retryLimit: 1, retryDelaySeconds: 60, expireSeconds: 900, workers: 1 },
};

/** The hourly job's cron line: on the hour. */
export const HOURLY_CRON = "0 * * * *";

export type JobHandler = (data: unknown) => Promise<void>;
export type JobHandlers = Record<JobName, JobHandler>;

export interface JobQueue {
  readonly engine: "pg-boss" | "table";
  send(name: JobName, data: object, opts?: { singletonKey?: string }): Promise<void>;
  /** Starts this process's workers and the hourly schedule. */
  start(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
}

export type JobLog = (message: string, fields: Record<string, unknown>) => void;

/** Policies other than JOB_POLICY's (tests: retries a second apart). */
export type PolicyOverrides = Partial<Record<JobName, Partial<JobPolicy>>>;
const policyOf = (name: JobName, overrides: PolicyOverrides = {}): JobPolicy => ({ ...JOB_POLICY[name], ...overrides[name] });

const iso = (ms: number) => new Date(ms).toISOString();

/** The queue over `queued_job` (SQLite; usable on PostgreSQL too, which tests use). */
export function tableQueue(db: DB, { pollMs = 1000, log = (() => {}) as JobLog, policy = {} as PolicyOverrides } = {}): JobQueue & { tick(): Promise<void> } {
  let handlers: JobHandlers | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastHour = "";
  let ticking: Promise<void> | null = null;
  const running = new Map<JobName, number>();
  const inFlight = new Set<Promise<void>>();

  async function claim(name: JobName) {
    const now = iso(Date.now());
    const next = await db
      .selectFrom("queued_job")
      .select("id")
      .where("queue", "=", name)
      .where("status", "=", "queued")
      .where("run_after", "<=", now)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!next) return null;
    // one taker: whoever changes the row from `queued`
    return db
      .updateTable("queued_job")
      .set({
        status: "active",
        attempts: sql`attempts + 1`,
        expires_at: iso(Date.now() + policyOf(name, policy).expireSeconds * 1000),
        updated_at: now,
      })
      .where("id", "=", next.id)
      .where("status", "=", "queued")
      .returning(["id", "data", "attempts", "retry_limit", "retry_delay_seconds"])
      .executeTakeFirst();
  }

  async function run(name: JobName, job: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    try {
      await handlers![name](JSON.parse(job.data));
      // the data may hold a mail's text: kept no longer than needed
      await db
        .updateTable("queued_job")
        .set({ status: "done", data: "{}", updated_at: iso(Date.now()) })
        .where("id", "=", job.id)
        .execute();
    } catch (e) {
      const retry = job.attempts <= job.retry_limit;
      const delay = job.retry_delay_seconds * 2 ** (job.attempts - 1);
      log("job failed", { queue: name, id: job.id, attempt: job.attempts, retry, error: String(e) });
      await db
        .updateTable("queued_job")
        .set({
          status: retry ? "queued" : "failed",
          run_after: iso(Date.now() + delay * 1000),
          last_error: String(e).slice(0, 500),
          ...(retry ? {} : { data: "{}" }),
          updated_at: iso(Date.now()),
        })
        .where("id", "=", job.id)
        .execute();
    }
  }

  /** Jobs whose worker died: retried when attempts are left, failed otherwise. */
  async function recoverExpired() {
    const now = iso(Date.now());
    await db
      .updateTable("queued_job")
      .set({
        status: sql`case when attempts <= retry_limit then 'queued' else 'failed' end`,
        last_error: "expired: the worker stopped",
        run_after: now,
        updated_at: now,
      })
      .where("status", "=", "active")
      .where("expires_at", "<", now)
      .execute();
  }

  async function tickOnce() {
    if (!handlers) return;
    await recoverExpired();
    const hour = iso(Date.now()).slice(0, 13);
    if (hour !== lastHour) {
      // the schedule: one row per hour whoever sends it first (the first tick of a process sends
      // the current hour's, which is how pg-boss's cron behaves too: at most once an hour)
      await queue.send("hourly", {}, { singletonKey: `hourly:${hour}` });
      lastHour = hour;
    }
    for (const name of JOB_NAMES) {
      while ((running.get(name) ?? 0) < policyOf(name, policy).workers) {
        const job = await claim(name);
        if (!job) break;
        running.set(name, (running.get(name) ?? 0) + 1);
        const work: Promise<void> = run(name, job).finally(() => {
          running.set(name, (running.get(name) ?? 1) - 1);
          inFlight.delete(work);
          void tick(); // a freed worker looks for the next job at once
        });
        inFlight.add(work);
      }
    }
  }

  /** One pass at a time; a pass asked for during one runs after it. */
  function tick(): Promise<void> {
    ticking ??= tickOnce()
      .catch((e: unknown) => log("job queue pass failed", { error: String(e) }))
      .finally(() => {
        ticking = null;
      });
    return ticking;
  }

  const queue = {
    engine: "table" as const,
    async send(name: JobName, data: object, opts: { singletonKey?: string } = {}) {
      const p = policyOf(name, policy);
      const now = iso(Date.now());
      await db
        .insertInto("queued_job")
        .values({
          queue: name,
          data: JSON.stringify(data),
          status: "queued",
          attempts: 0,
          retry_limit: p.retryLimit,
          retry_delay_seconds: p.retryDelaySeconds,
          expire_seconds: p.expireSeconds,
          run_after: now,
          singleton_key: opts.singletonKey ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("singleton_key").doNothing())
        .execute();
      if (handlers) void tick(); // this process's worker takes it at once when free
    },
    async start(h: JobHandlers) {
      handlers = h;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      await tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      handlers = null;
      await ticking;
      await Promise.allSettled([...inFlight]);
    },
    tick,
  };
  return queue;
}

/** The pg-boss schema: its own next to a test run's schema (`?schema=` in the address), else `pgboss`. */
export function bossSchema(databaseUrl: string): string {
  const schema = new URL(databaseUrl).searchParams.get("schema");
  return schema ? `${schema}_jobs` : "pgboss";
}

/** The queue on pg-boss (PostgreSQL). */
export function pgBossQueue(
  databaseUrl: string,
  { pollSeconds = 1, log = (() => {}) as JobLog, policy = {} as PolicyOverrides } = {},
): JobQueue & { boss: PgBoss } {
  const url = new URL(databaseUrl);
  url.searchParams.delete("schema");
  const boss = new PgBoss({
    connectionString: url.toString(),
    schema: bossSchema(databaseUrl),
    max: 4,
    application_name: "dealer-shop jobs",
    // a finished job's data (a mail's text) is archived after an hour and deleted after a week
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  boss.on("error", (e) => log("job queue error", { error: String(e) }));
  let started: Promise<unknown> | null = null;
  const ready = () => (started ??= boss.start().then(createQueues));
  // One after the other: pg-boss creates a queue's partition table, and creating several at once
  // deadlocks; an instance starting at the same moment may still meet one, so that is tried again.
  async function createQueues() {
    for (const name of JOB_NAMES) {
      for (let attempt = 1; !(await boss.getQueue(name)); attempt++) {
        try {
          await boss.createQueue(name, queueOptions(name, policyOf(name, policy)));
        } catch (e) {
          if (attempt >= 5 || (e as { code?: string }).code !== "40P01") throw e;
        }
      }
    }
  }
  return {
    engine: "pg-boss",
    boss,
    async send(name, data, opts = {}) {
      await ready();
      await boss.send(name, data, opts.singletonKey ? { singletonKey: opts.singletonKey } : {});
    },
    async start(handlers) {
      await ready();
      for (const name of JOB_NAMES)
        for (let i = 0; i < policyOf(name, policy).workers; i++)
          await boss.work(name, { batchSize: 1, pollingIntervalSeconds: pollSeconds }, async ([job]) => {
            if (job) await handlers[name](job.data);
          });
      await boss.schedule("hourly", HOURLY_CRON, {}, { tz: "UTC" });
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

function queueOptions(name: JobName, p: JobPolicy): PgBoss.Queue {
  return { name, retryLimit: p.retryLimit, retryDelay: p.retryDelaySeconds, retryBackoff: p.retryLimit > 0, expireInSeconds: p.expireSeconds };
}
