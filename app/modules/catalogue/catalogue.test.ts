import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { formatDate } from "~/i18n/format";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { getChildren, getCompatible, getCuttingData, getNodePath, getProductByCode, leafCodesUnder, listProducts, productsByIds } from "./catalogue.server";
import { addDays, canGoToCart, estimateShipDate } from "./offer";
import { getOffers } from "./offer.server";
import { runSelection } from "./selection.server";
import { insertTestCatalogue, testActor, type TestCatalogue } from "../../../tests/helpers/catalogue-fixtures";

describe("estimateShipDate and canGoToCart", () => {
  it.each([
    [{ available: 100, qty: 10, leadTimeDays: 21, today: "2026-11-21" }, "2026-11-21"],
    [{ available: 10, qty: 10, leadTimeDays: 21, today: "2026-11-21" }, "2026-11-21"],
    [{ available: 9, qty: 10, leadTimeDays: 21, today: "2026-11-21" }, "2026-12-12"],
    [{ available: 0, qty: 0, leadTimeDays: 3, today: "2026-12-30" }, "2027-01-02"],
  ])("%j → %s", (input, esd) => expect(estimateShipDate(input)).toBe(esd));
  it("adds days across months", () => expect(addDays("2028-02-28", 1)).toBe("2028-02-29"));
  it.each([
    [{ hasPrice: true, canOrder: true, status: "active", available: 0 }, true],
    [{ hasPrice: false, canOrder: true, status: "active", available: 5 }, false],
    [{ hasPrice: true, canOrder: false, status: "active", available: 5 }, false],
    [{ hasPrice: true, canOrder: true, status: "delisted", available: 0 }, false],
    [{ hasPrice: true, canOrder: true, status: "delisted", available: 3 }, true],
  ])("canGoToCart(%j) = %s", (input, ok) => expect(canGoToCart(input)).toBe(ok));
});

