import { redirect } from "@remix-run/node";
import { NotFoundError } from "~/modules/errors";
import type { DB } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { type SessionUser } from "~/modules/auth/sessions.server";
import { getOptionalSessionUser } from "~/utils/session.server";
import { grantedFunctionCodes } from "~/modules/admin/menus.server";

/** Admin-style routes sign in at /login; every other route at the shop login (spec §2, §6). */
function loginPathFor(pathname: string): string {
  return /^\/(profile|401|system)(\/|$)/.test(pathname) ? "/login" : "/shop_login";
}

function redirectToLogin(request: Request, loginPath?: string): never {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`${loginPath ?? loginPathFor(url.pathname)}?redirect=${encodeURIComponent(back)}`);
}

/** Anyone signed in, dealer or staff (the company switch, the language). */
export async function requireSignedIn(request: Request, db: DB = getDb()): Promise<SessionUser> {
  return (await getOptionalSessionUser(request, db)) ?? redirectToLogin(request);
}

/**
 * The shop's guard: the signed-in dealer, or a redirect to the login page with the page to
 * return to (the login page then shows 'You are not logged in, please log in first'). A staff
 * member is refused (403): staff never see a dealer's cart, prices or orders through the shop.
 */
export async function requireUser(request: Request, db: DB = getDb()): Promise<SessionUser> {
  const user = await getOptionalSessionUser(request, db);
  if (!user) redirectToLogin(request);
  if (user.isStaff) forbidden();
  return user;
}

/**
 * The back office's guard: a staff member granted this page's or action's function code.
 * Signed out: to /login. A dealer: 404 (the back office does not exist for dealers). A staff
 * member without the code: 403.
 */
export async function requireStaff(request: Request, funcCode: string | null, db: DB = getDb()): Promise<SessionUser & { funcCodes: Set<string> }> {
  const user = await getOptionalSessionUser(request, db);
  if (!user) redirectToLogin(request, "/login");
  if (!user.isStaff) notFound();
  const funcCodes = await grantedFunctionCodes(db, user.roles);
  if (funcCode && !funcCodes.has(funcCode)) forbidden();
  return { ...user, funcCodes };
}

export function forbidden(): never {
  throw new Response("Forbidden", { status: 403 });
}

export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/** Runs domain work; an object the actor may not see (NotFoundError) answers 404. */
export async function notFoundWhenMissing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof NotFoundError) notFound();
    throw e;
  }
}

/** The user must hold one of these roles. */
export async function requireRole(request: Request, roles: string[], db: DB = getDb()): Promise<SessionUser> {
  const user = await requireUser(request, db);
  if (!user.roles.some((r) => roles.includes(r))) forbidden();
  return user;
}

/** The user must be granted this function code (spec §6 "page-level functions"). */
export async function requireFunction(request: Request, funcCode: string, db: DB = getDb()): Promise<SessionUser> {
  const user = await requireUser(request, db);
  const codes = await grantedFunctionCodes(db, user.roles);
  if (!codes.has(funcCode)) forbidden();
  return user;
}

export const isMaster = (user: Pick<SessionUser, "masterUserId">) => user.masterUserId === null;
