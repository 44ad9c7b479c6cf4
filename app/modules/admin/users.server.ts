import crypto from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import { hashPassword } from "~/modules/auth/password.server";
import { requestPasswordReset, type ResetMessages } from "~/modules/auth/reset.server";
import { RESET_REQUESTS_PER_HOUR } from "~/modules/auth/rules";
import { revokeUserSessions } from "~/modules/auth/sessions.server";
import type { Mailer, SmsGateway } from "~/modules/mail/mailer.server";
import { recordAudit, type Actor } from "./audit.server";

/**
 * User administration in the back office (/system/user): the manufacturer's staff (users of the
 * internal party, EMP codes) and dealers' master accounts (XCD/DPC codes). Sub-accounts are the
 * master's business (/order/subAccount): shown read-only with their master, never changed here.
 * An administrator never types a password: a new user, or one who forgot it, gets the reset
 * e-mail link of the shop's own reset flow (~/modules/auth/reset.server).
 * Every change writes an audit entry (entity `app_user`) with the record before and after.
 */
export type UserKind = "staff" | "dealer";
export type UserStatus = "active" | "locked";

export const USER_PAGE_SIZE = 30;
export const STAFF_CODE = /^EMP[A-Z0-9]{6}$/;
export const DEALER_CODE = /^(XCD|DPC)[A-Z0-9]{6}$/;

export interface UserFilter {
  /** part of the code, the name or the customer's name */
  q?: string;
  kind?: UserKind | "all";
  status?: UserStatus | "";
}

/** What sends the reset link: the reset flow's mailer and texts, and the public address links start with. */
export interface ResetLinkDeps {
  mailer: Mailer;
  sms: SmsGateway;
  messages: ResetMessages;
  baseUrl: string;
  now?: Date;
}

const kindOf = (customerKind: string): UserKind => (customerKind === "internal" ? "staff" : "dealer");
const customerKindOf = (kind: UserKind) => (kind === "staff" ? "internal" : "dealer");

/** `column LIKE %text%` with LIKE's wildcards in the text taken literally (same on SQLite and PostgreSQL). */
function contains(column: string, text: string, lower = false) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return lower
    ? sql<boolean>`lower(${sql.ref(column)}) like ${pattern.toLowerCase()} escape '\\'`
    : sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** Masters of the internal party and of dealers only (never sub-accounts). */
const masters = (db: DB) =>
  db
    .selectFrom("app_user as u")
    .innerJoin("customer as c", "c.id", "u.customer_id")
    .where("u.master_user_id", "is", null)
    .where("c.kind", "in", ["internal", "dealer"]);

/** What a user list and a user page both show of an account. */
const USER_FACTS = ["u.id", "u.code", "u.name", "u.email", "u.mobile", "u.status"] as const;

export async function listUsers(db: DB, filter: UserFilter, page: number) {
  let q = masters(db);
  if (filter.kind && filter.kind !== "all") q = q.where("c.kind", "=", customerKindOf(filter.kind));
  if (filter.status) q = q.where("u.status", "=", filter.status);
  const text = filter.q?.trim();
  if (text) {
    q = q.where((eb) =>
      eb.or([
        contains("u.code", text.toUpperCase()),
        contains("u.name", text),
        contains("c.name_zh", text),
        contains("c.name_en", text, true),
        contains("c.code", text.toUpperCase()),
      ]),
    );
  }
  const [{ total }] = await q.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await q
    .select([...USER_FACTS, "c.code as customer_code", "c.name_zh as customer_name_zh", "c.name_en as customer_name_en", "c.kind as customer_kind"])
    .orderBy("u.code")
    .limit(USER_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * USER_PAGE_SIZE)
    .execute();
  return {
    total: Number(total),
    rows: rows.map(({ customer_kind, ...r }) => ({ ...r, kind: kindOf(customer_kind) })),
  };
}

