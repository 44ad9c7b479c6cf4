import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import { recordAudit, type Actor } from "./audit.server";

/**
 * Company entities (data areas, `tenant`), decision 043. The catalogue tree and the products are
 * one master shared by every entity; an entity owns its assortment (its `stock` rows) and its
 * promotions; dealers reach it through `user_tenant` rows.
 */

export const INIT_BATCH_SIZE = 1000;
export const TENANT_INIT = "tenant_init";
/** A `tenant_init` job's message after the sweep sent it back to the queue (its worker died): its page says so. */
export const TENANT_INIT_RESUMED = "resumed";

export interface DataAreaInput {
  code: string;
  nameZh: string;
  nameEn: string;
  showNameZh: string;
  showNameEn: string;
  /** ISO 4217, e.g. CNY */
  currency: string;
  /** basis points: 1300 = 13 % */
  taxRateBp: number;
  /** minor units (fen) */
  freeShippingAmount: number;
  shippingFee: number;
}

/** A refused change: an `adminData` text on the form field it is about. */
const refused = (what: "codeTaken" | "parentNotReady" | "unknownDealer" | "notReady", field: string) => fail(`adminData:dataArea.${what}`, undefined, field);

export interface DataAreaListRow {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
  currency: string;
  status: string;
  parent_code: string | null;
  products: number;
  dealers: number;
}

/** Every entity with the number of products in its assortment and of dealers (customers) with access. */
export async function listDataAreas(db: DB): Promise<DataAreaListRow[]> {
  const rows = await db
    .selectFrom("tenant")
    .leftJoin("tenant as parent", "parent.id", "tenant.parent_id")
    .select((eb) => [
      "tenant.id",
      "tenant.code",
      "tenant.name_zh",
      "tenant.name_en",
      "tenant.currency",
      "tenant.status",
      "parent.code as parent_code",
      eb
        .selectFrom("stock")
        .select((sb) => sb.fn.countAll<number>().as("n"))
        .whereRef("stock.tenant_id", "=", "tenant.id")
        .as("products"),
      eb
        .selectFrom("user_tenant")
        .innerJoin("app_user", "app_user.id", "user_tenant.user_id")
        .innerJoin("customer", "customer.id", "app_user.customer_id")
        .select((sb) => sb.fn.count<number>("customer.id").distinct().as("n"))
        .whereRef("user_tenant.tenant_id", "=", "tenant.id")
        .where("customer.kind", "=", "dealer")
        .as("dealers"),
    ])
    .orderBy("tenant.code")
    .execute();
  return rows.map((r) => ({ ...r, products: Number(r.products ?? 0), dealers: Number(r.dealers ?? 0) }));
}

const tenantColumns = [
  "id",
  "code",
  "name_zh",
  "name_en",
  "show_name_zh",
  "show_name_en",
  "currency",
  "tax_rate_bp",
  "free_shipping_amount",
  "shipping_fee",
  "parent_id",
  "status",
] as const;

/** One entity, its parent's code, the size of its assortment and the dealers with access. */
export async function getDataArea(db: DB, id: number) {
  const tenant = await db.selectFrom("tenant").select(tenantColumns).where("id", "=", id).executeTakeFirst();
  if (!tenant) throw new NotFoundError("tenant");
  const parent = tenant.parent_id === null ? null : await db.selectFrom("tenant").select(["id", "code"]).where("id", "=", tenant.parent_id).executeTakeFirst();
  const [{ n }] = await db
    .selectFrom("stock")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", id)
    .execute();
  const dealers = await db
    .selectFrom("user_tenant")
    .innerJoin("app_user", "app_user.id", "user_tenant.user_id")
    .innerJoin("customer", "customer.id", "app_user.customer_id")
    .where("user_tenant.tenant_id", "=", id)
    .where("customer.kind", "=", "dealer")
    .select((eb) => ["customer.code", "customer.name_zh", "customer.name_en", eb.fn.countAll<number>().as("users")])
    .groupBy(["customer.code", "customer.name_zh", "customer.name_en"])
    .orderBy("customer.code")
    .execute();
  const job = await db
    .selectFrom("background_job")
    .select(["id", "status", "done", "total"])
    .where("kind", "=", TENANT_INIT)
    .where("subject_id", "=", id)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return {
    tenant,
    parentCode: parent?.code ?? null,
    products: Number(n),
    dealers: dealers.map((d) => ({ ...d, users: Number(d.users) })),
    job: job ?? null,
  };
}

