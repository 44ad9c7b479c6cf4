/**
 * Values remembered for the length of one GET request. Remix hands every loader of a page its own
 * Request object, so a WeakMap keyed by the Request cannot share the signed-in user between the
 * root, layout and page loaders. server.ts opens a scope for each GET and names it in a request
 * header, which every loader's copy of the Request carries; a header the client sent is always
 * replaced or removed. POSTs get no scope (an action may change what the loaders after it must
 * read afresh). A header, not AsyncLocalStorage: its hooks on every promise cost ~3 % of a page.
 *
 * One registry per process, shared by server.ts and the app bundle (they load this file as two
 * module copies), hence the global symbol.
 */
export const SCOPE_HEADER = "x-shop-request-scope";

const KEY = Symbol.for("dealer-shop.request-scopes");
const globals = globalThis as unknown as Record<symbol, { next: number; open: Map<string, Map<string, unknown>> } | undefined>;
const registry = (globals[KEY] ??= { next: 1, open: new Map() });

/** A new scope: its id (for the header) and how to end it (when the response is done). */
export function openRequestScope(): { id: string; close: () => void } {
  const id = String(registry.next++);
  registry.open.set(id, new Map());
  return { id, close: () => registry.open.delete(id) };
}

/** The value under `key` in this request's scope, computed once; outside a scope, computed each time. */
export function oncePerRequest<T>(request: Request, key: string, compute: () => T): T {
  const id = request.headers.get(SCOPE_HEADER);
  const scope = id ? registry.open.get(id) : undefined;
  if (!scope) return compute();
  if (!scope.has(key)) scope.set(key, compute());
  return scope.get(key) as T;
}
