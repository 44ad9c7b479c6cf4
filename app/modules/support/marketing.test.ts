import { newSubmitToken } from "~/modules/orders/submit.server";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { listMarketingItems, saveMarketingItem } from "./marketing-items.server";
import {
  createMarketingRequest,
  decideRequest,
  getDealerRequest,
  getStaffRequest,
  listDealerRequests,
  listStaffRequests,
  type StaffActor,
} from "./requests.server";
import { SUPPORT_PAGE_SIZE } from "./status";
import { shopToday } from "~/i18n/format";

const day = (offset: number) => shopToday(new Date(Date.now() + offset * 86_400_000));

describe.each(testDatabases())("marketing support on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let other: Fixture;
  let staff: StaffActor;
  let poster: number;
  let catalogue: number;

  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    other = await makeFixture(db);
    staff = { id: fx.a.id, code: "EMP000003", tenantId: fx.tenantId };
    const p = await saveMarketingItem(db, staff, null, { nameZh: "产品海报", nameEn: "Poster", maxQty: 20, active: true, sort: 2 });
    const c = await saveMarketingItem(db, staff, null, { nameZh: "产品样本", nameEn: "Catalogue", maxQty: 100, active: true, sort: 1 });
    if (!p.ok || !c.ok) throw new Error("items");
    poster = p.value.id;
    catalogue = c.value.id;
  });

  const request = (token = newSubmitToken()) => ({
    token,
    endCustomer: "苏州某精密机械展会",
    purpose: "区域技术交流会",
    wantedDate: day(10),
    items: [
      { itemId: catalogue, qty: 50 },
      { itemId: poster, qty: 5 },
    ],
  });

  it("keeps the entity's item list: staff edit it, another entity's item is not found", async () => {
    expect((await listMarketingItems(db, fx.tenantId)).map((i) => i.name_en)).toEqual(["Catalogue", "Poster"]);
    expect(await saveMarketingItem(db, staff, poster, { nameZh: "产品海报", nameEn: "Poster", maxQty: 0, active: true, sort: 2 })).toEqual({
      ok: false,
      error: { key: "support:items.maxQtyRule", field: "maxQty" },
    });
    await expect(
      saveMarketingItem(db, { ...staff, tenantId: other.tenantId }, poster, { nameZh: "x", nameEn: "x", maxQty: 1, active: true, sort: 0 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await listMarketingItems(db, other.tenantId)).toEqual([]);
  });

  it("checks the request: active items of the entity, within their maximum, a wanted date from today", async () => {
    expect(await createMarketingRequest(db, fx.a, { ...request(), items: [] })).toEqual({ ok: false, error: { key: "support:request.noLines" } });
    expect(await createMarketingRequest(db, fx.a, { ...request(), items: [{ itemId: poster, qty: 21 }] })).toEqual({
      ok: false,
      error: { key: "support:marketing.qtyRange" },
    });
    expect(await createMarketingRequest(db, fx.a, { ...request(), wantedDate: day(-1) })).toEqual({
      ok: false,
      error: { key: "support:marketing.wantedDatePast" },
    });
    expect(await createMarketingRequest(db, other.a, request())).toEqual({ ok: false, error: { key: "support:marketing.unknownItem" } });
    const hidden = await saveMarketingItem(db, staff, null, { nameZh: "旧展柜", nameEn: "Old showcase", maxQty: 2, active: false, sort: 9 });
    expect(await createMarketingRequest(db, fx.a, { ...request(), items: [{ itemId: hidden.ok ? hidden.value.id : 0, qty: 1 }] })).toEqual({
      ok: false,
      error: { key: "support:marketing.unknownItem" },
    });
  });

  it("files a double post once, moves through the same state machine with notices, and only its customer sees it", async () => {
    const token = newSubmitToken();
    const [a, b] = await Promise.all([createMarketingRequest(db, fx.a, request(token)), createMarketingRequest(db, fx.a, request(token))]);
    expect(a).toEqual(b);
    if (!a.ok) throw new Error("not filed");
    expect(a.value.requestNo).toMatch(/^XC\d{11}$/);
    const r = await getDealerRequest(db, fx.a, "marketing", a.value.id);
    expect(r.items.map((i) => [i.name_zh, i.qty])).toEqual([
      ["产品样本", 50],
      ["产品海报", 5],
    ]);
    expect(r.wanted_date).toBe(day(10));
    await expect(getDealerRequest(db, fx.b, "marketing", a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getDealerRequest(db, fx.a, "sample", a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    const staffList = await listStaffRequests(db, staff, { kind: "marketing" });
    expect(staffList.find((x) => x.id === a.value.id)?.lines).toEqual([
      { code: "产品样本", en: "Catalogue", qty: 50 },
      { code: "产品海报", en: "Poster", qty: 5 },
    ]);
    // renaming an item later keeps the request's names
    await saveMarketingItem(db, staff, poster, { nameZh: "新海报", nameEn: "New poster", maxQty: 20, active: true, sort: 2 });
    expect((await getStaffRequest(db, staff, a.value.id)).items[1].name_zh).toBe("产品海报");

    const [x, y] = await Promise.all([decideRequest(db, staff, a.value.id, "approve", {}), decideRequest(db, staff, a.value.id, "approve", {})]);
    expect([x.ok, y.ok].sort()).toEqual([false, true]);
    expect(await decideRequest(db, staff, a.value.id, "ship", { trackingNo: "SF100" })).toEqual({ ok: true, value: { status: "shipped" } });
    const notices = await db.selectFrom("notice").select("type").where("detail_id", "=", a.value.id).where("type", "=", "marketing_support").execute();
    expect(notices).toHaveLength(2);
  });

  it("pages the dealer's list", async () => {
    for (let i = 0; i < SUPPORT_PAGE_SIZE; i++) await createMarketingRequest(db, fx.b, { ...request(), items: [{ itemId: catalogue, qty: 1 }] });
    const first = await listDealerRequests(db, fx.b, "marketing", 1);
    const second = await listDealerRequests(db, fx.b, "marketing", 2);
    expect(first.total).toBe(SUPPORT_PAGE_SIZE);
    expect(first.rows).toHaveLength(SUPPORT_PAGE_SIZE);
    expect(second.rows).toHaveLength(0);
    await createMarketingRequest(db, fx.b, { ...request(), items: [{ itemId: catalogue, qty: 1 }] });
    expect((await listDealerRequests(db, fx.b, "marketing", 2)).rows).toHaveLength(1);
  });
});
