import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { startInitialisation } from "~/modules/admin/data-areas.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { createMailer } from "~/modules/mail/mailer.server";
import { jobHandlers } from "./handlers.server";
import { tableQueue } from "./queue.server";
import { sweepStalledJobs, withHeartbeat } from "./runner.server";

/**
 * The job runner (decision 082): a running job keeps its heartbeat; a job whose heartbeat stopped
 * (its process died) is failed visibly when it cannot resume (the imports) and resumed when it can
 * (the data-area copy); a sweep acts once however often it runs.
 */
describe.each(testDatabases())("background jobs on $name", ({ seeded }) => {
  let db: DB;
  let dealer: { id: number; tenant_id: number; customer_id: number };
  let admin = { id: 0, code: "EMP000001", tenantId: null };
  withFreshDb(
    () => seeded({ products: 60 }),
    async (fresh) => {
      db = fresh;
      const user = await db.selectFrom("app_user").select(["id", "customer_id"]).where("code", "=", "XCD000001").executeTakeFirstOrThrow();
      const tenant = await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirstOrThrow();
      dealer = { id: user.id, tenant_id: tenant.id, customer_id: user.customer_id! };
      admin = { ...admin, id: (await db.selectFrom("app_user").select("id").where("code", "=", "EMP000001").executeTakeFirstOrThrow()).id };
    },
  );
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
  const orderImport = async (updatedAt: string) =>
    (
      await db
        .insertInto("import_job")
        .values({
          user_id: dealer.id,
          tenant_id: dealer.tenant_id,
          customer_id: dealer.customer_id,
          status: "running",
          file_name: "o.xlsx",
          total: 10,
          done: 4,
          updated_at: updatedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const importState = (id: number) => db.selectFrom("import_job").select(["status", "error_key"]).where("id", "=", id).executeTakeFirstOrThrow();
  const jobState = (id: number) =>
    db.selectFrom("background_job").select(["status", "message", "done", "total", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("fails an order import whose heartbeat stopped, says the server stopped, and leaves a live one alone", async () => {
    const dead = await orderImport(minutesAgo(10));
    const live = await orderImport(new Date().toISOString());
    const first = await sweepStalledJobs(db, 120);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(await importState(dead)).toEqual({ status: "failed", error_key: "order:import.interrupted" });
    expect(await importState(live)).toEqual({ status: "running", error_key: null });
    // a second sweep (another process) finds nothing more to do
    expect(await sweepStalledJobs(db, 120)).toEqual({ failed: 0, resumed: 0 });
  });

  it("fails an order import left queued after its queue job would have expired (lost between queue and row), not a waiting one", async () => {
    const lost = await orderImport(minutesAgo(65));
    const waiting = await orderImport(minutesAgo(30));
    await db.updateTable("import_job").set({ status: "queued" }).where("id", "in", [lost, waiting]).execute();
    expect((await sweepStalledJobs(db, 120)).failed).toBe(1);
    expect(await importState(lost)).toEqual({ status: "failed", error_key: "order:import.interrupted" });
    expect(await importState(waiting)).toEqual({ status: "queued", error_key: null });
    await db.updateTable("import_job").set({ status: "done" }).where("id", "=", waiting).execute();
  });

  it("fails a price import whose heartbeat stopped, keeping its file name", async () => {
    const { id } = await db
      .insertInto("background_job")
      .values({
        kind: "price_import",
        status: "running",
        total: 100,
        done: 20,
        subject_id: dealer.tenant_id,
        created_by: admin.id,
        message: JSON.stringify({ file: "价格.xlsx" }),
        updated_at: minutesAgo(5),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await sweepStalledJobs(db, 120)).toEqual({ failed: 1, resumed: 0 });
    const job = await jobState(id);
    expect(job.status).toBe("failed");
    expect(JSON.parse(job.message!)).toEqual({ file: "价格.xlsx", error: { key: "adminCatalog:import.error.interrupted" } });
  });

  it("resumes a data-area copy whose heartbeat stopped, to the end", async () => {
    const parent = await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirstOrThrow();
    const started = await startInitialisation(db, admin, {
      newTenantInput: {
        code: "1300",
        nameZh: "公司1300",
        nameEn: "Company 1300",
        showNameZh: "简称1300",
        showNameEn: "Short 1300",
        currency: "CNY",
        taxRateBp: 1300,
        freeShippingAmount: 200000,
        shippingFee: 1500,
      },
      parentId: parent.id,
    });
    if (!started.ok) throw new Error(started.error.key);
    // taken by a worker, whose process then died before copying anything
    await db
      .updateTable("background_job")
      .set({ status: "running", updated_at: minutesAgo(5) })
      .where("id", "=", started.value.jobId)
      .execute();
    expect(await sweepStalledJobs(db, 120)).toEqual({ failed: 0, resumed: 1 });
    // back in the queue, its page saying a server stopped and another carries on
    expect(await jobState(started.value.jobId)).toMatchObject({ status: "queued", message: "resumed" });
    // back in the queue, where a worker (here this process's) takes it and copies to the end
    const worker = tableQueue(db, { pollMs: 100 });
    await worker.start(jobHandlers(db, createMailer({ outboxDir: "/nonexistent", from: "t@shop.test" })));
    await expect.poll(async () => (await jobState(started.value.jobId)).status, { timeout: 10_000 }).toBe("done");
    await worker.stop();
    const job = await jobState(started.value.jobId);
    expect(job.done).toBe(job.total);
    const tenant = await db.selectFrom("tenant").select("status").where("code", "=", "1300").executeTakeFirstOrThrow();
    expect(tenant.status).toBe("ready");
    // done: nothing for the next sweep
    expect(await sweepStalledJobs(db, 120)).toEqual({ failed: 0, resumed: 0 });
  });

  it("keeps a running job's heartbeat, so a sweep does not take it while its work goes on", async () => {
    // the earlier tests' live job would be stalled at this test's 2 s
    await db.updateTable("import_job").set({ status: "done" }).where("status", "=", "running").execute();
    const id = await orderImport(new Date().toISOString());
    await db.updateTable("import_job").set({ status: "queued" }).where("id", "=", id).execute();
    const before = (await db.selectFrom("import_job").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;
    let sweptDuringWork: Awaited<ReturnType<typeof sweepStalledJobs>> | null = null;
    // a stall time of 2 s: a beat every 0.5 s; the work lasts 3 s
    const ran = await withHeartbeat(
      db,
      { table: "import_job", id },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        sweptDuringWork = await sweepStalledJobs(db, 2);
      },
      2,
    );
    expect(ran).toBe(true);
    expect(sweptDuringWork).toEqual({ failed: 0, resumed: 0 });
    // taken once: a second worker given the same job does nothing
    expect(await withHeartbeat(db, { table: "import_job", id }, () => Promise.reject(new Error("ran twice")))).toBe(false);
    const after = await db.selectFrom("import_job").select(["status", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(after.status).toBe("running");
    expect(after.updated_at > before).toBe(true);
  });
});
