import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";

const unreadCount = (db: DB, userId: number) =>
  db
    .selectFrom("notice")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("is_read", "=", 0)
    .execute();
const latestUnread = (db: DB, userId: number, limit: number) =>
  db
    .selectFrom("notice")
    .select(["id", "title_zh", "title_en"])
    .where("user_id", "=", userId)
    .where("is_read", "=", 0)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();

/** Unread notices of a user: the count for the badge and the latest 3 for the notice box (spec §9). */
export async function getUnreadNotices(db: DB, userId: number, lang: Language, limit = 3) {
  const [[count], latest] = await Promise.all([unreadCount(db, userId), latestUnread(db, userId, limit)]);
  return {
    count: Number(count.n),
    latest: latest.map((n) => ({ id: n.id, title: lang === "en" ? n.title_en : n.title_zh })),
  };
}
