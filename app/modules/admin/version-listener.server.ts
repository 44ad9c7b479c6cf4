import pg from "pg";
import type { DB } from "~/db/db.server";
import type { VersionKey } from "./versions.server";

/**
 * Cache invalidation across server processes on PostgreSQL (issue 31 item 3): one connection per
 * process listens on one channel; each change to a cached table (bumpVersion) notifies its new
 * counter, and the process keeps the counters it was told. `readVersion` answers from them
 * without a query while the connection is up. What it does not know (at start, after a
 * reconnect, after `BACKSTOP_MS`) it reads from `data_version` once — so a notification lost while
 * the connection was down costs at most one read, never a stale page. Counters only go up, so a
 * read and a notification racing each other keep the larger.
 */
export const VERSION_CHANNEL = "data_version";
/** a counter known from a notification or a read is trusted this long, then read again */
const BACKSTOP_MS = 30_000;
const RECONNECT_MS = 1_000;
/** how long a process's own change waits to be seen (its transaction rolled back, it never will be) */
const OWN_CHANGE_MS = 10_000;

interface ListenerState {
  connected: boolean;
  schema: string;
  known: Map<string, { version: number; at: number }>;
}

declare global {
  // server.ts (which starts the listener) and the Remix build (whose caches ask it) are bundled
  // apart, each with its own copy of this module: the listeners live on the process, as the DB does.
  var __versionListeners: WeakMap<DB, ListenerState> | undefined;
  var __ownVersionChanges: Map<string, { version: number; at: number }> | undefined;
}
const listeners = (globalThis.__versionListeners ??= new WeakMap<DB, ListenerState>());
/**
 * Counters this process itself set and has not yet seen come back. Its own notification arrives
 * a moment after the commit — after the redirect that follows a save may already be read — so
 * until the process knows its own counter it reads the table (the save's next page shows the
 * change). Kept by key only, not by database: in a process with several (tests), another
 * database's cache merely reads its table for that moment too.
 */
const ownChanges = (globalThis.__ownVersionChanges ??= new Map());

/** The counter this process was told for `db`, when it listens and knows it; else undefined (read it). */
export function knownVersion(db: DB, key: VersionKey): number | undefined {
  const state = listeners.get(db);
  if (!state?.connected) return undefined;
  const entry = state.known.get(key);
  if (!entry || Date.now() - entry.at > BACKSTOP_MS) return undefined;
  const own = ownChanges.get(key);
  if (own && entry.version < own.version && Date.now() - own.at < OWN_CHANGE_MS) return undefined;
  return entry.version;
}

/** This process set `key`'s counter to `version` (in a transaction not yet committed, perhaps). */
export function changedVersion(key: VersionKey, version: number) {
  ownChanges.set(key, { version, at: Date.now() });
}

/** A counter read from the table, kept while the process listens. */
export function learnVersion(db: DB, key: VersionKey, version: number) {
  const state = listeners.get(db);
  if (state?.connected) remember(state, key, version);
}

function remember(state: ListenerState, key: string, version: number) {
  const before = state.known.get(key)?.version ?? 0;
  state.known.set(key, { version: Math.max(before, version), at: Date.now() });
}

export interface VersionListener {
  /** resolves once the first LISTEN is in place (tests wait for it) */
  ready: Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Listens for `db`'s changes over a connection of its own to `url` (the DATABASE_URL; its
 * `schema` parameter, as the tests use it, picks the notifications of that schema). On an error
 * or a lost connection everything known is dropped (the caches then read their counters again)
 * and the listener connects again after a second.
 */
export function listenForVersions(db: DB, url: string, onError: (error: unknown) => void = () => {}): VersionListener {
  const parsed = new URL(url);
  const state: ListenerState = { connected: false, schema: parsed.searchParams.get("schema") ?? "public", known: new Map() };
  parsed.searchParams.delete("schema");
  listeners.set(db, state);
  let client: pg.Client | null = null;
  let stopped = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const lost = (error?: unknown) => {
    if (error) onError(error);
    state.connected = false;
    state.known.clear();
    const old = client;
    client = null;
    old?.removeAllListeners();
    void old?.end().catch(() => {});
    if (!stopped) setTimeout(connect, RECONNECT_MS).unref();
  };

  async function connect() {
    if (stopped || client) return;
    const c = new pg.Client({ connectionString: parsed.toString() });
    client = c;
    c.on("notification", (message) => {
      const [schema, key, version] = (message.payload ?? "").split(":");
      if (schema === state.schema && key && Number.isFinite(Number(version))) remember(state, key, Number(version));
    });
    c.on("error", lost);
    c.on("end", () => client === c && lost());
    try {
      await c.connect();
      await c.query(`LISTEN ${VERSION_CHANNEL}`);
      state.known.clear();
      state.connected = true;
      markReady();
    } catch (error) {
      if (client === c) lost(error);
    }
  }

  void connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      state.connected = false;
      listeners.delete(db);
      const c = client;
      client = null;
      c?.removeAllListeners();
      await c?.end().catch(() => {});
    },
  };
}
