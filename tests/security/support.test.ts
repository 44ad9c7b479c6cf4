import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Shop } from "./harness";
import { expectRequestFiledOnceEscaped, expectServiceCentrePage, expectStaffPage, startSupportShop, tokenOf, type SupportCast } from "./support-fixtures";

/**
 * Customer services over HTTP (issue 18, decision 050): who may open the survey, the sample and
 * tool-body pages and their back office; cross-site posts refused; another customer's request is
 * 404; what a dealer types is escaped; a double post has one effect.
 */
let shop: Shop;
let who: SupportCast;
beforeAll(async () => ({ shop, who } = await startSupportShop()));
afterAll(() => shop?.stop());

const centreRequest = (kind: "sample" | "tool_body") =>
  shop.one<{ id: number }>(
    "select r.id from support_request r join app_user u on u.id = r.user_id where u.code = 'XCD000009' and r.kind = ? order by r.id limit 1",
    kind,
  ).id;
const surveyId = () => shop.one<{ id: number }>("select id from survey order by id limit 1").id;
const path = (p: string) =>
  p
    .replace("SAMPLE", String(centreRequest("sample")))
    .replace("TOOLBODY", String(centreRequest("tool_body")))
    .replace("SURVEY", String(surveyId()));
const insertCode = () => shop.one<{ c: string }>("select ordering_code c from product where kind = 'turning_insert' order by id limit 1").c;

const ADMIN_PAGES: [string, string][] = [
  ["/system/support", "svc:support:view"],
  ["/system/support/SAMPLE", "svc:support:view"],
  ["/system/survey", "svc:survey:edit"],
  ["/system/survey/new", "svc:survey:edit"],
  ["/system/survey/SURVEY", "svc:survey:edit"],
  ["/system/survey/SURVEY/edit", "svc:survey:edit"],
];
const SHOP_PAGES = [
  "/customerSupport/samplesSupport",
  "/customerSupport/samplesSupport/new",
  "/customerSupport/samplesSupport/SAMPLE",
  "/customerSupport/cutterSupport",
  "/customerSupport/cutterSupport/new",
  "/customerSupport/cutterSupport/TOOLBODY",
];

describe("who may open the customer-service pages", () => {
  it.each(ADMIN_PAGES)("%s: signed out → /login, dealer → 404, order desk → 403, customer support and administrator → 200", (page) =>
    expectStaffPage(shop, who, path(page)),
  );

  it.each(SHOP_PAGES)("%s: signed out → shop login, sub-account and staff → 403, the service centre → 200", (page) =>
    expectServiceCentrePage(shop, who, path(page)),
  );

  it("another customer's request is 404, the wrong kind's page too, and a nonsense id", async () => {
    expect((await shop.get(path("/customerSupport/samplesSupport/SAMPLE"), who.dealerA)).status).toBe(404);
    expect((await shop.get(path("/customerSupport/cutterSupport/SAMPLE"), who.centre)).status).toBe(404);
    expect((await shop.get("/customerSupport/samplesSupport/99999999", who.centre)).status).toBe(404);
    expect((await shop.get("/customerSupport/samplesSupport/1e3", who.centre)).status).toBe(404);
    // dealer A's list does not show the centre's requests
    const list = await (await shop.get("/customerSupport/samplesSupport", who.dealerA)).text();
    const no = shop.one<{ n: string }>("select request_no n from support_request where id = ?", centreRequest("sample")).n;
    expect(list).not.toContain(no);
  });

  it("the survey is for signed-in dealers", async () => {
    expect((await shop.get("/afterSalesService/satisfication", "")).headers.get("location")).toMatch(/^\/shop_login\?redirect=/);
    expect((await shop.get("/afterSalesService/satisfication", who.support)).status).toBe(403);
    expect((await shop.get("/afterSalesService/satisfication", who.dealerA)).status).toBe(200);
  });
});

