import { redirect } from "@remix-run/node";
import { NotFoundError } from "~/modules/errors";
import type { DB } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { type SessionUser } from "~/modules/auth/sessions.server";
import { getOptionalSessionUser } from "~/utils/session.server";

/** Admin-style routes sign in at /login; every other route at the shop login (spec §2, §6). */
function loginPathFor(pathname: string): string {
  return pathname.startsWith("/profile") || pathname.startsWith("/401") ? "/login" : "/shop_login";
}

/**
 * The signed-in user, or a redirect to the login page with the page to return to
 * (the login page then shows 'You are not logged in, please log in first').
 */
export async function requireUser(request: Request, db: DB = getDb()): Promise<SessionUser> {
  const user = await getOptionalSessionUser(request, db);
  if (user) return user;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`${loginPathFor(url.pathname)}?redirect=${encodeURIComponent(back)}`);
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

/** Function codes (menu children of type func) granted to the user through the menus of the user's roles. */
export async function getFunctionCodes(db: DB, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom("user_role as ur")
    .innerJoin("role_menu as rm", "rm.role_id", "ur.role_id")
    .innerJoin("menu as m", "m.id", "rm.menu_id")
    .select("m.func_code")
    .where("ur.user_id", "=", userId)
    .where("m.type", "=", "func")
    .where("m.func_code", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.func_code!));
}

/** The user must be granted this function code (spec §6 "page-level functions"). */
export async function requireFunction(request: Request, funcCode: string, db: DB = getDb()): Promise<SessionUser> {
  const user = await requireUser(request, db);
  const codes = await getFunctionCodes(db, user.id);
  if (!codes.has(funcCode)) forbidden();
  return user;
}

export const isMaster = (user: Pick<SessionUser, "masterUserId">) => user.masterUserId === null;
