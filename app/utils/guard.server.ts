import { redirect } from "@remix-run/node";
import { NotFoundError } from "~/modules/errors";
import type { DB } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { getOptionalSessionUser, readSessionToken, type SignedInUser } from "~/utils/session.server";

/** Admin-style routes sign in at /login; every other route at the shop login (spec §2, §6). */
function loginPathFor(pathname: string): string {
  return /^\/(profile|401|system)(\/|$)/.test(pathname) ? "/login" : "/shop_login";
}

/**
 * To the login page with the page to return to. A browser that still sends a session cookie whose
 * session is gone (expired, or ended by a password change) is told so: `expired=1` makes the login
 * form say the spec's "The current login has expired…" instead of "You are not logged in…".
 */
async function redirectToLogin(request: Request, loginPath?: string): Promise<never> {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const expired = (await readSessionToken(request)) !== null;
  throw redirect(`${loginPath ?? loginPathFor(url.pathname)}?redirect=${encodeURIComponent(back)}${expired ? "&expired=1" : ""}`);
}

/** Anyone signed in, dealer or staff (the company switch, the language). */
export async function requireSignedIn(request: Request, db: DB = getDb()): Promise<SignedInUser> {
  return (await getOptionalSessionUser(request, db)) ?? (await redirectToLogin(request));
}

/**
 * The shop's guard: the signed-in dealer, or a redirect to the login page with the page to
 * return to (the login page then shows 'You are not logged in, please log in first'). A staff
 * member is refused (403): staff never see a dealer's cart, prices or orders through the shop.
 */
export async function requireUser(request: Request, db: DB = getDb()): Promise<SignedInUser> {
  const user = await getOptionalSessionUser(request, db);
  if (!user) return redirectToLogin(request);
  if (user.isStaff) forbidden();
  return user;
}

/**
 * The back office's guard: a staff member granted this page's or action's function code.
 * Signed out: to /login. A dealer: 404 (the back office does not exist for dealers). A staff
 * member without the code: 403.
 */
export async function requireStaff(request: Request, funcCode: string | null, db: DB = getDb()): Promise<SignedInUser> {
  const user = await getOptionalSessionUser(request, db);
  if (!user) return redirectToLogin(request, "/login");
  if (!user.isStaff) notFound();
  if (funcCode) requirePermission(user, funcCode);
  return user;
}

/**
 * THE permission check (spec §6 "page-level functions"): every action, and every loader that
 * shows an operation, asks for the function code the menu tables give that operation, here and
 * nowhere else. Without it: 403, nothing changed. Pages hide the control with `hasPermission`
 * (or `<Can>`), which only hides: this check is what refuses.
 */
export function requirePermission(user: Pick<SignedInUser, "funcCodes">, funcCode: string): void {
  if (!hasPermission(user, funcCode)) forbidden();
}

export const hasPermission = (user: Pick<SignedInUser, "funcCodes"> | null, funcCode: string) => !!user?.funcCodes.has(funcCode);

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
export async function requireRole(request: Request, roles: string[], db: DB = getDb()): Promise<SignedInUser> {
  const user = await requireUser(request, db);
  if (!user.roles.some((r) => roles.includes(r))) forbidden();
  return user;
}

/** The signed-in dealer, granted this function code. */
export async function requireFunction(request: Request, funcCode: string, db: DB = getDb()): Promise<SignedInUser> {
  const user = await requireUser(request, db);
  requirePermission(user, funcCode);
  return user;
}

export const isMaster = (user: Pick<SignedInUser, "masterUserId">) => user.masterUserId === null;
