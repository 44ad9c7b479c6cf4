import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { listAudit } from "./audit.server";
import {
  createDataArea,
  getDataArea,
  getInitialisationJob,
  grantDealerAccess,
  listDataAreas,
  revokeDealerAccess,
  runInitialisation,
  startInitialisation,
  updateDataArea,
  type DataAreaInput,
} from "./data-areas.server";

const input = (code: string): DataAreaInput => ({
  code,
  nameZh: `公司${code}`,
  nameEn: `Company ${code}`,
  showNameZh: `简称${code}`,
  showNameEn: `Short ${code}`,
  currency: "CNY",
  taxRateBp: 1300,
  freeShippingAmount: 200000,
  shippingFee: 1500,
});

/** Company entities (decision 043): add, add and initialise from a parent, dealers' access. */
describe.each(testDatabases())("company entities on $name", ({ seeded }) => {
  let db: DB;
  const admin = { id: 0, code: "EMP000001", tenantId: null };
  const tenantId = async (code: string) => (await db.selectFrom("tenant").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const stockOf = async (id: number) =>
    db.selectFrom("stock").select(["product_id", "available", "reserved", "lead_time_days"]).where("tenant_id", "=", id).orderBy("product_id").execute();
  const tenantCount = async () =>
    Number(
      (
        await db
          .selectFrom("tenant")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const accessOf = async (userCode: string) =>
    (
      await db
        .selectFrom("user_tenant")
        .innerJoin("app_user", "app_user.id", "user_tenant.user_id")
        .innerJoin("tenant", "tenant.id", "user_tenant.tenant_id")
        .select(["tenant.code", "user_tenant.is_default"])
        .where("app_user.code", "=", userCode)
        .orderBy("tenant.code")
        .execute()
    ).map((r) => `${r.code}${r.is_default ? "*" : ""}`);

  withFreshDb(
    () => seeded({ products: 60 }),
    async (fresh) => {
      db = fresh;
      admin.id = (await db.selectFrom("app_user").select("id").where("code", "=", "EMP000001").executeTakeFirstOrThrow()).id;
    },
  );

  it("lists the entities with their assortment and dealers", async () => {
    const list = await listDataAreas(db);
    expect(list.map((r) => r.code)).toEqual(["1000", "2000"]);
    const main = list[0];
    expect(main.products).toBe((await stockOf(main.id)).length);
    expect(main.products).toBeGreaterThan(0);
    // dealers only: the internal party's staff also hold tenant 1000 but are not counted
    expect(main.dealers).toBeGreaterThan(0);
    expect(list.every((r) => r.status === "ready")).toBe(true);
  });

  it("adds an empty entity, audited; a duplicate code is refused and changes nothing", async () => {
    const created = await createDataArea(db, admin, input("3000"));
    if (!created.ok) throw new Error(created.error.key);
    const detail = await getDataArea(db, created.value.id);
    expect(detail.tenant).toMatchObject({ code: "3000", name_en: "Company 3000", tax_rate_bp: 1300, shipping_fee: 1500, status: "ready", parent_id: null });
    expect(detail.products).toBe(0);
    const audit = await listAudit(db, { entity: "tenant", entityId: String(created.value.id) }, 1);
    expect(audit.rows.map((r) => r.action)).toEqual(["create"]);

    const before = await tenantCount();
    expect(await createDataArea(db, admin, { ...input("3000"), nameEn: "Other" })).toEqual({
      ok: false,
      error: { key: "adminData:dataArea.codeTaken", field: "code" },
    });
    expect(await startInitialisation(db, admin, { newTenantInput: input("1000"), parentId: await tenantId("2000") })).toEqual({
      ok: false,
      error: { key: "adminData:dataArea.codeTaken", field: "code" },
    });
    expect(await tenantCount()).toBe(before);
    expect((await getDataArea(db, created.value.id)).tenant.name_en).toBe("Company 3000");
    expect(await db.selectFrom("background_job").selectAll().execute()).toEqual([]);
  });

  it("edits an entity's terms but never its code; the audit keeps before and after; an unknown id is not found", async () => {
    const id = await tenantId("3000");
    const { code: _code, ...terms } = input("3000");
    expect(await updateDataArea(db, admin, id, { ...terms, nameEn: "Company 3000 West", taxRateBp: 900, shippingFee: 2550 })).toEqual({ ok: true });
    expect((await getDataArea(db, id)).tenant).toMatchObject({ code: "3000", name_en: "Company 3000 West", tax_rate_bp: 900, shipping_fee: 2550 });
    const [entry] = (await listAudit(db, { entity: "tenant", entityId: String(id) }, 1)).rows;
    expect(entry.action).toBe("update");
    expect(JSON.parse(entry.before_json ?? "{}")).toMatchObject({ name_en: "Company 3000", tax_rate_bp: 1300 });
    expect(JSON.parse(entry.after_json ?? "{}")).toMatchObject({ name_en: "Company 3000 West", tax_rate_bp: 900 });
    await expect(updateDataArea(db, admin, 999_999, terms)).rejects.toThrow();
  });

  it("add and initialise: the copy has the parent's products with its own (empty) stock, the job ends done", async () => {
    const parentId = await tenantId("1000");
    const parentStock = await stockOf(parentId);
    expect(parentStock.some((s) => s.available > 0)).toBe(true);
    const started = await startInitialisation(db, admin, { newTenantInput: input("1100"), parentId });
    if (!started.ok) throw new Error(started.error.key);
    const running = await getInitialisationJob(db, started.value.jobId);
    expect(running).toMatchObject({
      status: "queued",
      done: 0,
      total: parentStock.length,
      subject_id: started.value.tenantId,
      tenant_code: "1100",
      tenant_status: "initialising",
    });
    expect((await db.selectFrom("background_job").select("created_by").where("id", "=", started.value.jobId).executeTakeFirstOrThrow()).created_by).toBe(
      admin.id,
    );

    await runInitialisation(db, started.value.jobId, { batchSize: 7 }); // several batches

    const job = await getInitialisationJob(db, started.value.jobId);
    expect(job).toMatchObject({ status: "done", done: parentStock.length, total: parentStock.length, tenant_status: "ready", message: null });
    const copy = await stockOf(started.value.tenantId);
    expect(copy.length).toBe(parentStock.length);
    expect(copy.map((s) => s.product_id)).toEqual(parentStock.map((s) => s.product_id));
    expect(copy.map((s) => s.lead_time_days)).toEqual(parentStock.map((s) => s.lead_time_days));
    expect(copy.every((s) => s.available === 0 && s.reserved === 0)).toBe(true);
    expect(await stockOf(parentId)).toEqual(parentStock); // the parent is untouched

    const detail = await getDataArea(db, started.value.tenantId);
    expect(detail).toMatchObject({ parentCode: "1000", products: parentStock.length, job: { id: started.value.jobId, status: "done" } });
    const audit = await listAudit(db, { entity: "tenant", entityId: String(started.value.tenantId) }, 1);
    expect(audit.rows.map((r) => r.action).sort()).toEqual(["create", "initialise"]);

    // a second run of a finished job does nothing
    await runInitialisation(db, started.value.jobId);
    expect((await stockOf(started.value.tenantId)).length).toBe(parentStock.length);
  });

  it("an entity that is still initialising cannot be a parent; a job that cannot copy fails and leaves the entity initialising", async () => {
    const started = await startInitialisation(db, admin, { newTenantInput: input("1200"), parentId: await tenantId("1000") });
    if (!started.ok) throw new Error(started.error.key);
    expect(await startInitialisation(db, admin, { newTenantInput: input("1210"), parentId: started.value.tenantId })).toEqual({
      ok: false,
      error: { key: "adminData:dataArea.parentNotReady", field: "parentId" },
    });
    await db.updateTable("tenant").set({ parent_id: null }).where("id", "=", started.value.tenantId).execute();
    await runInitialisation(db, started.value.jobId);
    const job = await getInitialisationJob(db, started.value.jobId);
    expect(job.status).toBe("failed");
    expect(job.message).toMatch(/parent/);
    expect(job.tenant_status).toBe("initialising");
  });

  it("grants and revokes a dealer's access for all its users, never a user's last entity, audited", async () => {
    const id = await tenantId("1100");
    expect(await grantDealerAccess(db, admin, id, "NOPE")).toEqual({ ok: false, error: { key: "adminData:dataArea.unknownDealer", field: "customerCode" } });
    expect(await grantDealerAccess(db, admin, id, "ZZ-STAFF")).toEqual({
      ok: false,
      error: { key: "adminData:dataArea.unknownDealer", field: "customerCode" },
    }); // the internal party is no dealer
    expect(await grantDealerAccess(db, admin, await tenantId("1200"), "C10001")).toEqual({
      ok: false,
      error: { key: "adminData:dataArea.notReady", field: "customerCode" },
    });

    expect(await accessOf("XCD000002")).toEqual(["1000*"]);
    expect(await grantDealerAccess(db, admin, id, " c10001 ")).toEqual({ ok: true, value: { added: 3 } });
    expect(await accessOf("XCD000001")).toEqual(["1000*", "1100", "2000"]);
    expect(await accessOf("XCD000002")).toEqual(["1000*", "1100"]);
    expect(await grantDealerAccess(db, admin, id, "C10001")).toEqual({ ok: true, value: { added: 0 } });
    expect((await getDataArea(db, id)).dealers).toEqual([{ code: "C10001", name_zh: expect.any(String), name_en: expect.any(String), users: 3 }]);
    expect((await listDataAreas(db)).find((r) => r.id === id)?.dealers).toBe(1);

    // XCD000010's only entity is 1000: revoking 1000 keeps it
    expect(await revokeDealerAccess(db, admin, await tenantId("1000"), "C90010")).toEqual({ ok: true, value: { removed: 0, kept: 1 } });
    expect(await accessOf("XCD000010")).toEqual(["1000*"]);
    // revoking the default entity moves the default
    expect(await revokeDealerAccess(db, admin, await tenantId("1000"), "C10001")).toEqual({ ok: true, value: { removed: 3, kept: 0 } });
    expect(await accessOf("XCD000002")).toEqual(["1100*"]);
    expect(await accessOf("XCD000001")).toEqual(["1100", "2000*"]); // the lowest remaining entity id
    expect(await revokeDealerAccess(db, admin, id, "C10001")).toEqual({ ok: true, value: { removed: 1, kept: 2 } });
    expect(await accessOf("XCD000001")).toEqual(["2000*"]);
    expect(await revokeDealerAccess(db, admin, id, "NOPE")).toEqual({ ok: false, error: { key: "adminData:dataArea.unknownDealer", field: "customerCode" } });

    const audit = await listAudit(db, { entity: "user_tenant" }, 1);
    expect(audit.rows.map((r) => `${r.action} ${r.entity_id}`)).toEqual([`delete ${id}`, `delete ${await tenantId("1000")}`, `grant ${id}`]);
    expect(JSON.parse(audit.rows[2].after_json ?? "{}")).toMatchObject({ customerCode: "C10001" });
  });
});
