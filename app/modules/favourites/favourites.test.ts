import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { insertTestCatalogue, type TestCatalogue } from "../../../tests/helpers/catalogue-fixtures";
import { recentViews, recordView } from "../footprint/footprint.server";
import { addFavourite, favouriteSet, listFavouriteIds, removeFavourite } from "./favourites.server";

describe.each(testDatabases())("favourites and footprint on $name", ({ url }) => {
  let db: DB;
  let tc: TestCatalogue;
  withFreshDb(url, async (fresh) => {
    db = fresh;
    tc = await insertTestCatalogue(db);
  });

  it("adds, lists and removes per user; refuses items without price", async () => {
    const master = { id: tc.users.master, tenantId: tc.tenants.t1 };
    const sub = { id: tc.users.sub, tenantId: tc.tenants.t1 };
    const a = tc.products["CNMG120408-DM YBC252"];
    const b = tc.products["PCLNR2525M12"];
    expect(await addFavourite(db, master, a)).toEqual({ ok: true });
    expect(await addFavourite(db, master, a)).toEqual({ ok: true }); // twice is fine
    expect(await addFavourite(db, master, b)).toEqual({ ok: true });
    expect(await addFavourite(db, master, tc.products["CNMG120412-DR YBC352"])).toEqual({ ok: false, error: { key: "catalogue:favourite.priceEmpty" } });
    expect(await addFavourite(db, master, 999999)).toEqual({ ok: false, error: { key: "catalogue:favourite.notFound" } });
    expect(new Set(await listFavouriteIds(db, master))).toEqual(new Set([a, b]));
    expect(await listFavouriteIds(db, sub)).toEqual([]);
    expect(await favouriteSet(db, master, [a, tc.products["DNMG150608-DM YBC252"]])).toEqual(new Set([a]));
    await removeFavourite(db, sub, a); // another user's removal changes nothing
    expect(await listFavouriteIds(db, master)).toHaveLength(2);
    await removeFavourite(db, master, a);
    expect(await listFavouriteIds(db, master)).toEqual([b]);
  });

  it("records the browsing footprint, latest view first", async () => {
    const u = { id: tc.users.sub };
    await recordView(db, u, tc.products["PCLNR2525M12"], new Date("2026-11-21T01:00:00Z"));
    await recordView(db, u, tc.products["CNMG120408-DM YBC252"], new Date("2026-11-21T02:00:00Z"));
    await recordView(db, u, tc.products["PCLNR2525M12"], new Date("2026-11-21T03:00:00Z"));
    expect((await recentViews(db, u)).map((v) => v.productId)).toEqual([tc.products["PCLNR2525M12"], tc.products["CNMG120408-DM YBC252"]]);
  });
});
