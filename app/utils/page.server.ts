import type { DB } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import type { Language } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalDealer, type SignedInUser } from "~/utils/session.server";

/** What every shop page's loader starts from: the database, the signed-in user (if any), the language, the URL. */
export interface PageBase {
  db: DB;
  user: SignedInUser | null;
  lang: Language;
  url: URL;
}

export async function pageBase(request: Request): Promise<PageBase> {
  const user = await getOptionalDealer(request);
  const lang = await getLanguage(request, user?.language);
  return { db: getDb(), user, lang, url: new URL(request.url) };
}

/** The page's own URL (where its forms return to). */
export function returnPath(url: URL): string {
  return url.pathname + url.search;
}
