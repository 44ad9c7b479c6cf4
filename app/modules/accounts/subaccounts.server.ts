import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { hashPassword } from "~/modules/auth/password.server";
import { revokeUserSessions } from "~/modules/auth/sessions.server";
import { fail, ok, type Result } from "~/modules/result";
import type { CreateSubAccountInput, UpdateSubAccountInput } from "./schemas.server";

/**
 * Sub-accounts (spec §6, issue §11). Only the master of a customer manages its sub-accounts;
 * every query is scoped by the actor (the master) and its customer, so another customer's
 * account id is simply not found (404).
 */
export interface Actor {
  id: number;
  customerId: number;
  masterUserId: number | null;
}

export class NotMasterError extends Error {
  constructor() {
    super("errors.notMaster");
  }
}

export interface AccountRow {
  id: number;
  code: string;
  name: string;
  mobile: string;
  email: string;
  priceAdjustmentBp: number;
  canOrder: boolean;
  canSeePrice: boolean;
  canSeeStock: boolean;
  erpAccount: string | null;
  isMaster: boolean;
}

function requireMaster(actor: Actor) {
  if (actor.masterUserId !== null) throw new NotMasterError();
}

const columns = [
  "id",
  "code",
  "name",
  "mobile",
  "email",
  "price_adjustment_bp",
  "can_order",
  "can_see_price",
  "can_see_stock",
  "erp_account",
  "master_user_id",
] as const;

type Row = {
  id: number;
  code: string;
  name: string;
  mobile: string;
  email: string;
  price_adjustment_bp: number;
  can_order: number;
  can_see_price: number;
  can_see_stock: number;
  erp_account: string | null;
  master_user_id: number | null;
};

const toAccount = (r: Row): AccountRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  mobile: r.mobile,
  email: r.email,
  priceAdjustmentBp: r.price_adjustment_bp,
  canOrder: r.can_order === 1,
  canSeePrice: r.can_see_price === 1,
  canSeeStock: r.can_see_stock === 1,
  erpAccount: r.erp_account,
  isMaster: r.master_user_id === null,
});

/** The master's own row first (highlighted in the list), then its sub-accounts by code. */
export async function listAccounts(db: DB, actor: Actor): Promise<AccountRow[]> {
  requireMaster(actor);
  const rows = await db
    .selectFrom("app_user")
    .select(columns)
    .where("customer_id", "=", actor.customerId)
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("id", "=", actor.id), eb("master_user_id", "=", actor.id)]))
    .execute();
  return rows.map(toAccount).sort((a, b) => (a.isMaster === b.isMaster ? a.code.localeCompare(b.code) : a.isMaster ? -1 : 1));
}

/** One sub-account of this master, or 404. */
export async function getSubAccount(db: DB, actor: Actor, id: number): Promise<AccountRow> {
  requireMaster(actor);
  const row = await db
    .selectFrom("app_user")
    .select(columns)
    .where("id", "=", id)
    .where("customer_id", "=", actor.customerId)
    .where("master_user_id", "=", actor.id)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!row) throw new NotFoundError("sub-account");
  return toAccount(row);
}

/** True when the customer already has discount data (then no discount tick: spec §5). */
export async function customerHasDiscount(db: DB, customerId: number): Promise<boolean> {
  const c = await db.selectFrom("customer").select("discount_bp").where("id", "=", customerId).executeTakeFirst();
  return !!c && c.discount_bp > 0;
}

/**
 * The code a new sub-account form starts with: the master's prefix (XCD or DPC) and the number
 * after the highest 6-digit code with that prefix among ALL users, so it does not collide with
 * a code of another dealer the master cannot see. When that number would pass 999999, the
 * lowest free number instead. It is a suggestion: createSubAccount still refuses a taken code
 * (two masters may be shown the same one at once).
 */
export async function suggestSubAccountCode(db: DB, actor: Actor): Promise<string> {
  requireMaster(actor);
  const master = await db.selectFrom("app_user").select("code").where("id", "=", actor.id).executeTakeFirstOrThrow();
  return nextFreeCode(db, master.code.slice(0, 3));
}

const SIX_DIGITS = /^\d{6}$/;

export async function nextFreeCode(db: DB, prefix: string): Promise<string> {
  const code = (n: number) => `${prefix}${String(n).padStart(6, "0")}`;
  // Codes of 6 digits sort between PREFIX000000 and PREFIX999999 (and so do codes with letters, e.g.
  // XCD0A1234: they are skipped while reading from the highest down).
  const inRange = db.selectFrom("app_user").select("code").where("code", ">=", code(0)).where("code", "<=", code(999_999));
  for (let offset = 0; ; offset += 100) {
    const rows = await inRange.orderBy("code", "desc").limit(100).offset(offset).execute();
    const highest = rows.map((r) => r.code.slice(3)).find((d) => d.length === 6 && SIX_DIGITS.test(d));
    if (highest !== undefined && Number(highest) < 999_999) return code(Number(highest) + 1);
    if (highest === undefined && rows.length === 100) continue;
    if (highest === undefined) return code(1);
    break;
  }
  // The highest number is taken: the lowest free one.
  const taken = new Set((await inRange.execute()).map((r) => r.code));
  for (let n = 1; n <= 999_999; n++) if (!taken.has(code(n))) return code(n);
  throw new Error(`no free ${prefix} account code`);
}

