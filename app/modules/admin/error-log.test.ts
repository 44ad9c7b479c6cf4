import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { ERROR_LOG_KEEP_DAYS, ERROR_LOG_PER_HOUR, listServerErrors, recordServerError } from "./error-log.server";

describe.each(testDatabases())("error log on $name", ({ url }) => {
  let db: DB;
  beforeAll(async () => {
    db = await freshDb(await url());
  });
  afterAll(async () => db?.destroy());

  it("lists errors newest first, a page at a time", async () => {
    await recordServerError(db, { method: "GET", path: "/a", message: "first", stack: "Error: first\n    at x" }, new Date("2026-11-25T10:00:00Z"));
    await recordServerError(db, { method: "POST", path: "/b", message: "second" }, new Date("2026-11-25T10:01:00Z"));
    const { total, rows } = await listServerErrors(db, 1);
    expect(total).toBe(2);
    expect(rows.map((r) => [r.method, r.path, r.message, r.stack])).toEqual([
      ["POST", "/b", "second", null],
      ["GET", "/a", "first", "Error: first\n    at x"],
    ]);
    expect(rows[0].created_at).toBe("2026-11-25T10:01:00.000Z");
  });

  it(`keeps errors ${ERROR_LOG_KEEP_DAYS} days, and writes at most ${ERROR_LOG_PER_HOUR} an hour, so a flood cannot push older rows out`, async () => {
    await db.deleteFrom("error_log").execute();
    const day = (d: number, minute = 0) => new Date(Date.UTC(2026, 10, d, 8, minute));
    expect(await recordServerError(db, { method: "GET", path: "/old", message: "five weeks ago" }, new Date(Date.UTC(2026, 9, 20, 8)))).toBe(true);
    expect(await recordServerError(db, { method: "GET", path: "/week", message: "last week" }, day(18))).toBe(true);
    // a flood: the first ERROR_LOG_PER_HOUR in an hour are written, the rest are not
    for (let i = 0; i < ERROR_LOG_PER_HOUR + 40; i++)
      await recordServerError(db, { method: "GET", path: `/p${i}`, message: `flood ${i}` }, new Date(day(25).getTime() + i * 1000));
    const flooded = await listServerErrors(db, 1);
    // last week's row is still there; the one older than 30 days went at the next write
    expect(flooded.total).toBe(ERROR_LOG_PER_HOUR + 1);
    expect(flooded.rows[0].message).toBe(`flood ${ERROR_LOG_PER_HOUR - 1}`);
    const paths = (await db.selectFrom("error_log").select("path").execute()).map((r) => r.path);
    expect(paths).toContain("/week");
    expect(paths).not.toContain("/old");
    // an hour later errors are written again
    expect(await recordServerError(db, { method: "GET", path: "/later", message: "an hour later" }, day(25, 61))).toBe(true);
  });
});
