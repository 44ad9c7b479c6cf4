import crypto from "node:crypto";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { countRequest } from "~/modules/limits/request-counts.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";

/**
 * The API keys of the dealer's stock and price feed (issue 30 item 3, decision 073). A customer's
 * master account makes and revokes them in its personal centre; the feed (`auth: "feed"` calls of
 * the integration API) finds the customer by the key. A key is `fk_` and 43 characters of
 * base64url (32 random bytes); only its sha256 is stored, with its first characters to tell keys
 * apart. Plain values in, one Result out.
 */
export const KEY_PREFIX = "fk_";
/** The function code of the key page and of the feed's calls (the customer's master account holds it). */
export const FEED_FUNCTION_CODE = "feed:key:edit";
const KEY_RE = /^fk_[A-Za-z0-9_-]{43}$/;
/** the stored visible part: "fk_" and 8 characters */
const VISIBLE = 11;
/** live keys a customer may hold at once */
export const MAX_LIVE_KEYS = 10;

export const hashFeedKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");
export const newFormToken = () => crypto.randomBytes(18).toString("base64url");

/** The customer's master account, as the key page's actor. */
export interface KeyOwner {
  id: number;
  customerId: number;
}

export interface FeedKeyRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The customer's keys, live ones first, newest first. */
export async function listFeedKeys(db: DB, owner: KeyOwner): Promise<FeedKeyRow[]> {
  const rows = await db
    .selectFrom("feed_key")
    .select(["id", "name", "prefix", "created_at", "last_used_at", "revoked_at"])
    .where("customer_id", "=", owner.customerId)
    .orderBy(sql`case when revoked_at is null then 0 else 1 end`)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.prefix, createdAt: r.created_at, lastUsedAt: r.last_used_at, revokedAt: r.revoked_at }));
}

/**
 * A new key for the owner's customer: the plain key, to be shown once. The form's token makes a
 * second post of the same form refused (`services:apiKeys.duplicate`) instead of making a second key.
 */
export async function createFeedKey(
  db: DB,
  owner: KeyOwner,
  input: { name: string; formToken: string },
  now = new Date(),
): Promise<Result<{ id: number; key: string; name: string }>> {
  const live = await db
    .selectFrom("feed_key")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("customer_id", "=", owner.customerId)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= MAX_LIVE_KEYS) return fail("services:apiKeys.tooMany", { max: MAX_LIVE_KEYS });
  const key = KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
  const inserted = await db
    .insertInto("feed_key")
    .values({
      customer_id: owner.customerId,
      created_by: owner.id,
      name: input.name,
      prefix: key.slice(0, VISIBLE),
      key_hash: hashFeedKey(key),
      form_token: input.formToken,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["customer_id", "form_token"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return fail("services:apiKeys.duplicate");
  return ok({ id: inserted.id, key, name: input.name });
}

/** Revokes one of the owner's customer's keys (again: nothing changes); another's key is not found. */
export async function revokeFeedKey(db: DB, owner: KeyOwner, id: number, now = new Date()): Promise<Result<{ name: string }>> {
  const row = await db.selectFrom("feed_key").select(["id", "name"]).where("id", "=", id).where("customer_id", "=", owner.customerId).executeTakeFirst();
  if (!row) throw new NotFoundError("feed_key");
  await db.updateTable("feed_key").set({ revoked_at: now.toISOString() }).where("id", "=", id).where("revoked_at", "is", null).execute();
  return ok({ name: row.name });
}

/** Whom a key speaks for: its customer's master account in its default company entity. */
export interface FeedActor {
  keyId: number;
  customerId: number;
  userId: number;
  tenantId: number;
  currency: string;
}

/** The live key's actor, or why it is refused: `malformed` (cannot be a key) or `unknown` (no such live key). */
export async function feedActorByKey(
  db: DB,
  key: string,
  now = new Date(),
): Promise<{ ok: true; value: FeedActor } | { ok: false; reason: "malformed" | "unknown" }> {
  if (!KEY_RE.test(key)) return { ok: false, reason: "malformed" };
  const row = await db
    .selectFrom("feed_key as k")
    .innerJoin("app_user as u", (j) => j.onRef("u.customer_id", "=", "k.customer_id").on("u.master_user_id", "is", null).on("u.status", "=", "active"))
    .innerJoin("user_tenant as ut", "ut.user_id", "u.id")
    .innerJoin("tenant as t", "t.id", "ut.tenant_id")
    .select(["k.id", "k.customer_id", "k.last_used_at", "u.id as user_id", "t.id as tenant_id", "t.currency"])
    .where("k.key_hash", "=", hashFeedKey(key))
    .where("k.revoked_at", "is", null)
    .orderBy("ut.is_default", "desc")
    .orderBy("t.id")
    .limit(1)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "unknown" };
  // the last use, to the minute: one write a minute per key at most
  const stamp = now.toISOString();
  if (!row.last_used_at || row.last_used_at.slice(0, 16) !== stamp.slice(0, 16)) {
    await db.updateTable("feed_key").set({ last_used_at: stamp }).where("id", "=", row.id).execute();
  }
  return { ok: true, value: { keyId: row.id, customerId: row.customer_id, userId: row.user_id, tenantId: row.tenant_id, currency: row.currency } };
}

/**
 * Counts one request of a key in the current minute (every server process shares the count,
 * decision 079) and tells whether it is within `limit`, with the seconds until the next minute.
 */
export async function countFeedRequest(
  db: DB,
  keyId: number,
  limit: number,
  now = new Date(),
): Promise<{ allowed: boolean; hits: number; retryAfter: number }> {
  const { hits, resetAt } = await countRequest(db, `feed:${keyId}`, now);
  return { allowed: hits <= limit, hits, retryAfter: Math.ceil((resetAt.getTime() - now.getTime()) / 1000) };
}
