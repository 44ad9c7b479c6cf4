import { z } from "zod";
import type { DB } from "~/db/db.server";

/**
 * The maintenance window (spec §4): system parameter `errorPage` holding
 * {"startTime": "...", "endTime": "..."} (ISO-8601). While the server time lies inside it,
 * every page goes to /errorPage. Read at most every 30 s.
 */
const Window = z.object({ startTime: z.string().datetime({ offset: true }), endTime: z.string().datetime({ offset: true }) });
const CACHE_MS = 30_000;
let cache: { at: number; window: { start: number; end: number } | null } | undefined;

export async function inMaintenance(db: DB, now = new Date()): Promise<boolean> {
  if (!cache || now.getTime() - cache.at > CACHE_MS) {
    const row = await db.selectFrom("sys_parameter").select("value").where("code", "=", "errorPage").executeTakeFirst();
    let window: { start: number; end: number } | null = null;
    if (row) {
      try {
        const w = Window.parse(JSON.parse(row.value));
        window = { start: Date.parse(w.startTime), end: Date.parse(w.endTime) };
      } catch {
        window = null; // a malformed setting must not take the shop down
      }
    }
    cache = { at: now.getTime(), window };
  }
  const w = cache.window;
  return !!w && now.getTime() >= w.start && now.getTime() < w.end;
}

export function clearMaintenanceCache() {
  cache = undefined;
}