function tenantRow(input: DataAreaInput) {
  return {
    code: input.code,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    show_name_zh: input.showNameZh,
    show_name_en: input.showNameEn,
    currency: input.currency,
    tax_rate_bp: input.taxRateBp,
    free_shipping_amount: input.freeShippingAmount,
    shipping_fee: input.shippingFee,
  };
}

async function codeTaken(db: DB, code: string): Promise<boolean> {
  return !!(await db.selectFrom("tenant").select("id").where("code", "=", code).executeTakeFirst());
}

/** Adds an empty, ready entity (no assortment yet). A code already in use is refused. */
export async function createDataArea(db: DB, actor: Actor, input: DataAreaInput): Promise<Result<{ id: number }>> {
  return db.transaction().execute(async (tx) => {
    if (await codeTaken(tx, input.code)) return refused("codeTaken", "code");
    const row = { ...tenantRow(input), parent_id: null, status: "ready" };
    const { id } = await tx.insertInto("tenant").values(row).returning("id").executeTakeFirstOrThrow();
    await recordAudit(tx, actor, { action: "create", entity: "tenant", entityId: id, after: row });
    return ok({ id });
  });
}

/**
 * Changes an entity's names, currency, tax rate and shipping terms. The code is the entity's key
 * in every sync call and is never changed; the audit record keeps the values before and after.
 */
export async function updateDataArea(db: DB, actor: Actor, id: number, input: Omit<DataAreaInput, "code">): Promise<{ ok: true }> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom("tenant").select(tenantColumns).where("id", "=", id).executeTakeFirst();
    if (!before) throw new NotFoundError("tenant");
    const { code: _code, ...changes } = tenantRow({ ...input, code: before.code });
    await tx.updateTable("tenant").set(changes).where("id", "=", id).execute();
    await recordAudit(tx, actor, { action: "update", entity: "tenant", entityId: id, before, after: { ...before, ...changes } });
    return { ok: true as const };
  });
}

/**
 * "Add and initialise data" (spec /basedataarea/addAndInitializationData): adds the entity in
 * status 'initialising' and a running `tenant_init` job whose total is the parent's assortment.
 * The copy itself is `runInitialisation`, which the caller sends to the job queue.
 */
