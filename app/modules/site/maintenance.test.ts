import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { clearMaintenanceCache, inMaintenance } from "./maintenance.server";

describe.each(testDatabases())("maintenance window on $name", ({ url }) => {
  let db: DB;
  beforeAll(async () => {
    db = await freshDb(await url());
  });
  afterAll(async () => db?.destroy());
  beforeEach(() => clearMaintenanceCache());

  const setWindow = async (value: string) => {
    await db.deleteFrom("sys_parameter").where("code", "=", "errorPage").execute();
    await db.insertInto("sys_parameter").values({ code: "errorPage", value, description: "maintenance" }).execute();
  };

  it("is off without the parameter", async () => {
    expect(await inMaintenance(db, new Date("2026-11-21T12:00:00Z"))).toBe(false);
  });

  it("is on only between start and end", async () => {
    await setWindow(JSON.stringify({ startTime: "2026-11-21T12:00:00Z", endTime: "2026-11-21T14:00:00Z" }));
    expect(await inMaintenance(db, new Date("2026-11-21T11:59:59Z"))).toBe(false);
    clearMaintenanceCache();
    expect(await inMaintenance(db, new Date("2026-11-21T12:00:00Z"))).toBe(true);
    clearMaintenanceCache();
    expect(await inMaintenance(db, new Date("2026-11-21T14:00:00Z"))).toBe(false);
  });

  it("ignores a malformed setting instead of failing every page", async () => {
    await setWindow("{not json");
    expect(await inMaintenance(db, new Date("2026-11-21T12:00:00Z"))).toBe(false);
  });
});
