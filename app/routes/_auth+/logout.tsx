import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { languageCookie } from "~/i18n/i18n.server";
import { flashCookie, rememberedCodeCookie, rememberedCompanyCookie } from "~/utils/cookies.server";
import { destroySession } from "~/utils/session.server";

/**
 * Logout (spec §4): deletes the session row (a replayed cookie is then worthless), clears the
 * saved company and account codes, the language and any pending notice, then /shop_login.
 */
export async function action({ request }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(getDb(), request));
  for (const cookie of [rememberedCompanyCookie, rememberedCodeCookie, languageCookie, flashCookie]) {
    headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  }
  return redirect("/shop_login", { headers });
}

/** No state changes on GET: a typed /logout only goes to the login page. */
export const loader = () => redirect("/shop_login");