export async function startInitialisation(
  db: DB,
  actor: Actor,
  { newTenantInput, parentId }: { newTenantInput: DataAreaInput; parentId: number },
): Promise<Result<{ jobId: number; tenantId: number }>> {
  return db.transaction().execute(async (tx) => {
    const parent = await tx.selectFrom("tenant").select(["id", "code", "status"]).where("id", "=", parentId).executeTakeFirst();
    if (!parent) throw new NotFoundError("tenant");
    if (parent.status !== "ready") return refused("parentNotReady", "parentId");
    if (await codeTaken(tx, newTenantInput.code)) return refused("codeTaken", "code");
    const row = { ...tenantRow(newTenantInput), parent_id: parent.id, status: "initialising" };
    const { id: tenantId } = await tx.insertInto("tenant").values(row).returning("id").executeTakeFirstOrThrow();
    const [{ n }] = await tx
      .selectFrom("stock")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", parent.id)
      .execute();
    const now = new Date().toISOString();
    const { id: jobId } = await tx
      .insertInto("background_job")
      .values({
        kind: TENANT_INIT,
        status: "queued",
        total: Number(n),
        done: 0,
        subject_id: tenantId,
        message: null,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, { action: "create", entity: "tenant", entityId: tenantId, after: row });
    await recordAudit(tx, actor, { action: "initialise", entity: "tenant", entityId: tenantId, after: { parentCode: parent.code, jobId, total: Number(n) } });
    return ok({ jobId, tenantId });
  });
}

/**
 * Copies the parent's assortment to the new entity in batches (syncCommodityCatalogFromParent):
 * one stock row per product with the parent's lead time, available and reserved 0 (the new
 * entity has its own warehouse). Each batch and the job's progress commit together, so a restart
 * resumes after the last copied product. Never rejects: a failure marks the job 'failed' and
 * leaves the entity 'initialising'.
 */
export async function runInitialisation(db: DB, jobId: number, { batchSize = INIT_BATCH_SIZE }: { batchSize?: number } = {}): Promise<void> {
  try {
    const job = await db
      .selectFrom("background_job")
      .select(["id", "subject_id", "status"])
      .where("id", "=", jobId)
      .where("kind", "=", TENANT_INIT)
      .executeTakeFirst();
    if (!job || job.subject_id === null) throw new NotFoundError("job");
    if (job.status === "done" || job.status === "failed") return;
    const tenant = await db.selectFrom("tenant").select(["id", "parent_id"]).where("id", "=", job.subject_id).executeTakeFirst();
    if (!tenant) throw new Error("the entity of this job no longer exists");
    if (tenant.parent_id === null) throw new Error("the entity has no parent to copy from");
    const parentId = tenant.parent_id;
    const last = await db
      .selectFrom("stock")
      .select((eb) => eb.fn.max("product_id").as("m"))
      .where("tenant_id", "=", tenant.id)
      .executeTakeFirst();
    let after = Number(last?.m ?? 0);
    for (;;) {
      const rows = await db
        .selectFrom("stock")
        .select(["product_id", "lead_time_days"])
        .where("tenant_id", "=", parentId)
        .where("product_id", ">", after)
        .orderBy("product_id")
        .limit(batchSize)
        .execute();
      if (rows.length === 0) break;
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto("stock")
          .values(rows.map((r) => ({ tenant_id: tenant.id, product_id: r.product_id, available: 0, reserved: 0, lead_time_days: r.lead_time_days })))
          .execute();
        await tx
          .updateTable("background_job")
          .set((eb) => ({ done: eb("done", "+", rows.length), updated_at: new Date().toISOString() }))
          .where("id", "=", jobId)
          .execute();
      });
      after = rows[rows.length - 1].product_id;
    }
    await db.transaction().execute(async (tx) => {
      await tx.updateTable("tenant").set({ status: "ready" }).where("id", "=", tenant.id).execute();
      await tx.updateTable("background_job").set({ status: "done", updated_at: new Date().toISOString() }).where("id", "=", jobId).execute();
    });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    try {
      await db.updateTable("background_job").set({ status: "failed", message, updated_at: new Date().toISOString() }).where("id", "=", jobId).execute();
    } catch (again) {
      console.error(`tenant_init job ${jobId} failed (${message}) and could not be marked failed`, again);
    }
  }
}

/** A `tenant_init` job with the code of the entity it fills. */
export async function getInitialisationJob(db: DB, jobId: number) {
  const job = await db
    .selectFrom("background_job")
    .leftJoin("tenant", "tenant.id", "background_job.subject_id")
    .select([
      "background_job.id",
      "background_job.status",
      "background_job.total",
      "background_job.done",
      "background_job.message",
      "background_job.subject_id",
      "background_job.created_at",
      "background_job.updated_at",
      "tenant.code as tenant_code",
      "tenant.status as tenant_status",
    ])
    .where("background_job.id", "=", jobId)
    .where("background_job.kind", "=", TENANT_INIT)
    .executeTakeFirst();
  if (!job) throw new NotFoundError("job");
  return job;
}

