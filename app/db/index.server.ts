import { getEnv } from "~/env.server";
import { createDb, type DB } from "./db.server";

declare global {
  // One database handle per process, shared by server.ts and the Remix build (and kept across dev rebuilds).
  var __shopDb: DB | undefined;
}

export function getDb(): DB {
  globalThis.__shopDb ??= createDb(getEnv().DATABASE_URL);
  return globalThis.__shopDb;
}
