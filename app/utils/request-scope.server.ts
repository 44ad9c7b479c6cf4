import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Values read once per HTTP request and shared by every loader of that request. Remix hands each
 * loader its own copy of the Request (so a WeakMap on the Request never hits), but one page's
 * loaders (root, layout, page) all run inside server.ts's `runInRequestScope`: the signed-in
 * user is read there once instead of three times (decision 059).
 *
 * Only reads (GET, HEAD) get a scope: an action may change what it read (a role, the session)
 * before the same request renders the page again, and must then see the change.
 *
 * server.ts and the Remix build are bundled apart, each with its own copy of this module: the
 * storage lives under a global symbol so that both copies use the same one.
 */
const STORAGE = Symbol.for("dealer-shop.request-scope");
type Scope = Map<string, unknown>;
const globals = globalThis as typeof globalThis & { [STORAGE]?: AsyncLocalStorage<Scope> };
const storage = (globals[STORAGE] ??= new AsyncLocalStorage<Scope>());

export function runInRequestScope<T>(method: string, run: () => T): T {
  return method === "GET" || method === "HEAD" ? storage.run(new Map(), run) : run();
}

/** The value of `key` for this request: made by `make` the first time it is asked for. */
export function oncePerRequest<T>(key: string, make: () => T): T {
  const scope = storage.getStore();
  if (!scope) return make();
  if (!scope.has(key)) scope.set(key, make());
  return scope.get(key) as T;
}