/** The dealer (customer of kind 'dealer') of this code and its users, or null. */
async function dealerUsers(db: DB, customerCode: string) {
  const customer = await db
    .selectFrom("customer")
    .select(["id", "code"])
    .where("code", "=", customerCode.trim().toUpperCase())
    .where("kind", "=", "dealer")
    .executeTakeFirst();
  if (!customer) return null;
  const users = await db.selectFrom("app_user").select("id").where("customer_id", "=", customer.id).orderBy("id").execute();
  return { customer, userIds: users.map((u) => u.id) };
}

/**
 * Gives every user of the dealer access to the entity (a user with no entity yet gets it as
 * default). Refused for an unknown or non-dealer code, and while the entity is initialising.
 */
export async function grantDealerAccess(db: DB, actor: Actor, tenantId: number, customerCode: string): Promise<Result<{ added: number }>> {
  return db.transaction().execute(async (tx) => {
    const tenant = await tx.selectFrom("tenant").select(["id", "status"]).where("id", "=", tenantId).executeTakeFirst();
    if (!tenant) throw new NotFoundError("tenant");
    if (tenant.status !== "ready") return refused("notReady", "customerCode");
    const dealer = await dealerUsers(tx, customerCode);
    if (!dealer) return refused("unknownDealer", "customerCode");
    if (dealer.userIds.length === 0) return ok({ added: 0 });
    const existing = await tx.selectFrom("user_tenant").select(["user_id", "tenant_id"]).where("user_id", "in", dealer.userIds).execute();
    const has = new Set(existing.filter((r) => r.tenant_id === tenantId).map((r) => r.user_id));
    const withAny = new Set(existing.map((r) => r.user_id));
    const added = dealer.userIds.filter((u) => !has.has(u));
    if (added.length === 0) return ok({ added: 0 });
    await tx
      .insertInto("user_tenant")
      .values(added.map((user_id) => ({ user_id, tenant_id: tenantId, is_default: withAny.has(user_id) ? 0 : 1 })))
      .execute();
    await recordAudit(tx, actor, { action: "grant", entity: "user_tenant", entityId: tenantId, after: { customerCode: dealer.customer.code, userIds: added } });
    return ok({ added: added.length });
  });
}

/**
 * Takes the entity away from every user of the dealer, except from a user for whom it is the
 * last entity (a dealer account always has one); a removed default passes to the user's
 * lowest remaining entity.
 */
export async function revokeDealerAccess(db: DB, actor: Actor, tenantId: number, customerCode: string): Promise<Result<{ removed: number; kept: number }>> {
  return db.transaction().execute(async (tx) => {
    const tenant = await tx.selectFrom("tenant").select("id").where("id", "=", tenantId).executeTakeFirst();
    if (!tenant) throw new NotFoundError("tenant");
    const dealer = await dealerUsers(tx, customerCode);
    if (!dealer) return refused("unknownDealer", "customerCode");
    if (dealer.userIds.length === 0) return ok({ removed: 0, kept: 0 });
    const rows = await tx
      .selectFrom("user_tenant")
      .select(["user_id", "tenant_id", "is_default"])
      .where("user_id", "in", dealer.userIds)
      .orderBy("tenant_id")
      .execute();
    const removed: number[] = [];
    let kept = 0;
    for (const userId of dealer.userIds) {
      const mine = rows.filter((r) => r.user_id === userId);
      const here = mine.find((r) => r.tenant_id === tenantId);
      if (!here) continue;
      const others = mine.filter((r) => r.tenant_id !== tenantId);
      if (others.length === 0) {
        kept++;
        continue;
      }
      await tx.deleteFrom("user_tenant").where("user_id", "=", userId).where("tenant_id", "=", tenantId).execute();
      if (here.is_default && !others.some((r) => r.is_default)) {
        await tx.updateTable("user_tenant").set({ is_default: 1 }).where("user_id", "=", userId).where("tenant_id", "=", others[0].tenant_id).execute();
      }
      removed.push(userId);
    }
    if (removed.length) {
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "user_tenant",
        entityId: tenantId,
        before: { customerCode: dealer.customer.code, userIds: removed },
      });
    }
    return ok({ removed: removed.length, kept });
  });
}
