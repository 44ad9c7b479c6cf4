import crypto from "node:crypto";
import type { DB } from "~/db/db.server";

/**
 * Sessions: the cookie holds a random token; the database keeps only its SHA-256 with the
 * user, the tenant and the expiry, so logout and password changes revoke it for good.
 * The cookie itself is the web layer's (`~/utils/session.server`).
 */
export const SESSION_TTL_MS = 1000 * 60 * 60 * 12;
/** Staff sessions are shorter: the back office changes what every dealer sees. */
export const STAFF_SESSION_TTL_MS = 1000 * 60 * 60 * 4;
export const sessionTtl = (isStaff: boolean) => (isStaff ? STAFF_SESSION_TTL_MS : SESSION_TTL_MS);

export interface SessionUser {
  id: number;
  code: string;
  name: string;
  email: string;
  mobile: string;
  language: string | null;
  customerId: number;
  customerCode: string;
  customerName: string;
  customerNameEn: string;
  tenantId: number;
  tenantCode: string;
  tenantName: string;
  tenantNameEn: string;
  currency: string;
  masterUserId: number | null;
  partiesId: string | null;
  canOrder: boolean;
  canSeePrice: boolean;
  canSeeStock: boolean;
  priceAdjustmentBp: number;
  roles: string[];
  /** the manufacturer's staff (their party is internal): the back office, never a dealer's shop */
  isStaff: boolean;
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const sessionUserRow = (db: DB, sessionId: string, nowIso: string) =>
  db
    .selectFrom("session as s")
    .innerJoin("app_user as u", "u.id", "s.user_id")
    .innerJoin("customer as c", "c.id", "u.customer_id")
    .innerJoin("tenant as t", "t.id", "s.tenant_id")
    .select([
      "u.id",
      "u.code",
      "u.name",
      "u.email",
      "u.mobile",
      "u.language",
      "u.master_user_id",
      "u.parties_id",
      "u.can_order",
      "u.can_see_price",
      "u.can_see_stock",
      "u.price_adjustment_bp",
      "u.status",
      "c.id as customer_id",
      "c.code as customer_code",
      "c.name_zh as customer_name",
      "c.name_en as customer_name_en",
      "c.kind as customer_kind",
      "t.id as tenant_id",
      "t.code as tenant_code",
      "t.name_zh as tenant_name",
      "t.name_en as tenant_name_en",
      "t.currency",
    ])
    .where("s.id", "=", sessionId)
    .where("s.expires_at", ">", nowIso)
    .execute();
const userRoles = (db: DB, userId: number) =>
  db.selectFrom("user_role").innerJoin("role", "role.id", "user_role.role_id").select("role.code").where("user_role.user_id", "=", userId).execute();

/**
 * The user of a session, read afresh at every request: the account's status and roles (and, by
 * them, its function codes: `grantedFunctionCodes`) as they are now, not as they were at sign-in.
 * A session whose account was locked, deleted or left without roles ends here, as sign-in would
 * refuse that account (issue 26 point 6): giving the roles back does not bring it back.
 */
export async function findSessionUser(db: DB, sessionId: string, now = new Date()): Promise<SessionUser | null> {
  const [row] = await sessionUserRow(db, sessionId, now.toISOString());
  if (!row) return null;
  const roles = row.status === "active" ? await userRoles(db, row.id) : [];
  if (roles.length === 0) {
    await db.deleteFrom("session").where("id", "=", sessionId).execute();
    return null;
  }
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    language: row.language,
    customerId: row.customer_id,
    customerCode: row.customer_code,
    customerName: row.customer_name,
    customerNameEn: row.customer_name_en,
    tenantId: row.tenant_id,
    tenantCode: row.tenant_code,
    tenantName: row.tenant_name,
    tenantNameEn: row.tenant_name_en,
    currency: row.currency,
    masterUserId: row.master_user_id,
    partiesId: row.parties_id,
    canOrder: row.can_order === 1,
    canSeePrice: row.can_see_price === 1,
    canSeeStock: row.can_see_stock === 1,
    priceAdjustmentBp: row.price_adjustment_bp,
    roles: roles.map((r) => r.code),
    isStaff: row.customer_kind === "internal",
  };
}

/** Starts a session: a new random token every time (login and company switch). Returns the token. */
export async function startSession(
  db: DB,
  opts: { userId: number; tenantId: number; clientIp: string | null; userAgent: string | null; now?: Date; ttlMs?: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = opts.now ?? new Date();
  await db
    .insertInto("session")
    .values({
      id: hashToken(token),
      user_id: opts.userId,
      tenant_id: opts.tenantId,
      expires_at: new Date(now.getTime() + (opts.ttlMs ?? SESSION_TTL_MS)).toISOString(),
      created_at: now.toISOString(),
      ip: opts.clientIp?.slice(0, 64) ?? null,
      user_agent: opts.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

/** Ends one session by its token. */
export async function endSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom("session").where("id", "=", hashToken(token)).execute();
}

/** Ends every session of a user (password change or reset, deleted account). */
export async function revokeUserSessions(db: DB, userId: number, opts: { exceptSessionId?: string } = {}): Promise<void> {
  let q = db.deleteFrom("session").where("user_id", "=", userId);
  if (opts.exceptSessionId) q = q.where("id", "!=", opts.exceptSessionId);
  await q.execute();
}

/** Removes expired sessions (called now and then at login). */
export async function purgeExpiredSessions(db: DB, now = new Date()): Promise<void> {
  await db.deleteFrom("session").where("expires_at", "<=", now.toISOString()).execute();
}