describe.each(testDatabases())("catalogue on $name", ({ url }) => {
  let db: DB;
  let tc: TestCatalogue;
  withFreshDb(url, async (fresh) => {
    db = fresh;
    tc = await insertTestCatalogue(db);
  });

  it("shows only nodes with the show flag, with breadcrumbs", async () => {
    expect((await getChildren(db, null, "en")).map((n) => n.code)).toEqual(["T", "H"]);
    expect((await getChildren(db, "T01", "zh")).map((n) => n.code)).toEqual(["T0101"]);
    expect((await getNodePath(db, "T010101", "en"))?.map((n) => n.label)).toEqual(["Turning", "Turning inserts", "Negative inserts", "Steel"]);
    expect(await getNodePath(db, "T0102", "en")).toBeNull();
    expect(await getNodePath(db, "nope", "en")).toBeNull();
    expect(await leafCodesUnder(db, { code: "T", level: 1 })).toEqual(expect.arrayContaining(["T010101", "T010102"]));
  });

  it("lists products paged and sorted", async () => {
    const codes = ["T010101", "T010102"];
    const first = await listProducts(db, { catalogueCodes: codes, sort: "code", page: 1, lang: "en", pageSize: 3 });
    expect(first.total).toBe(8);
    expect(first.rows.map((r) => r.orderingCode)).toEqual(["CNMG120404-DM YBC252", "CNMG120408-DM YBC252", "CNMG120408-PM YBC152"]);
    const desc = await listProducts(db, { catalogueCodes: codes, sort: "-code", page: 1, lang: "en", pageSize: 2 });
    expect(desc.rows[0].orderingCode).toBe("XCNMG120408 SPECIAL");
    const price = await listProducts(db, { catalogueCodes: codes, sort: "-price", page: 3, lang: "en", pageSize: 3 });
    expect(price.rows.at(-1)?.orderingCode).toBe("CNMG120412-DR YBC352"); // on request last
    // a page past the end is empty, with the true total (the pager offers the last page)
    const beyond = await listProducts(db, { catalogueCodes: codes, sort: "code", page: 99_999, lang: "en", pageSize: 3 });
    expect(beyond).toEqual({ rows: [], total: 8 });
    const all = await listProducts(db, { catalogueCodes: codes, sort: "code", page: 1, lang: "en", pageSize: 8 });
    const last = await listProducts(db, { catalogueCodes: codes, sort: "code", page: 3, lang: "en", pageSize: 3, total: 8 });
    expect(last.rows.map((r) => r.orderingCode)).toEqual(all.rows.slice(6).map((r) => r.orderingCode));
    // pages merged from each node's head of an index (decision 059) read as one sorted list, in each order
    for (const sort of ["code", "-code", "new"] as const) {
      const whole = (await listProducts(db, { catalogueCodes: codes, sort, page: 1, lang: "en", pageSize: 8 })).rows.map((r) => r.orderingCode);
      const paged: string[] = [];
      for (let page = 1; page <= 4; page++)
        paged.push(...(await listProducts(db, { catalogueCodes: codes, sort, page, lang: "en", pageSize: 2, total: 8 })).rows.map((r) => r.orderingCode));
      expect(paged).toEqual(whole);
    }
  });

  it("prices: customer discount, customer price list, sub-account +10 %, hidden without permission", async () => {
    const ids = [tc.products["CNMG120404-DM YBC252"], tc.products["CNMG120408-PM YBC152"], tc.products["CNMG120412-DR YBC352"]];
    const master = await getOffers(db, testActor(tc, "master"), ids);
    expect(master.get(ids[0])?.price).toBe(3800); // 4000 less 5 %
    expect(master.get(ids[1])?.price).toBe(3000); // price list entry
    expect(master.get(ids[2])?.price).toBeNull();
    expect(master.get(ids[2])?.priceOnRequest).toBe(true);
    expect(master.get(ids[2])?.canAddToCart).toBe(false);
    const sub = await getOffers(db, testActor(tc, "sub"), ids);
    expect(sub.get(ids[0])?.price).toBe(4180);
    expect(sub.get(ids[1])?.price).toBe(3300);
    const blind = await getOffers(db, testActor(tc, "blind"), ids);
    expect(blind.get(ids[0])).toMatchObject({ price: null, stock: null, esd: null, priceVisible: false, stockVisible: false, canAddToCart: false });
    const anonymous = await getOffers(db, null, ids);
    expect(anonymous.get(ids[0])).toMatchObject({ price: null, stock: null, canAddToCart: false });
    const other = await getOffers(db, testActor(tc, "other"), ids);
    expect(other.get(ids[1])?.price).toBe(3600); // dealer B has no price list entry and no discount
    // a list passes the product rows it read: the same offers as reading them afresh
    const rows = await productsByIds(db, ids, "zh");
    const passed = await getOffers(db, testActor(tc, "sub"), ids, { products: rows.map((r) => r.offerBase) });
    expect([...passed.entries()]).toEqual([...sub.entries()]);
    // rows that do not cover every id are not trusted: the offers are read afresh
    const partial = await getOffers(db, testActor(tc, "sub"), ids, { products: rows.slice(0, 1).map((r) => ({ ...r.offerBase, list_price: 1 })) });
    expect(partial.get(ids[0])?.price).toBe(4180);
  });

  it("stock per tenant and ESD from lead time when stock is short", async () => {
    const short = tc.products["CNMG120404-DM YBC252"];
    const plenty = tc.products["CNMG120408-DM YBC252"];
    const now = new Date("2026-11-21T04:00:00Z");
    const t1 = await getOffers(db, testActor(tc, "master"), [short, plenty], { now });
    expect(t1.get(plenty)).toMatchObject({ stock: 500, esd: formatDate(now) });
    expect(t1.get(short)).toMatchObject({ stock: 5, esd: "2026-12-12" });
    const t2 = await getOffers(db, testActor(tc, "master", "t2"), [plenty], { now });
    expect(t2.get(plenty)).toMatchObject({ stock: 0, esd: "2026-12-21" });
  });

  it("shows the stock the cart sells from: an order's reservation is counted once", async () => {
    const plenty = tc.products["CNMG120408-DM YBC252"];
    const tenantId = (await db.selectFrom("stock").select("tenant_id").where("product_id", "=", plenty).where("available", "=", 500).executeTakeFirstOrThrow())
      .tenant_id;
    // what order submission does: 20 pieces move from available to reserved
    await db.updateTable("stock").set({ available: 480, reserved: 20 }).where("product_id", "=", plenty).where("tenant_id", "=", tenantId).execute();
    const offers = await getOffers(db, testActor(tc, "master"), [plenty]);
    expect(offers.get(plenty)).toMatchObject({ stock: 480 });
    await db.updateTable("stock").set({ available: 500, reserved: 0 }).where("product_id", "=", plenty).where("tenant_id", "=", tenantId).execute();
  });

  it("promotion tags: running promotions of the tenant only, promotion price per actor", async () => {
    const flash = tc.products["CNMG120408-DM YBC252"];
    const sale = tc.products["DNMG150608-DM YBC252"];
    const expired = tc.products["CNMG120404-DM YBC252"];
    const delisted = tc.products["TNMG160408-MM YBM251"];
    const m = await getOffers(db, testActor(tc, "master"), [flash, sale, expired, delisted]);
    expect(m.get(flash)?.tags.map((t) => t.kind)).toEqual(["flash", "hot"]);
    expect(m.get(flash)?.tags[0]).toMatchObject({ promoPrice: 2990, flashRemaining: 80, perCustomerLimit: 50 });
    expect(m.get(sale)?.tags.map((t) => t.kind)).toEqual(["sale", "new"]);
    expect(m.get(sale)?.tags[0]).toMatchObject({ promoPrice: 3420, minQty: 20 }); // 3800 less 10 %
    // from 20 pieces only: the list shows the normal price and "from 20 pcs" (decision 074)
    expect(m.get(sale)).toMatchObject({ price: 3800, bestPromoPrice: null, promoTiers: [{ qty: 20, price: 3420 }] });
    expect(m.get(flash)).toMatchObject({ bestPromoPrice: 2990, promoTiers: [] });
    expect(m.get(expired)?.tags).toEqual([]);
    expect(m.get(delisted)?.tags.map((t) => t.kind)).toEqual(["out"]);
    const s = await getOffers(db, testActor(tc, "sub"), [flash]);
    expect(s.get(flash)?.bestPromoPrice).toBe(3289);
    const t2 = await getOffers(db, testActor(tc, "master", "t2"), [flash]);
    expect(t2.get(flash)?.tags.map((t) => t.kind)).toEqual(["hot"]);
  });

  it("detail: attributes, cutting data per material group, compatible products both ways", async () => {
    const p = await getProductByCode(db, "CNMG120408-DM YBC252", "zh");
    expect(p?.attributes).toMatchObject({ ic: 12.7 });
    // the detail goes to the browser as it is: no list price in it (only offers carry prices)
    expect(JSON.stringify(p)).not.toMatch(/list_price|offerBase/);
    const cd = await getCuttingData(db, p!);
    expect(cd.rows.map((r) => [r.group, r.recommended])).toEqual([
      ["P", true],
      ["M", false],
      ["K", true],
      ["N", false],
      ["S", false],
      ["H", false],
    ]);
    expect(cd.rows[0].vc).toEqual([180, 300]);
    expect((await getCompatible(db, p!, "en")).map((r) => r.orderingCode)).toEqual(["PCLNR2525M12"]);
    const holder = await getProductByCode(db, "PCLNR2525M12", "en");
    const inserts = (await getCompatible(db, holder!, "en")).map((r) => r.orderingCode);
    expect(inserts).toContain("CNMG120408-DM YBC252");
    expect(inserts).not.toContain("TNMG160408-MM YBM251");
    expect(await getProductByCode(db, "nope", "en")).toBeNull();
  });

  it("selection: filters with counts per option", async () => {
    const all = await runSelection(db, { filters: { node: "T" }, page: 1, lang: "en" });
    expect(all.total).toBe(7); // active products under Turning
    expect(all.facets.shape).toEqual([
      { value: "C", count: 4 },
      { value: "D", count: 1 },
      { value: "W", count: 1 },
    ]);
    const k = await runSelection(db, { filters: { node: "T", material: "K" }, page: 1, lang: "en" });
    expect(k.total).toBe(k.facets.material.find((m) => m.value === "K")?.count);
    const c = await runSelection(db, { filters: { node: "T", shape: "C", radius: "0.8" }, page: 1, lang: "en" });
    expect(c.rows.map((r) => r.orderingCode)).toEqual(["CNMG120408-DM YBC252", "CNMG120408-PM YBC152"]);
    // the shape facet counts ignore the shape filter itself
    expect(c.facets.shape.find((s) => s.value === "D")?.count).toBe(1);
    const none = await runSelection(db, { filters: { node: "hidden-or-unknown" }, page: 1, lang: "en" });
    expect(none.total).toBe(0);
  });
});
