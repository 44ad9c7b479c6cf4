import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { createMailer } from "~/modules/mail/mailer.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { receivingSmtpServer } from "../../../tests/helpers/smtp";
import { JOB_NAMES, pgBossQueue, tableQueue, type JobHandlers, type JobQueue, type PolicyOverrides } from "./queue.server";

/**
 * The job queue (decision 084), on SQLite over `queued_job` and on PostgreSQL over pg-boss: a job
 * sent through one instance is run by another's worker, a mail whose SMTP server is down is
 * retried until the server answers, and the hourly job is scheduled once however many instances
 * start.
 */
const quick: PolicyOverrides = { mail: { retryLimit: 6, retryDelaySeconds: 1 } };
const idle = () => Promise.resolve();
const handlersWith = (over: Partial<JobHandlers>): JobHandlers => ({
  ...(Object.fromEntries(JOB_NAMES.map((n) => [n, idle])) as unknown as JobHandlers),
  ...over,
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(testDatabases())("job queue on $name", ({ name, url }) => {
  let db: DB;
  let dbUrl = "";
  withFreshDb(
    async () => (dbUrl = await url()),
    (fresh) => {
      db = fresh;
    },
  );
  const started: JobQueue[] = [];
  /** One instance's queue: pg-boss on PostgreSQL, the table on SQLite. */
  const instance = (): JobQueue => {
    const queue = name === "postgres" ? pgBossQueue(dbUrl, { pollSeconds: 0.5, policy: quick }) : tableQueue(db, { pollMs: 100, policy: quick });
    started.push(queue);
    return queue;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((q) => q.stop()));
  });

  it("runs a job sent through one instance on another instance's worker", async () => {
    const seen: unknown[] = [];
    const a = instance();
    const b = instance();
    await b.start(handlersWith({ "tenant-init": async (data) => void seen.push(data) }));
    await a.send("tenant-init", { jobId: 42 });
    await expect.poll(() => seen, { timeout: 15_000 }).toEqual([{ jobId: 42 }]);
  });

  it("retries a mail while its SMTP server is down, and delivers it once the server answers", async () => {
    const port = await freePort(); // nothing listens there yet
    const received: string[] = [];
    let attempts = 0;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent", from: "no-reply@shop.test" });
    const worker = instance();
    await worker.start(
      handlersWith({
        mail: async (data) => {
          attempts++;
          await mailer.send(data as { to: string; subject: string; text: string });
        },
      }),
    );
    await worker.send("mail", { to: "dealer@shop.test", subject: "重置密码", text: "link: http://shop.test/order/resetPwd/thirdReset?token=abc" });
    await expect.poll(() => attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(received).toHaveLength(0);
    const server = receivingSmtpServer(received);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
      expect(received[0]).toContain("dealer@shop.test");
      expect(received[0]).toContain("token=abc");
      expect(attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("schedules the hourly job once however many instances start", async () => {
    await db.deleteFrom("queued_job").execute(); // the earlier tests' instances sent this hour's already
    const runs: number[] = [];
    await instance().start(handlersWith({ hourly: async () => void runs.push(1) }));
    await instance().start(handlersWith({ hourly: async () => void runs.push(2) }));
    if (name === "postgres") {
      // pg-boss keeps one schedule per name; its cron runs it on the hour, once across instances
      const boss = (started[0] as ReturnType<typeof pgBossQueue>).boss;
      const schedules = await boss.getSchedules();
      expect(schedules.filter((s) => s.name === "hourly").map((s) => s.cron)).toEqual(["0 * * * *"]);
    } else {
      // the table's schedule: one row per hour, sent by whichever process comes first
      const rows = await db.selectFrom("queued_job").select(["singleton_key"]).where("queue", "=", "hourly").execute();
      expect(rows.map((r) => r.singleton_key)).toEqual([`hourly:${new Date().toISOString().slice(0, 13)}`]);
      await expect.poll(() => runs.length, { timeout: 5_000 }).toBe(1);
    }
  });

  it.runIf(name === "sqlite")("retries a job whose worker died once it expires, and fails it when no attempt is left", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const lost = (queue: string, attempts: number, retryLimit: number) =>
      db
        .insertInto("queued_job")
        .values({
          queue,
          data: JSON.stringify({ jobId: attempts }),
          status: "active",
          attempts,
          retry_limit: retryLimit,
          retry_delay_seconds: 0,
          expire_seconds: 60,
          run_after: past,
          expires_at: past,
          created_at: past,
          updated_at: past,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const retried = await lost("mail", 1, 3);
    const spent = await lost("tenant-init", 1, 0);
    const mails: unknown[] = [];
    await instance().start(handlersWith({ mail: async (data) => void mails.push(data) }));
    await expect.poll(() => mails, { timeout: 5_000 }).toEqual([{ jobId: 1 }]);
    const state = async (id: number) => db.selectFrom("queued_job").select(["status", "data", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await state(retried.id)).status).toBe("done");
    expect((await state(retried.id)).data).toBe("{}"); // a mail's text is not kept after it is sent
    expect(await state(spent.id)).toMatchObject({ status: "failed", last_error: "expired: the worker stopped" });
  });
});
