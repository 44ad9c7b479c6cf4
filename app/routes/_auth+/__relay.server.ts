import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { getEnv } from "~/env.server";
import { toLanguage } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18n.server";
import { landingPage, loginRedirectTarget } from "~/modules/auth/login.server";
import { sessionTtl } from "~/modules/auth/sessions.server";
import { consumeRelayToken } from "~/modules/services/relay.server";
import { rotateSession } from "~/utils/session.server";

const RelayQuery = z.object({ token: z.string().max(300).optional(), redirect: z.string().max(1000).optional() });

/** Never cached, never passed on in a Referer: the URL held a token. */
const NO_TRACE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** The shop paths /auth-redirect may go to: the shop's own pages, not the back office nor the hand-over itself. */
export function relayTarget(value: string | undefined): string | null {
  const target = loginRedirectTarget(value);
  if (!target || /^\/(system|redirect|loginRelay|auth-redirect)(\/|\?|#|$)/i.test(target)) return null;
  return target;
}

/**
 * GET /loginRelay?token= and /auth-redirect?token=&redirect= (decision 048): without RELAY_SECRET
 * the routes do not exist (404); without a token, the sign-in page; a good token starts a session
 * and redirects (the token is not in the URL gone to); a refused one shows why (status 400).
 */
export async function relayLoader(request: Request, clientIp: string | null, mode: "login" | "redirect") {
  const secret = getEnv().RELAY_SECRET;
  if (!secret) throw new Response("Not Found", { status: 404 });
  const parsed = RelayQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : {};
  if (!query.token) throw redirect("/shop_login", { headers: NO_TRACE });
  const db = getDb();
  const outcome = await consumeRelayToken(db, { secret, token: query.token });
  if (!outcome.ok) return json({ refusal: outcome.error }, { status: 400, headers: NO_TRACE });
  const headers = new Headers(NO_TRACE);
  headers.append("Set-Cookie", await rotateSession(db, request, { userId: outcome.userId, tenantId: outcome.tenantId, clientIp, ttlMs: sessionTtl(false) }));
  if (outcome.language) headers.append("Set-Cookie", await languageCookie.serialize(toLanguage(outcome.language)));
  const target = (mode === "redirect" ? relayTarget(query.redirect) : null) ?? (await landingPage(db, { ...outcome, isStaff: false }));
  return redirect(target, { status: 303, headers });
}
