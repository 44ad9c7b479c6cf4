import { shopDayStart, shopMonth } from "~/i18n/format";
import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { productsByIds } from "~/modules/catalogue/catalogue.server";
import { recentViews } from "~/modules/footprint/footprint.server";
import { removeContentFile, sniffFileType, storeContentFile, readContentFile } from "~/modules/content/files.server";

/**
 * The personal centre (spec §2 /profile/index, issue 18 item 8): the account's own contact
 * details and avatar, the products it looked at last, and its orders' amounts per month.
 */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** orders that count: everything but drafts and cancelled ones (as on the dashboard) */
const NOT_PLACED = ["to_be_submitted", "cancelled"];

export interface ContactInput {
  name: string;
  mobile: string;
  email: string;
}

/** Saves the account's own name, mobile and e-mail (validated by the form's schema). The same post twice: the same result. */
export async function updateContact(db: DB, user: { id: number }, input: ContactInput, now = new Date()): Promise<{ ok: true }> {
  await db
    .updateTable("app_user")
    .set({ name: input.name, mobile: input.mobile, email: input.email, updated_at: now.toISOString() })
    .where("id", "=", user.id)
    .execute();
  return { ok: true };
}

export type AvatarError = "services:profile.avatarEmpty" | "services:profile.avatarTooBig" | "services:profile.avatarType";

/**
 * A new avatar: PNG or JPEG by its content (not its name or the browser's type), at most 1 MB,
 * stored under a random name in CONTENT_DIR (decision 046's storage); the old file is removed.
 */
export async function setAvatar(db: DB, user: { id: number }, buf: Uint8Array, dir?: string): Promise<{ ok: true } | { ok: false; error: AvatarError }> {
  if (buf.byteLength === 0) return { ok: false, error: "services:profile.avatarEmpty" };
  if (buf.byteLength > AVATAR_MAX_BYTES) return { ok: false, error: "services:profile.avatarTooBig" };
  const type = sniffFileType(buf, "");
  if (!type || (type.mime !== "image/png" && type.mime !== "image/jpeg")) return { ok: false, error: "services:profile.avatarType" };
  const key = await storeContentFile(buf, type, dir);
  const before = await db.selectFrom("app_user").select("avatar_key").where("id", "=", user.id).executeTakeFirst();
  await db.updateTable("app_user").set({ avatar_key: key, avatar_type: type.mime }).where("id", "=", user.id).execute();
  if (before?.avatar_key && before.avatar_key !== key) await removeContentFile(before.avatar_key, dir);
  return { ok: true };
}

/** Removes the avatar (the file too). */
export async function removeAvatar(db: DB, user: { id: number }, dir?: string): Promise<{ ok: true }> {
  const before = await db.selectFrom("app_user").select("avatar_key").where("id", "=", user.id).executeTakeFirst();
  await db.updateTable("app_user").set({ avatar_key: null, avatar_type: null }).where("id", "=", user.id).execute();
  if (before?.avatar_key) await removeContentFile(before.avatar_key, dir);
  return { ok: true };
}

/** The account's avatar file, or null. */
export async function readAvatar(db: DB, user: { id: number }, dir?: string): Promise<{ key: string; type: string; data: Buffer } | null> {
  const row = await db.selectFrom("app_user").select(["avatar_key", "avatar_type"]).where("id", "=", user.id).executeTakeFirst();
  if (!row?.avatar_key || !row.avatar_type) return null;
  const data = await readContentFile(row.avatar_key, dir);
  return data ? { key: row.avatar_key, type: row.avatar_type, data } : null;
}

export async function hasAvatar(db: DB, user: { id: number }): Promise<string | null> {
  const row = await db.selectFrom("app_user").select("avatar_key").where("id", "=", user.id).executeTakeFirst();
  return row?.avatar_key ?? null;
}

/** The products the account looked at last (browsing footprint), newest first. */
export async function recentProducts(db: DB, user: { id: number }, lang: Language, limit = 10) {
  const views = await recentViews(db, user, limit);
  const rows = await productsByIds(
    db,
    views.map((v) => v.productId),
    lang,
  );
  const at = new Map(views.map((v) => [v.productId, v.viewedAt]));
  return rows.map((r) => ({ code: r.orderingCode, name: r.name, specification: r.specification, viewedAt: at.get(r.id) ?? "" }));
}

/**
 * The amounts (payable, in minor units) of the account's placed orders on its company entity,
 * per China month, for the 12 months up to and including this one (months without orders: 0).
 */
export async function monthlyOrderAmounts(
  db: DB,
  user: { id: number; tenantId: number },
  now = new Date(),
): Promise<{ month: string; amount: number; orders: number }[]> {
  const [year, month] = shopMonth(now).split("-").map(Number);
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) months.push(new Date(Date.UTC(year, month - 1 - i, 1)).toISOString().slice(0, 7));
  const start = shopDayStart(`${months[0]}-01`);
  const rows = await db
    .selectFrom("sales_order")
    .select(["created_at", "payable_amount"])
    .where("user_id", "=", user.id)
    .where("tenant_id", "=", user.tenantId)
    .where("status", "not in", NOT_PLACED)
    .where("created_at", ">=", start)
    .execute();
  const totals = new Map(months.map((m) => [m, { amount: 0, orders: 0 }]));
  for (const r of rows) {
    const t = totals.get(shopMonth(new Date(r.created_at)));
    if (t) {
      t.amount += Number(r.payable_amount);
      t.orders += 1;
    }
  }
  return months.map((month) => ({ month, ...totals.get(month)! }));
}