describe("the customer-service forms", () => {
  it("refuse cross-site posts", async () => {
    const before = shop.one<{ n: number }>("select count(*) n from support_request").n;
    const token = await tokenOf(shop, "/customerSupport/samplesSupport/new", who.centre);
    const fields = { token, endCustomer: "x", purpose: "x", "lines[0].code": insertCode(), "lines[0].qty": "1" };
    expect((await shop.post("/customerSupport/samplesSupport/new", who.centre, fields, { Origin: "https://evil.example" })).status).toBe(403);
    expect(shop.one<{ n: number }>("select count(*) n from support_request").n).toBe(before);
    const id = centreRequest("sample");
    const status = shop.one<{ s: string }>("select status s from support_request where id = ?", id).s;
    expect((await shop.post(`/system/support/${id}`, who.support, { intent: "refuse", reason: "x" }, { Origin: "https://evil.example" })).status).toBe(403);
    expect(shop.one<{ s: string }>("select status s from support_request where id = ?", id).s).toBe(status);
  });

  it("file a double post once, escape what the dealer typed, and let only customer support decide", async () => {
    const token = await tokenOf(shop, "/customerSupport/samplesSupport/new", who.centre);
    const fields = {
      token,
      endCustomer: "<script>alert('x')</script>终端",
      purpose: "<img src=x onerror=alert(1)>",
      "lines[0].code": insertCode(),
      "lines[0].qty": "3",
    };
    const id = await expectRequestFiledOnceEscaped(shop, who, "/customerSupport/samplesSupport/new", fields);

    // the order desk and dealers may not decide
    expect((await shop.post(`/system/support/${id}`, who.orderDesk, { intent: "approve" })).status).toBe(403);
    expect((await shop.post(`/system/support/${id}`, who.centre, { intent: "approve" })).status).toBe(404);
    // a double approve: one effect, one notice
    const [x, y] = await Promise.all([
      shop.post(`/system/support/${id}`, who.support, { intent: "approve" }),
      shop.post(`/system/support/${id}`, who.support, { intent: "approve" }),
    ]);
    expect([x.status, y.status].sort()).toEqual([302, 400]);
    expect(shop.one<{ n: number }>("select count(*) n from notice where type = 'sample_support' and detail_id = ?", id).n).toBe(1);
    const ship = await shop.post(`/system/support/${id}`, who.support, { intent: "ship", carrier: "顺丰", trackingNo: "SF<b>123</b>" });
    expect(ship.status).toBe(302);
    const shipped = await (await shop.get(`/customerSupport/samplesSupport/${id}`, who.centre)).text();
    expect(shipped).toContain("SF&lt;b&gt;123&lt;/b&gt;");
    // staff of the other entity's view: the request belongs to entity 1000; a nonsense id is 404
    expect((await shop.post("/system/support/99999999", who.support, { intent: "approve" })).status).toBe(404);
  });

  it("answer the survey once: a second post is refused with a message", async () => {
    const html = await (await shop.get("/afterSalesService/satisfication", who.dealerA)).text();
    const sid = /name="surveyId" value="(\d+)"/.exec(html)?.[1] ?? "";
    const ids = [...html.matchAll(/name="answers\[(\d+)\]\.id" value="(\d+)"/g)].map((m) => [m[1], m[2]]);
    expect(ids.length).toBeGreaterThan(0);
    const fields: Record<string, string> = { surveyId: sid };
    for (const [i, q] of ids) {
      fields[`answers[${i}].id`] = q;
      fields[`answers[${i}].score`] = "4";
      fields[`answers[${i}].text`] = "<script>alert(1)</script>";
    }
    const first = await shop.post("/afterSalesService/satisfication", who.dealerA, fields);
    expect(first.status).toBe(302);
    const second = await shop.post("/afterSalesService/satisfication", who.dealerA, fields);
    expect(second.status).toBe(400);
    expect(await second.text()).toContain("每个账号每期只能提交一次");
    expect(shop.one<{ n: number }>("select count(*) n from survey_response r join app_user u on u.id = r.user_id where u.code = 'XCD000001'").n).toBe(1);
    const results = await (await shop.get(`/system/survey/${sid}`, who.support)).text();
    expect(results).not.toContain("<script>alert(1)</script>");
    expect(results).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect((await shop.post("/afterSalesService/satisfication", who.dealerA, fields, { Origin: "https://evil.example" })).status).toBe(403);
  });
});
