import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DB } from "~/db/db.server";
import { testDatabases, freshDb } from "../../../tests/helpers/db";
import { getMenuModel, saveMenu, type MenuInput } from "./menus.server";
import { getParameter, listParameters, saveParameter } from "./parameters.server";
import { knownVersion, listenForVersions, type VersionListener } from "./version-listener.server";
import { bumpVersion, readVersion } from "./versions.server";

const postgres = testDatabases().find((d) => d.name === "postgres");

/** Polls until `check` holds, at most `ms` (a notification travels through the server). */
async function within(ms: number, check: () => Promise<boolean> | boolean) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/**
 * Issue 31 item 3: two server processes on one PostgreSQL database, each with its own handle (as
 * two instances behind a proxy have). The listening one hears of a change the other makes and
 * answers the counters without reading them; what it has not heard of it reads once.
 */
describe.skipIf(!postgres)("cache invalidation across processes through LISTEN/NOTIFY (PostgreSQL)", () => {
  let url: string;
  let listening: DB;
  let other: DB;
  let listener: VersionListener;
  beforeAll(async () => {
    url = await postgres!.url();
    listening = await freshDb(url);
    other = createDb(url);
    listener = listenForVersions(listening, url);
    await listener.ready;
  });
  afterAll(async () => {
    await listener.stop();
    await listening.destroy();
    await other.destroy();
  });

  it("a counter bumped by another process is known here within a second, without a read", async () => {
    const before = await readVersion(listening, "menu");
    expect(knownVersion(listening, "menu")).toBe(before);
    await bumpVersion(other, "menu");
    expect(await within(1000, () => knownVersion(listening, "menu") === before + 1)).toBe(true);
    expect(await readVersion(listening, "menu")).toBe(before + 1);
  });

  it("a change rolled back notifies nobody", async () => {
    const before = await readVersion(listening, "sys_parameter");
    await other
      .transaction()
      .execute(async (tx) => {
        await bumpVersion(tx, "sys_parameter");
        throw new Error("rolled back");
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    // no counter came: the table's is still the one before (this process reads it for a moment, its own change being unseen)
    expect(await readVersion(listening, "sys_parameter")).toBe(before);
  });

  it("the process that saves a change shows it on its very next read, before its own notification comes back", async () => {
    const admin = { id: 1, code: "EMP000001", tenantId: null };
    const parameter = { code: "sys.test.own", value: "first", description: "" };
    expect(await saveParameter(listening, admin, { ...parameter, isNew: true })).toEqual({ ok: true, value: undefined });
    expect((await getParameter(listening, parameter.code)).value).toBe("first");
    // the mechanism, without the race: from its own bump until it knows the new counter, the process reads the table
    await readVersion(listening, "catalogue");
    await listening.transaction().execute(async (tx) => {
      await bumpVersion(tx, "catalogue");
      expect(knownVersion(listening, "catalogue")).toBeUndefined();
    });
    for (const value of ["second", "third", "fourth"]) {
      expect(await saveParameter(listening, admin, { ...parameter, value, isNew: false })).toEqual({ ok: true, value: undefined });
      expect((await getParameter(listening, parameter.code)).value).toBe(value);
    }
  });

  it("a menu renamed and a parameter changed through the other process show here at once", async () => {
    const admin = { id: 1, code: "EMP000001", tenantId: null };
    const menu = { ...MENU, name: "listenerTest", titleZh: "监听测试", titleEn: "Listener test" };
    const created = await saveMenu(other, admin, null, menu);
    if (!created.ok) throw new Error(created.error.key);
    expect(await within(1000, async () => (await getMenuModel(listening)).rows.some((r) => r.id === created.value))).toBe(true);
    expect((await saveMenu(other, admin, created.value, { ...menu, titleEn: "Renamed elsewhere" })).ok).toBe(true);
    expect(await within(1000, async () => (await getMenuModel(listening)).rows.find((r) => r.id === created.value)?.title_en === "Renamed elsewhere")).toBe(
      true,
    );

    const parameter = { code: "sys.test.listener", value: "one", description: "" };
    expect(await saveParameter(other, admin, { ...parameter, isNew: true })).toEqual({ ok: true, value: undefined });
    expect(await within(1000, async () => (await listParameters(listening)).some((p) => p.code === parameter.code && p.value === "one"))).toBe(true);
    expect(await saveParameter(other, admin, { ...parameter, value: "two", isNew: false })).toEqual({ ok: true, value: undefined });
    expect(await within(1000, async () => (await getParameter(listening, parameter.code)).value === "two")).toBe(true);
  });

  it("a process that does not listen reads its counters, as on SQLite", async () => {
    const before = await readVersion(other, "catalogue");
    expect(knownVersion(other, "catalogue")).toBeUndefined();
    await bumpVersion(listening, "catalogue");
    expect(await readVersion(other, "catalogue")).toBe(before + 1);
  });
});

const MENU: MenuInput = {
  area: "admin",
  parentId: null,
  type: "menu",
  name: "",
  titleZh: "",
  titleEn: "",
  href: "/system/listenerTest",
  funcCode: null,
  icon: null,
  redirect: null,
  activeMenu: null,
  sort: 999,
  hidden: false,
  alwaysShow: false,
  noCache: false,
  breadcrumb: true,
  affix: false,
  zhOnly: false,
};
