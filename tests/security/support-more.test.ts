import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Shop } from "./harness";
import {
  expectRequestFiledOnceEscaped,
  expectServiceCentrePage,
  expectStaffPage,
  postTwiceFilesOnce,
  startSupportShop,
  tokenOf,
  type SupportCast,
} from "./support-fixtures";

/**
 * Marketing support and stock reservation over HTTP (decision 052): who may open the pages and
 * their back office; cross-site posts refused; another customer's request or reservation is 404;
 * what a dealer types is escaped; double posts have one effect; approving reserves stock once.
 */
let shop: Shop;
let who: SupportCast;
beforeAll(async () => ({ shop, who } = await startSupportShop()));
afterAll(() => shop?.stop());

const centreMarketing = () =>
  shop.one<{ id: number }>(
    "select r.id from support_request r join app_user u on u.id = r.user_id where u.code = 'XCD000009' and r.kind = 'marketing' order by r.id limit 1",
  ).id;
const centreReservation = (status: string) =>
  shop.one<{ id: number }>(
    "select r.id from stock_reservation r join app_user u on u.id = r.user_id where u.code = 'XCD000009' and r.status = ? order by r.id limit 1",
    status,
  ).id;
const path = (p: string) => p.replace("MARKETING", String(centreMarketing())).replace("RESERVATION", String(centreReservation("approved")));
const item = () =>
  shop.one<{ id: number }>("select id from marketing_item where tenant_id = (select id from tenant where code = '1000') and active = 1 order by sort limit 1")
    .id;
const stockedCode = () =>
  shop.one<{ c: string; available: number }>(
    "select p.ordering_code c, s.available from stock s join product p on p.id = s.product_id where s.tenant_id = (select id from tenant where code = '1000') and p.status = 'active' and s.available between 20 and 500 order by p.id limit 1",
  );
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const ADMIN_PAGES: [string, string][] = [
  ["/system/support/items", "svc:marketing:edit"],
  ["/system/support/reservations", "svc:reserve:view"],
  ["/system/support/reservations/RESERVATION", "svc:reserve:view"],
  ["/system/support/MARKETING", "svc:support:view"],
];
const SHOP_PAGES = [
  "/customerSupport/broadcastSupport",
  "/customerSupport/broadcastSupport/new",
  "/customerSupport/broadcastSupport/MARKETING",
  "/customerSupport/standbyLibrary",
  "/customerSupport/standbyLibrary/new",
  "/customerSupport/standbyLibrary/RESERVATION",
];

describe("who may open the marketing-support and reservation pages", () => {
  it.each(ADMIN_PAGES)("%s: signed out → /login, dealer → 404, order desk → 403, customer support and administrator → 200", (page) =>
    expectStaffPage(shop, who, path(page)),
  );

  it.each(SHOP_PAGES)("%s: signed out → shop login, sub-account and staff → 403, the service centre → 200", (page) =>
    expectServiceCentrePage(shop, who, path(page)),
  );

  it("another customer's request or reservation is 404, the wrong kind's page too, and a nonsense id", async () => {
    expect((await shop.get(path("/customerSupport/broadcastSupport/MARKETING"), who.dealerA)).status).toBe(404);
    expect((await shop.get(path("/customerSupport/samplesSupport/MARKETING"), who.centre)).status).toBe(404);
    expect((await shop.get(path("/customerSupport/standbyLibrary/RESERVATION"), who.dealerA)).status).toBe(404);
    expect((await shop.post(path("/customerSupport/standbyLibrary/RESERVATION"), who.dealerA, { intent: "release" })).status).toBe(404);
    expect((await shop.get("/customerSupport/standbyLibrary/99999999", who.centre)).status).toBe(404);
    expect((await shop.get("/customerSupport/standbyLibrary/1e3", who.centre)).status).toBe(404);
    expect((await shop.get("/system/support/reservations/99999999", who.support)).status).toBe(404);
    const list = await (await shop.get("/customerSupport/standbyLibrary", who.dealerA)).text();
    const no = shop.one<{ n: string }>("select reservation_no n from stock_reservation where id = ?", centreReservation("approved")).n;
    expect(list).not.toContain(no);
  });

  it("the dealer lists are paged: a wrong page number is the first page, never an error", async () => {
    for (const p of [
      "/customerSupport/samplesSupport?page=abc",
      "/customerSupport/cutterSupport?page=-1",
      "/customerSupport/broadcastSupport?page=99",
      "/customerSupport/standbyLibrary?page=2",
    ]) {
      expect((await shop.get(p, who.centre)).status).toBe(200);
    }
  });
});

