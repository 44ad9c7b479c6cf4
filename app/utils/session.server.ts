import { createCookie } from "@remix-run/node";
import type { DB } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { SESSION_TTL_MS, endSession, findSessionUser, hashToken, startSession, type SessionUser } from "~/modules/auth/sessions.server";
import { grantedFunctionCodes, shopRoles } from "~/modules/admin/menus.server";
import { oncePerRequest } from "~/utils/request-scope.server";

/**
 * The signed-in account with the function codes its roles are granted in the menu tables
 * (spec §6). What an account may see is its own switch AND its roles' code: an account whose
 * role lost `price:view` sees no prices, whatever its account flag says. Read on every request
 * (the menu model is cached until the menu or role tables change), so a change of roles or
 * codes reaches open sessions at their next request.
 */
export type SignedInUser = SessionUser & { funcCodes: ReadonlySet<string> };

async function withFunctionCodes(db: DB, user: SessionUser): Promise<SignedInUser> {
  const funcCodes = await grantedFunctionCodes(db, user.isStaff ? user.roles : shopRoles(user.roles));
  return {
    ...user,
    canSeePrice: user.canSeePrice && funcCodes.has("price:view"),
    canSeeStock: user.canSeeStock && funcCodes.has("stock:view"),
    funcCodes,
  };
}

/** The session cookie: it carries the random token of `~/modules/auth/sessions.server`. */
export function sessionCookie(secure: boolean) {
  return createCookie(secure ? "__Host-shop_session" : "shop_session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}

/**
 * HTTPS directly or behind a trusted proxy that says so: the request's URL is built by Express,
 * which reads X-Forwarded-Proto only from the proxies TRUST_PROXY names.
 */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie(isSecureRequest(request)).parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/** The signed-in dealer of this request, or null: a staff member is a visitor in the shop (decision 042). */
export async function getOptionalDealer(request: Request, db: DB = getDb()): Promise<SignedInUser | null> {
  const user = await getOptionalSessionUser(request, db);
  return user && !user.isStaff ? user : null;
}

/** The signed-in user of this request (dealer or staff), or null. */
export async function getOptionalSessionUser(request: Request, db: DB = getDb()): Promise<SignedInUser | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  // a page's root, layout and route loaders each ask: read once per request (request-scope.server)
  return oncePerRequest(`session-user:${token}`, async () => {
    const user = await findSessionUser(db, hashToken(token));
    return user && withFunctionCodes(db, user);
  });
}

/**
 * The user of a session token the integration API received in its `X-Token` header (decision 072):
 * the same sessions, the same function codes as the cookie's, or null when the session is over.
 */
export async function sessionUserByToken(token: string, db: DB = getDb()): Promise<SignedInUser | null> {
  const user = await findSessionUser(db, hashToken(token));
  return user && withFunctionCodes(db, user);
}

/** Starts a session for this request's browser. Returns the Set-Cookie value. */
export async function createSession(
  db: DB,
  request: Request,
  opts: { userId: number; tenantId: number; clientIp: string | null; now?: Date; ttlMs?: number },
): Promise<string> {
  const token = await startSession(db, { ...opts, userAgent: request.headers.get("user-agent") });
  return sessionCookie(isSecureRequest(request)).serialize(token, { maxAge: (opts.ttlMs ?? SESSION_TTL_MS) / 1000 });
}

/** Ends the session of this request (if any). Returns the Set-Cookie value that clears the cookie. */
export async function destroySession(db: DB, request: Request): Promise<string> {
  const token = await readSessionToken(request);
  if (token) await endSession(db, token);
  return sessionCookie(isSecureRequest(request)).serialize("", { maxAge: 0 });
}

/**
 * Replaces the session of this request by a new one (new token) for the same user, optionally
 * on another tenant: used by the company switch and after a password change. Returns Set-Cookie.
 */
export async function rotateSession(
  db: DB,
  request: Request,
  opts: { userId: number; tenantId: number; clientIp: string | null; now?: Date; ttlMs?: number },
): Promise<string> {
  const token = await readSessionToken(request);
  if (token) await endSession(db, token);
  return createSession(db, request, opts);
}