async function userRow(db: DB, id: number) {
  const row = await masters(db)
    .select([
      ...USER_FACTS,
      "u.language",
      "u.created_at",
      "u.updated_at",
      "c.id as customer_id",
      "c.code as customer_code",
      "c.name_zh as customer_name_zh",
      "c.name_en as customer_name_en",
      "c.kind as customer_kind",
    ])
    .where("u.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("user");
  return row;
}

const rolesOf = (db: DB, userId: number) =>
  db
    .selectFrom("user_role")
    .innerJoin("role", "role.id", "user_role.role_id")
    .select(["role.id", "role.code", "role.name_zh", "role.name_en"])
    .where("user_role.user_id", "=", userId)
    .orderBy("role.id")
    .execute();

/** One staff member or dealer master with roles, company entities and (dealers) sub-accounts; NotFoundError otherwise. */
export async function getUser(db: DB, id: number) {
  const { customer_kind, ...row } = await userRow(db, id);
  const [roles, tenants, subAccounts] = await Promise.all([
    rolesOf(db, id),
    db
      .selectFrom("user_tenant as ut")
      .innerJoin("tenant as t", "t.id", "ut.tenant_id")
      .select(["t.id", "t.code", "t.name_zh", "t.name_en", "ut.is_default"])
      .where("ut.user_id", "=", id)
      .orderBy("t.id")
      .execute(),
    db.selectFrom("app_user").select(["id", "code", "name", "email", "mobile", "status"]).where("master_user_id", "=", id).orderBy("code").execute(),
  ]);
  return { ...row, kind: kindOf(customer_kind), roles, tenants, subAccounts };
}

/** The roles a user of this kind may hold: staff roles (is_customer 0) or dealer roles (1). */
export async function assignableRoles(db: DB, kind: UserKind) {
  return db
    .selectFrom("role")
    .select(["id", "code", "name_zh", "name_en"])
    .where("is_customer", "=", kind === "dealer" ? 1 : 0)
    .orderBy("id")
    .execute();
}

export async function listTenants(db: DB) {
  return db.selectFrom("tenant").select(["id", "code", "name_zh", "name_en"]).orderBy("id").execute();
}

/** Role ids that exist and suit the kind, or the error key for the roles field. */
async function checkRoles(db: DB, kind: UserKind, roleIds: number[]): Promise<Result<string[]>> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return fail("adminUsers:user.rolesRequired", undefined, "roleIds");
  const allowed = await assignableRoles(db, kind);
  const chosen = allowed.filter((r) => ids.includes(r.id));
  if (chosen.length !== ids.length) return fail("adminUsers:user.roleNotAllowed", undefined, "roleIds");
  return ok(chosen.map((r) => r.code));
}

export interface CreateUserInput {
  kind: UserKind;
  code: string;
  name: string;
  email: string;
  mobile: string;
  /** dealers: the existing customer (by code) the master account belongs to */
  customerCode?: string;
  roleIds: number[];
  /** company entities the user may work in; the first (lowest id) is the default */
  tenantIds: number[];
}

/**
 * Adds a staff member (code EMP…, of the internal party) or a dealer's master account (code
 * XCD/DPC…, of an existing dealer customer) with an unusable random password, then sends the
 * reset link so the user chooses one. `mailed` is false when the mail could not be sent (the
 * administrator can send the link again from the details page). The first problem found, on its
 * field: code, e-mail, customer, roles, company entities.
 */
export async function createUser(db: DB, actor: Actor, input: CreateUserInput, deps: ResetLinkDeps): Promise<Result<{ id: number; mailed: boolean }>> {
  const code = input.code.trim().toUpperCase();
  if (!(input.kind === "staff" ? STAFF_CODE : DEALER_CODE).test(code))
    return fail(input.kind === "staff" ? "adminUsers:user.staffCodeFormat" : "adminUsers:user.dealerCodeFormat", undefined, "code");
  if (await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirst()) return fail("adminUsers:user.codeTaken", undefined, "code");
  if (!input.email.trim()) return fail("adminUsers:user.emailRequired", undefined, "email");

  const customer =
    input.kind === "staff"
      ? await db.selectFrom("customer").select(["id", "code"]).where("kind", "=", "internal").orderBy("id").executeTakeFirst()
      : input.customerCode?.trim()
        ? await db
            .selectFrom("customer")
            .select(["id", "code"])
            .where("kind", "=", "dealer")
            .where("code", "=", input.customerCode.trim().toUpperCase())
            .executeTakeFirst()
        : undefined;
  if (!customer) return input.kind === "staff" ? fail("adminUsers:user.noInternalParty") : fail("adminUsers:user.customerUnknown", undefined, "customerCode");

  const roles = await checkRoles(db, input.kind, input.roleIds);
  if (!roles.ok) return roles;

  const tenantIds = [...new Set(input.tenantIds)].sort((a, b) => a - b);
  const tenants = tenantIds.length ? await db.selectFrom("tenant").select("id").where("id", "in", tenantIds).execute() : [];
  if (tenantIds.length === 0 || tenants.length !== tenantIds.length) return fail("adminUsers:user.tenantsRequired", undefined, "tenantIds");

  const passwordHash = await hashPassword(crypto.randomBytes(24).toString("base64url"));
  const now = (deps.now ?? new Date()).toISOString();
  const id = await db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto("app_user")
      .values({
        code,
        customer_id: customer.id,
        master_user_id: null,
        parties_id: null,
        name: input.name.trim(),
        email: input.email.trim(),
        mobile: input.mobile.trim(),
        language: null,
        password_hash: passwordHash,
        price_adjustment_bp: 0,
        can_order: 1,
        can_see_price: 1,
        can_see_stock: 1,
        erp_account: input.kind === "dealer" ? customer.code : null,
        status: "active",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("user_role")
      .values(input.roleIds.filter((r, i, all) => all.indexOf(r) === i).map((role_id) => ({ user_id: id, role_id })))
      .execute();
    await tx
      .insertInto("user_tenant")
      .values(tenantIds.map((tenant_id, i) => ({ user_id: id, tenant_id, is_default: i === 0 ? 1 : 0 })))
      .execute();
    const after = {
      code,
      kind: input.kind,
      customer: customer.code,
      name: input.name.trim(),
      email: input.email.trim(),
      mobile: input.mobile.trim(),
      status: "active",
      roles: roles.value,
      tenantIds,
    };
    await recordAudit(tx, actor, { action: "create", entity: "app_user", entityId: id, after });
    return id;
  });

  let mailed = false;
  try {
    mailed = (await sendPasswordReset(db, actor, id, deps)).ok;
  } catch {
    mailed = false;
  }
  return ok({ id, mailed });
}

