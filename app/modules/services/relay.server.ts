import crypto from "node:crypto";
import type { DB } from "~/db/db.server";
import { ACCOUNT_CODE_RE } from "~/modules/auth/rules";

/**
 * Sign-in handed over from the company portal (spec §2 /loginRelay, /auth-redirect; decision 048).
 * The portal, which shares RELAY_SECRET with the shop, links its signed-in dealer to the shop with
 *
 *   token = "v1." + code + "." + issuedAt + "." + nonce + "." + hex(HMAC-SHA256(secret, "v1." + code + "." + issuedAt + "." + nonce))
 *
 * (issuedAt: Unix seconds; nonce: 16–64 of A–Z a–z 0–9 _ -). A token is good for 60 seconds and once:
 * its nonce is stored on first use. Only dealer accounts (XCD/DPC codes), active, with a role and a
 * company entity, are handed over; staff sign in to the back office themselves.
 */
export const RELAY_TTL_SECONDS = 60;
/** how far ahead of the shop's clock the portal's may be */
export const RELAY_CLOCK_SKEW_SECONDS = 5;

const TOKEN_RE = /^v1\.([A-Z0-9]{9})\.(\d{10})\.([A-Za-z0-9_-]{16,64})\.([a-f0-9]{64})$/;

export type RelayError = "services:relay.invalid" | "services:relay.expired" | "services:relay.reused" | "services:relay.account";
export type RelayOutcome =
  { ok: true; userId: number; tenantId: number; language: string | null; partiesId: string | null; roles: string[] } | { ok: false; error: RelayError };

const mac = (secret: string, payload: string) => crypto.createHmac("sha256", secret).update(payload, "utf8").digest("hex");

/** A token as the portal makes it (the demo portal link and the tests use this). */
export function signRelayToken(secret: string, input: { code: string; issuedAt: number; nonce?: string }): string {
  const nonce = input.nonce ?? crypto.randomBytes(16).toString("base64url");
  const payload = `v1.${input.code}.${Math.floor(input.issuedAt)}.${nonce}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** Checks a token without using it up: its form, its signature, its age. */
export function verifyRelayToken(
  secret: string,
  token: string,
  now = new Date(),
): { ok: true; code: string; issuedAt: number; nonce: string } | { ok: false; error: RelayError } {
  const m = TOKEN_RE.exec(token.length <= 200 ? token : "");
  if (!m) return { ok: false, error: "services:relay.invalid" };
  const [, code, ts, nonce, sig] = m;
  const expected = Buffer.from(mac(secret, `v1.${code}.${ts}.${nonce}`), "hex");
  if (!crypto.timingSafeEqual(expected, Buffer.from(sig, "hex"))) return { ok: false, error: "services:relay.invalid" };
  const issuedAt = Number(ts);
  const age = now.getTime() / 1000 - issuedAt;
  if (age > RELAY_TTL_SECONDS || age < -RELAY_CLOCK_SKEW_SECONDS) return { ok: false, error: "services:relay.expired" };
  return { ok: true, code, issuedAt, nonce };
}

/**
 * Uses a hand-over token: checks it, checks the account, and stores its nonce (a second use, even
 * at the same moment on another worker, finds it and is refused). A refused token changes nothing.
 */
export async function consumeRelayToken(db: DB, input: { secret: string; token: string; now?: Date }): Promise<RelayOutcome> {
  const now = input.now ?? new Date();
  const checked = verifyRelayToken(input.secret, input.token, now);
  if (!checked.ok) return checked;
  if (!ACCOUNT_CODE_RE.test(checked.code)) return { ok: false, error: "services:relay.account" };
  return db.transaction().execute(async (tx) => {
    const used = await tx.selectFrom("relay_nonce").select("nonce").where("nonce", "=", checked.nonce).executeTakeFirst();
    if (used) return { ok: false, error: "services:relay.reused" } as const;
    const user = await tx
      .selectFrom("app_user")
      .innerJoin("customer", "customer.id", "app_user.customer_id")
      .select(["app_user.id", "app_user.status", "app_user.language", "app_user.parties_id", "customer.kind"])
      .where("app_user.code", "=", checked.code)
      .executeTakeFirst();
    if (!user || user.status !== "active" || user.kind === "internal") return { ok: false, error: "services:relay.account" } as const;
    const tenant = await tx
      .selectFrom("user_tenant")
      .select("tenant_id")
      .where("user_id", "=", user.id)
      .orderBy("is_default", "desc")
      .orderBy("tenant_id")
      .executeTakeFirst();
    const roles = await tx
      .selectFrom("user_role")
      .innerJoin("role", "role.id", "user_role.role_id")
      .select("role.code")
      .where("user_role.user_id", "=", user.id)
      .execute();
    if (!tenant || roles.length === 0) return { ok: false, error: "services:relay.account" } as const;
    const inserted = await tx
      .insertInto("relay_nonce")
      .values({
        nonce: checked.nonce,
        account_code: checked.code,
        used_at: now.toISOString(),
        expires_at: new Date((checked.issuedAt + RELAY_TTL_SECONDS + RELAY_CLOCK_SKEW_SECONDS) * 1000).toISOString(),
      })
      .onConflict((oc) => oc.column("nonce").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { ok: false, error: "services:relay.reused" } as const;
    await tx
      .deleteFrom("relay_nonce")
      .where("expires_at", "<", new Date(now.getTime() - 3600_000).toISOString())
      .execute();
    return {
      ok: true,
      userId: user.id,
      tenantId: tenant.tenant_id,
      language: user.language,
      partiesId: user.parties_id,
      roles: roles.map((r) => r.code),
    } as const;
  });
}