describe("the marketing-support forms", () => {
  it("refuse cross-site posts, file a double post once, escape what the dealer typed", async () => {
    const before = shop.one<{ n: number }>("select count(*) n from support_request").n;
    const token = await tokenOf(shop, "/customerSupport/broadcastSupport/new", who.centre);
    const fields = {
      token,
      endCustomer: "<script>alert('x')</script>展会",
      purpose: "<img src=x onerror=alert(1)>",
      wantedDate: day(5),
      "items[0].id": String(item()),
      "items[0].qty": "2",
    };
    expect((await shop.post("/customerSupport/broadcastSupport/new", who.centre, fields, { Origin: "https://evil.example" })).status).toBe(403);
    expect(shop.one<{ n: number }>("select count(*) n from support_request").n).toBe(before);
    // an item of the list with too many, a date in the past: 400 with the reason, nothing filed
    const tooMany = await shop.post("/customerSupport/broadcastSupport/new", who.centre, { ...fields, "items[0].qty": "9999" });
    expect(tooMany.status).toBe(400);
    const past = await shop.post("/customerSupport/broadcastSupport/new", who.centre, { ...fields, wantedDate: day(-3) });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("期望到货日期不能早于今天");
    expect((await shop.post("/customerSupport/broadcastSupport/new", who.centre, { ...fields, "items[0].id": "99999999" })).status).toBe(400);
    expect(shop.one<{ n: number }>("select count(*) n from support_request").n).toBe(before);

    const id = await expectRequestFiledOnceEscaped(shop, who, "/customerSupport/broadcastSupport/new", fields);
    const [x, y] = await Promise.all([
      shop.post(`/system/support/${id}`, who.support, { intent: "approve" }),
      shop.post(`/system/support/${id}`, who.support, { intent: "approve" }),
    ]);
    expect([x.status, y.status].sort()).toEqual([302, 400]);
    expect(shop.one<{ n: number }>("select count(*) n from notice where type = 'marketing_support' and detail_id = ?", id).n).toBe(1);
  });

  it("marketing items: cross-site posts refused, the order desk 403, a name escaped, bad input 400", async () => {
    const before = shop.one<{ n: number }>("select count(*) n from marketing_item").n;
    const fields = { nameZh: "<script>alert(1)</script>海报", nameEn: "Poster", maxQty: "5", sort: "1", active: "on" };
    expect((await shop.post("/system/support/items", who.support, fields, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await shop.post("/system/support/items", who.orderDesk, fields)).status).toBe(403);
    expect((await shop.post("/system/support/items", who.centre, fields)).status).toBe(404);
    expect((await shop.post("/system/support/items", who.support, { ...fields, maxQty: "0" })).status).toBe(400);
    expect(shop.one<{ n: number }>("select count(*) n from marketing_item").n).toBe(before);
    expect((await shop.post("/system/support/items", who.support, fields)).status).toBe(302);
    const html = await (await shop.get("/system/support/items", who.support)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;海报");
    // another entity's item cannot be edited
    const foreign = shop.one<{ id: number }>(
      "select id from marketing_item where tenant_id != (select id from tenant where code = '1000') order by id limit 1",
    ).id;
    expect((await shop.post("/system/support/items", who.support, { ...fields, id: String(foreign) })).status).toBe(404);
  });
});

describe("the stock-reservation forms", () => {
  it("refuse cross-site posts and bad periods; a double post files once; approval reserves once; release gives it back", async () => {
    const { c: code, available } = stockedCode();
    const stock = () =>
      shop.one<{ available: number; project_reserved: number }>(
        "select s.available, s.project_reserved from stock s join product p on p.id = s.product_id where p.ordering_code = ? and s.tenant_id = (select id from tenant where code = '1000')",
        code,
      );
    const before = shop.one<{ n: number }>("select count(*) n from stock_reservation").n;
    const token = await tokenOf(shop, "/customerSupport/standbyLibrary/new", who.centre);
    const fields = {
      token,
      endCustomer: "<script>alert('r')</script>客户",
      project: "<b>项目</b>",
      startsOn: day(0),
      endsOn: day(60),
      "lines[0].code": code,
      "lines[0].qty": String(available + 5),
    };
    expect((await shop.post("/customerSupport/standbyLibrary/new", who.centre, fields, { Origin: "https://evil.example" })).status).toBe(403);
    const long = await shop.post("/customerSupport/standbyLibrary/new", who.centre, { ...fields, endsOn: day(400) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("备库期间最长 12 个月");
    expect((await shop.post("/customerSupport/standbyLibrary/new", who.centre, { ...fields, startsOn: "2020-01-01" })).status).toBe(400);
    expect((await shop.post("/customerSupport/standbyLibrary/new", who.centre, { ...fields, "lines[0].code": "NO-SUCH-CODE" })).status).toBe(400);
    expect(shop.one<{ n: number }>("select count(*) n from stock_reservation").n).toBe(before);

    const { id } = await postTwiceFilesOnce(shop, who.centre, "/customerSupport/standbyLibrary/new", fields, "stock_reservation");
    const mine = await (await shop.get(`/customerSupport/standbyLibrary/${id}`, who.centre)).text();
    expect(mine).not.toContain("<script>alert('r')</script>");
    expect(mine).toContain("&lt;b&gt;项目&lt;/b&gt;");
    const staffHtml = await (await shop.get(`/system/support/reservations/${id}`, who.support)).text();
    expect(staffHtml).not.toContain("<script>alert('r')</script>");
    const lineId = String(shop.one<{ id: number }>("select id from stock_reservation_line where reservation_id = ?", id).id);

    // who may decide; more than is available is refused with nothing changed
    expect(
      (await shop.post(`/system/support/reservations/${id}`, who.orderDesk, { intent: "approve", "lines[0].id": lineId, "lines[0].qty": "1" })).status,
    ).toBe(403);
    expect((await shop.post(`/system/support/reservations/${id}`, who.centre, { intent: "approve", "lines[0].id": lineId, "lines[0].qty": "1" })).status).toBe(
      404,
    );
    expect(
      (
        await shop.post(
          `/system/support/reservations/${id}`,
          who.support,
          { intent: "approve", "lines[0].id": lineId, "lines[0].qty": "1" },
          { Origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
    const short = await shop.post(`/system/support/reservations/${id}`, who.support, {
      intent: "approve",
      "lines[0].id": lineId,
      "lines[0].qty": String(available + 1),
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(code.replaceAll("&", "&amp;"));
    expect(stock().available).toBe(available);
    expect(
      (await shop.post(`/system/support/reservations/${id}`, who.support, { intent: "approve", "lines[0].id": lineId, "lines[0].qty": "abc" })).status,
    ).toBe(400);

    // a double approve: one effect, one notice
    const approve = { intent: "approve", "lines[0].id": lineId, "lines[0].qty": "10" };
    const [x, y] = await Promise.all([
      shop.post(`/system/support/reservations/${id}`, who.support, approve),
      shop.post(`/system/support/reservations/${id}`, who.support, approve),
    ]);
    expect([x.status, y.status].sort()).toEqual([302, 400]);
    expect(stock()).toEqual({ available: available - 10, project_reserved: 10 });
    expect(shop.one<{ n: number }>("select count(*) n from notice where type = 'stock_reservation' and detail_id = ?", id).n).toBe(1);

    // the dealer releases it, twice at once: the stock comes back once
    const [r1, r2] = await Promise.all([
      shop.post(`/customerSupport/standbyLibrary/${id}`, who.centre, { intent: "release" }),
      shop.post(`/customerSupport/standbyLibrary/${id}`, who.centre, { intent: "release" }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([302, 400]);
    expect(stock()).toEqual({ available, project_reserved: 0 });
    expect((await shop.post(`/customerSupport/standbyLibrary/${id}`, who.centre, { intent: "nonsense" })).status).toBe(400);
  });
});