type ChangeResult = Result;

async function setStatus(db: DB, actor: Actor, id: number, status: UserStatus): Promise<ChangeResult> {
  if (status === "locked" && id === actor.id) return fail("adminUsers:user.cannotLockSelf");
  return keepingAnAdministrator(db, async (tx) => {
    const before = await userRow(tx, id);
    if (before.status !== status) {
      await tx.updateTable("app_user").set({ status, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
      await recordAudit(tx, actor, {
        action: status === "locked" ? "lock" : "unlock",
        entity: "app_user",
        entityId: id,
        before: { code: before.code, status: before.status },
        after: { code: before.code, status },
      });
    }
    // A locked account is signed out everywhere at once (its sessions would be refused anyway).
    if (status === "locked") await revokeUserSessions(tx, id);
    return ok();
  });
}

/** The role that administers users and roles: the shop always keeps one active user holding it. */
export const ADMIN_ROLE = "admin";

class NoAdministratorLeft extends Error {}

/**
 * Runs a change to users or their roles in one transaction and undoes it when it would leave no
 * active user with the administrator role: nobody could then give roles or unlock accounts, and
 * only the database could repair the shop. On PostgreSQL the administrator role's row is locked
 * first, so two administrators removing each other at once are checked one after the other
 * (SQLite runs one write transaction at a time).
 */
async function keepingAnAdministrator(db: DB, change: (tx: DB) => Promise<ChangeResult>): Promise<ChangeResult> {
  try {
    return await db.transaction().execute(async (tx) => {
      let lock = tx.selectFrom("role").select("id").where("code", "=", ADMIN_ROLE);
      if (isPostgres(tx)) lock = lock.forUpdate();
      await lock.execute();
      const result = await change(tx);
      if (!result.ok) return result;
      const left = await tx
        .selectFrom("user_role")
        .innerJoin("role", "role.id", "user_role.role_id")
        .innerJoin("app_user", "app_user.id", "user_role.user_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("role.code", "=", ADMIN_ROLE)
        .where("app_user.status", "=", "active")
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) throw new NoAdministratorLeft();
      return result;
    });
  } catch (e) {
    if (e instanceof NoAdministratorLeft) return fail("adminUsers:user.lastAdmin");
    throw e;
  }
}

/** Locks a user and ends all the user's sessions; an administrator cannot lock himself, nor anyone the last active administrator. */
export const lockUser = (db: DB, actor: Actor, id: number) => setStatus(db, actor, id, "locked");
export const unlockUser = (db: DB, actor: Actor, id: number) => setStatus(db, actor, id, "active");

/**
 * Sends the user the password-reset e-mail link (the reset flow's own link, valid
 * RESET_LINK_MINUTES). Refused for a locked account, an account without e-mail address, and
 * when the hourly limit of reset requests for the account is reached. The audit entry follows
 * the mail (a mail that failed records nothing).
 */
export async function sendPasswordReset(db: DB, actor: Actor, id: number, deps: ResetLinkDeps): Promise<ChangeResult> {
  const user = await userRow(db, id);
  if (user.status !== "active") return fail("adminUsers:user.lockedNoReset");
  if (!user.email) return fail("adminUsers:user.noEmail");
  const now = deps.now ?? new Date();
  const recent = await db
    .selectFrom("password_reset")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_code", "=", user.code)
    .where("created_at", ">", new Date(now.getTime() - 3600_000).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= RESET_REQUESTS_PER_HOUR) return fail("adminUsers:user.tooManyResets");
  await requestPasswordReset(
    db,
    { code: user.code, channel: "email", baseUrl: deps.baseUrl },
    { mailer: deps.mailer, sms: deps.sms, messages: deps.messages, now },
  );
  await recordAudit(db, actor, { action: "reset", entity: "app_user", entityId: id, after: { code: user.code, email: user.email } }, now);
  return ok();
}

/** Replaces the user's roles: staff only staff roles, dealers only dealer roles, at least one; the last active administrator keeps the administrator role. */
export async function setRoles(db: DB, actor: Actor, id: number, roleIds: number[]): Promise<ChangeResult> {
  return keepingAnAdministrator(db, async (tx) => {
    const user = await userRow(tx, id);
    const checked = await checkRoles(tx, kindOf(user.customer_kind), roleIds);
    if (!checked.ok) return checked;
    const before = (await rolesOf(tx, id)).map((r) => r.code);
    await tx.deleteFrom("user_role").where("user_id", "=", id).execute();
    await tx
      .insertInto("user_role")
      .values([...new Set(roleIds)].map((role_id) => ({ user_id: id, role_id })))
      .execute();
    await recordAudit(tx, actor, {
      action: "grant",
      entity: "app_user",
      entityId: id,
      before: { code: user.code, roles: before },
      after: { code: user.code, roles: checked.value },
    });
    return ok();
  });
}
