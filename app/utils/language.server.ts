import type { Language } from "~/i18n/config";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalSessionUser } from "~/utils/session.server";

/** When signed in, the chosen language is saved to the account and used at the next login (spec §4). */
export async function saveAccountLanguage(request: Request, lang: Language): Promise<void> {
  const db = getDb();
  const user = await getOptionalSessionUser(request, db);
  if (!user) return;
  await db.updateTable("app_user").set({ language: lang, updated_at: new Date().toISOString() }).where("id", "=", user.id).execute();
}

/** The language of this request: the signed-in account's, else the cookie's or the browser's. */
export async function requestLanguage(request: Request): Promise<Language> {
  const user = await getOptionalSessionUser(request);
  return getLanguage(request, user?.language);
}
