import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { ERROR_LOG_KEEP, ERROR_LOG_PAGE_SIZE, listServerErrors, recordServerError } from "./error-log.server";

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

  it(`keeps only the newest ${ERROR_LOG_KEEP}`, async () => {
    for (let i = 0; i < ERROR_LOG_KEEP + 5; i++) await recordServerError(db, { method: "GET", path: `/p${i}`, message: `error ${i}` });
    const first = await listServerErrors(db, 1);
    expect(first.total).toBe(ERROR_LOG_KEEP);
    expect(first.rows).toHaveLength(ERROR_LOG_PAGE_SIZE);
    expect(first.rows[0].message).toBe(`error ${ERROR_LOG_KEEP + 4}`);
    const last = await listServerErrors(db, ERROR_LOG_KEEP / ERROR_LOG_PAGE_SIZE);
    expect(last.rows.at(-1)!.message).toBe("error 5");
  });
});
