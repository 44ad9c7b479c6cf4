import { hashPassword } from "~/modules/auth/password.server";
import type { DB } from "~/db/db.server";
import { seedRolesAndMenus } from "~/db/seed/roles-menus";
import { findSessionUser, hashToken, type SessionUser } from "~/modules/auth/sessions.server";

/**
 * A small world for sign-in tests (independent of the demo data generator): two tenants, dealer
 * A (with customer discount) and dealer B, XCD000001 master of A with two companies, XCD000002
 * its sub-account, DPC000001 master of B, XCD000008 without roles. Password Demo2026.
 */
export const PASSWORD = "Demo2026";

export interface World {
  tenants: { t1000: number; t2000: number };
  customers: { a: number; b: number };
  users: { master: number; sub: number; other: number; noRoles: number };
}

let cachedHash: string | undefined;

export async function createWorld(db: DB): Promise<World> {
  cachedHash ??= await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  const tenant = async (code: string) =>
    (
      await db
        .insertInto("tenant")
        .values({
          code,
          name_zh: `公司${code}`,
          name_en: `Company ${code}`,
          show_name_zh: `公司${code}`,
          show_name_en: `Company ${code}`,
          currency: "CNY",
          tax_rate_bp: 1300,
          free_shipping_amount: 0,
          shipping_fee: 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const t1000 = await tenant("1000");
  const t2000 = await tenant("2000");
  const customer = async (code: string, discount: number) =>
    (
      await db
        .insertInto("customer")
        .values({ code, name_zh: `经销商${code}`, name_en: `Dealer ${code}`, credit_limit: 0, payment_terms_days: 30, discount_bp: discount })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const a = await customer("A", 500);
  const b = await customer("B", 0);
  // the demo roles and menus: the accounts hold the function codes the shop's actions check (decision 056)
  const roleIds = await seedRolesAndMenus(db);
  const rMaster = roleIds.get("customer_master")!;
  const rSub = roleIds.get("customer_sub")!;
  const user = async (
    code: string,
    customerId: number,
    masterId: number | null,
    roles: number[],
    tenants: number[],
    extra: { email?: string; mobile?: string } = {},
  ) => {
    const id = (
      await db
        .insertInto("app_user")
        .values({
          code,
          customer_id: customerId,
          master_user_id: masterId,
          parties_id: null,
          name: `User ${code}`,
          email: extra.email ?? `${code.toLowerCase()}@example.test`,
          mobile: extra.mobile ?? "13800000000",
          language: null,
          password_hash: cachedHash!,
          price_adjustment_bp: 0,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    if (roles.length)
      await db
        .insertInto("user_role")
        .values(roles.map((role_id) => ({ user_id: id, role_id })))
        .execute();
    await db
      .insertInto("user_tenant")
      .values(tenants.map((tenant_id, i) => ({ user_id: id, tenant_id, is_default: i === 0 ? 1 : 0 })))
      .execute();
    return id;
  };
  const master = await user("XCD000001", a, null, [rMaster], [t1000, t2000]);
  const sub = await user("XCD000002", a, master, [rSub], [t1000]);
  const other = await user("DPC000001", b, null, [rMaster], [t1000, t2000]);
  const noRoles = await user("XCD000008", b, null, [], [t1000]);
  return { tenants: { t1000, t2000 }, customers: { a, b }, users: { master, sub, other, noRoles } };
}

/** The session user of a Set-Cookie header (or null when it is not a live session). */
export async function sessionUserOf(db: DB, setCookie: string): Promise<SessionUser | null> {
  const token = tokenOf(setCookie);
  return token ? findSessionUser(db, hashToken(token)) : null;
}

/** The raw token of a `shop_session=...` Set-Cookie value (the cookie is base64 JSON). */
export function tokenOf(setCookie: string): string | null {
  const m = /shop_session=([^;]*)/.exec(setCookie);
  if (!m || !m[1]) return null;
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(m[1]), "base64").toString("utf8")) as string;
  } catch {
    return null;
  }
}

/** The Cookie request header that carries the given Set-Cookie values. */
export function cookieHeader(...setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

export function actorOf(u: SessionUser) {
  return u;
}
