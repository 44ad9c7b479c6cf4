import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { createExport, openExport, pruneExportParts, removeExport } from "./export-store.server";

// The database store (decision 085), as a cluster runs it; read before the environment is first read.
process.env.FILE_STORE = "database";

/**
 * The feed exports in the database: written in parts of about 1 MB, read back whole by any
 * instance, a replaced export's parts kept an hour for downloads under way, then deleted.
 */
describe.each(testDatabases())("feed exports in the database on $name", ({ url }) => {
  let db: DB;
  withFreshDb(url, (fresh) => {
    db = fresh;
  });
  const key = (n: number) => `${String(n).padStart(32, "a")}.csv`;
  const readAll = async (fileKey: string) => {
    const stream = await openExport(db, fileKey);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const parts = async (fileKey: string) =>
    (await db.selectFrom("feed_export_part").select("part").where("file_key", "=", fileKey).orderBy("part").execute()).map((r) => r.part);

  it("writes an export in parts as it goes and reads it back byte for byte", async () => {
    const out = await createExport(db, key(1));
    let expected = "\ufefforderingCode,price\r\n";
    await out.write(expected);
    for (let i = 0; i < 40_000; i++) {
      const line = `CNMG120408-DM YBC252-${i},${(i % 997) / 10},刀片\r\n`;
      expected += line;
      await out.write(line);
    }
    await out.finish();
    expect((await parts(key(1))).length).toBeGreaterThanOrEqual(2); // about 1.4 MB
    expect(await readAll(key(1))).toBe(expected);
  });

  it("answers null for an export that does not exist or cannot be a key; an aborted export leaves nothing", async () => {
    expect(await openExport(db, key(2))).toBeNull();
    expect(await openExport(db, "../../etc/passwd")).toBeNull();
    const out = await createExport(db, key(3));
    await out.write("x".repeat(1_100_000));
    await out.abort();
    expect(await parts(key(3))).toEqual([]);
  });

  it("keeps a replaced export an hour for downloads under way, then deletes it; the current one stays", async () => {
    const current = await createExport(db, key(4));
    await current.write("current");
    await current.finish();
    await db
      .insertInto("feed_export")
      .values({ customer_id: 1, file_key: key(4), rows: 1 })
      .execute(); // a customer's current export
    await removeExport(db, key(1)); // replaced
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await pruneExportParts(db, later(30))).toBe(0);
    expect(await readAll(key(1))).not.toBeNull();
    expect(await pruneExportParts(db, later(61))).toBeGreaterThanOrEqual(2);
    expect(await readAll(key(1))).toBeNull();
    expect(await pruneExportParts(db, later(24 * 60))).toBe(0);
    expect(await readAll(key(4))).toBe("current");
  });
});
