import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { landingPage } from "~/modules/auth/login.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { checkParameter, isoToLocal, isLandingPath, localToIso, parseMaintenanceWindow } from "./parameters";
import { inMaintenance, landingParameter, saveParameter } from "./parameters.server";

describe("parameter rules", () => {
  it.each([
    ["", true],
    ["/promotion", true],
    ["/product/productThird?catalogueCode=L3", true],
    ["//evil.example", false],
    ["https://evil.example", false],
    ["promotion", false],
    ["/a b", false],
  ])("landing page %j is valid: %s", (value, ok) => expect(isLandingPath(value)).toBe(ok));

  it("a maintenance window needs two times with a zone, the end after the start", () => {
    expect(parseMaintenanceWindow(JSON.stringify({ startTime: "2026-11-21T12:00:00Z", endTime: "2026-11-21T14:00:00Z" }))).toEqual({
      start: Date.parse("2026-11-21T12:00:00Z"),
      end: Date.parse("2026-11-21T14:00:00Z"),
    });
    expect(parseMaintenanceWindow(JSON.stringify({ startTime: "2026-11-21T14:00:00Z", endTime: "2026-11-21T12:00:00Z" }))).toBeNull();
    expect(parseMaintenanceWindow("{not json")).toBeNull();
    expect(checkParameter("errorPage", "{}")).toBe("param.windowInvalid");
    expect(checkParameter("index", "//x")).toBe("param.landingInvalid");
    expect(checkParameter("anything", "free text")).toBeNull();
  });

  it("times typed on the screen are China time", () => {
    expect(localToIso("2026-11-25T08:30")).toBe("2026-11-25T08:30:00+08:00");
    expect(isoToLocal("2026-11-25T00:30:00Z")).toBe("2026-11-25T08:30");
  });
});

describe.each(testDatabases())("system parameters on $name", ({ url }) => {
  let db: DB;
  const admin = { id: 1, code: "EMP000001", tenantId: null };
  beforeAll(async () => {
    db = await freshDb(await url());
  });
  afterAll(async () => db?.destroy());

  const setWindow = (value: string, isNew = false) => saveParameter(db, admin, { code: "errorPage", value, description: "maintenance", isNew });

  it("maintenance is off without the parameter, on only between start and end, at once after a change", async () => {
    expect(await inMaintenance(db, new Date("2026-11-21T12:00:00Z"))).toBe(false);
    expect(await setWindow(JSON.stringify({ startTime: "2026-11-21T12:00:00Z", endTime: "2026-11-21T14:00:00Z" }), true)).toEqual({ ok: true });
    expect(await inMaintenance(db, new Date("2026-11-21T11:59:59Z"))).toBe(false);
    expect(await inMaintenance(db, new Date("2026-11-21T12:00:00Z"))).toBe(true);
    expect(await inMaintenance(db, new Date("2026-11-21T14:00:00Z"))).toBe(false);
    expect(await setWindow(JSON.stringify({ startTime: "2026-11-21T15:00:00Z", endTime: "2026-11-21T16:00:00Z" }))).toEqual({ ok: true });
    expect(await inMaintenance(db, new Date("2026-11-21T12:00:00Z"))).toBe(false);
  });

  it("refuses a malformed window and a second parameter of the same code, changing nothing", async () => {
    expect(await setWindow("{not json")).toEqual({ ok: false, error: { key: "admin:param.windowInvalid" } });
    expect(await setWindow(JSON.stringify({ startTime: "2026-11-21T15:00:00Z", endTime: "2026-11-21T16:00:00Z" }), true)).toEqual({
      ok: false,
      error: { key: "admin:param.codeTaken" },
    });
    expect(await inMaintenance(db, new Date("2026-11-21T15:30:00Z"))).toBe(true);
  });

  it("the landing page parameter decides where the root goes", async () => {
    expect(await landingParameter(db)).toBeNull();
    expect(await saveParameter(db, admin, { code: "index", value: "/promotion", description: "", isNew: true })).toEqual({ ok: true });
    expect(await landingPage(db, null)).toBe("/promotion");
    expect(await saveParameter(db, admin, { code: "index", value: "https://evil.example", description: "", isNew: false })).toEqual({
      ok: false,
      error: { key: "admin:param.landingInvalid" },
    });
    expect(await landingPage(db, { partiesId: null, roles: ["customer_master"] })).toBe("/promotion");
  });
});
