import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Values remembered for the length of one GET request. Remix hands every loader of a page its own
 * Request object, so a WeakMap keyed by the Request cannot share the signed-in user between the
 * root, layout and page loaders; server.ts runs each GET in a scope of its own instead. POSTs get
 * no scope (an action may change what the loaders after it must read afresh).
 *
 * One instance per process, shared by server.ts and the app bundle (they load this file as two
 * module copies), hence the global symbol.
 */
const KEY = Symbol.for("dealer-shop.request-scope");
const globals = globalThis as unknown as Record<symbol, AsyncLocalStorage<Map<string, unknown>> | undefined>;
export const requestScope: AsyncLocalStorage<Map<string, unknown>> = (globals[KEY] ??= new AsyncLocalStorage<Map<string, unknown>>());

/** The value under `key` in this request's scope, computed once; outside a scope, computed each time. */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const scope = requestScope.getStore();
  if (!scope) return compute();
  if (!scope.has(key)) scope.set(key, compute());
  return scope.get(key) as T;
}