export async function createSubAccount(db: DB, actor: Actor, input: CreateSubAccountInput, now = new Date()): Promise<Result<number>> {
  requireMaster(actor);
  if (input.discount && (await customerHasDiscount(db, actor.customerId))) {
    return fail("auth:validation.discountExists", undefined, "discount");
  }
  const taken = await db.selectFrom("app_user").select("id").where("code", "=", input.code).executeTakeFirst();
  if (taken) return fail("auth:validation.codeTaken", undefined, "code");
  const passwordHash = await hashPassword(input.password);
  const ts = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const master = await trx.selectFrom("app_user").select(["language", "parties_id"]).where("id", "=", actor.id).executeTakeFirstOrThrow();
    const created = await trx
      .insertInto("app_user")
      .values({
        code: input.code,
        customer_id: actor.customerId,
        master_user_id: actor.id,
        parties_id: master.parties_id,
        name: input.name,
        email: input.email,
        mobile: input.mobile,
        language: master.language,
        password_hash: passwordHash,
        price_adjustment_bp: input.priceFactor,
        can_order: input.canOrder ? 1 : 0,
        can_see_price: input.canSeePrice ? 1 : 0,
        can_see_stock: input.canSeeStock ? 1 : 0,
        erp_account: input.erpAccount ?? null,
        updated_at: ts,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const tenants = await trx.selectFrom("user_tenant").select(["tenant_id", "is_default"]).where("user_id", "=", actor.id).execute();
    if (tenants.length) {
      await trx
        .insertInto("user_tenant")
        .values(tenants.map((t) => ({ user_id: created.id, tenant_id: t.tenant_id, is_default: t.is_default })))
        .execute();
    }
    // A sub-account gets the master's customer roles, never the master-account role itself.
    const roles = await trx
      .selectFrom("user_role as ur")
      .innerJoin("role as r", "r.id", "ur.role_id")
      .select(["r.id", "r.code"])
      .where("ur.user_id", "=", actor.id)
      .where("r.is_customer", "=", 1)
      .execute();
    let roleIds = roles.filter((r) => r.code !== "customer_master").map((r) => r.id);
    if (roleIds.length === 0) {
      const basic = await trx.selectFrom("role").select("id").where("code", "=", "customer_sub").executeTakeFirst();
      roleIds = basic ? [basic.id] : roles.map((r) => r.id);
    }
    if (roleIds.length) {
      await trx
        .insertInto("user_role")
        .values(roleIds.map((role_id) => ({ user_id: created.id, role_id })))
        .execute();
    }
    return ok(created.id);
  });
}

export async function updateSubAccount(db: DB, actor: Actor, input: UpdateSubAccountInput, now = new Date()): Promise<Result<number>> {
  const current = await getSubAccount(db, actor, input.id);
  // Keeping a discount that already exists is allowed; ticking a new one is not.
  if (input.discount && current.priceAdjustmentBp >= 0 && (await customerHasDiscount(db, actor.customerId))) {
    return fail("auth:validation.discountExists", undefined, "discount");
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  await db
    .updateTable("app_user")
    .set({
      name: input.name,
      email: input.email,
      mobile: input.mobile,
      price_adjustment_bp: input.priceFactor,
      can_order: input.canOrder ? 1 : 0,
      can_see_price: input.canSeePrice ? 1 : 0,
      can_see_stock: input.canSeeStock ? 1 : 0,
      erp_account: input.erpAccount ?? null,
      updated_at: now.toISOString(),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    })
    .where("id", "=", current.id)
    .where("master_user_id", "=", actor.id)
    .execute();
  if (passwordHash) await revokeUserSessions(db, current.id);
  return ok(current.id);
}

/**
 * Deletes a sub-account. One that has placed orders is kept for the order history but
 * closed (status deleted): it can no longer sign in and its sessions end.
 */
export async function deleteSubAccount(db: DB, actor: Actor, id: number, now = new Date()): Promise<void> {
  const current = await getSubAccount(db, actor, id);
  const close = async () => {
    await db.updateTable("app_user").set({ status: "deleted", updated_at: now.toISOString() }).where("id", "=", current.id).execute();
    await revokeUserSessions(db, current.id);
  };
  const orders = await db.selectFrom("sales_order").select("id").where("user_id", "=", current.id).limit(1).execute();
  if (orders.length) return close();
  try {
    await db.deleteFrom("app_user").where("id", "=", current.id).where("master_user_id", "=", actor.id).execute();
  } catch {
    // Some other record still refers to the account (a foreign key): keep it, closed.
    await close();
  }
}
