import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiShop, apiToken, ApiClient, type ApiShop } from "./api-harness";
import type { Shop } from "./harness";

/**
 * The ERP's calls of the integration API (issue 30 item 2, decision 072) over HTTP against the
 * built server, on SQLite and on PostgreSQL (TEST_DATABASE_URL): the round trip — an order placed
 * in the shop, pulled once by the ERP, acknowledged, a delivery pushed, the dealer sees the delivery
 * record and the notice, a repeated push changes nothing — and the cancel and credit calls, each
 * answer checked against the OpenAPI document.
 */
let own: ApiShop;
let shop: Shop;
let api: ApiClient;
let erp: string; // EMP000005, the ERP's system account
let dealer: string; // XCD000001's token
let cookie: string; // XCD000001's shop session
beforeAll(async () => {
  // its own server: it runs on PostgreSQL as well (apiShop), and the ERP takes every placed order of entity 1000
  own = await apiShop();
  shop = own.shop;
  api = await ApiClient.open(shop);
  erp = await apiToken(api, "EMP000005");
  dealer = await apiToken(api, "XCD000001");
  cookie = await shop.signIn("XCD000001");
});
afterAll(() => own?.stop());

interface Pulled {
  batchId: string;
  orders: { orderNo: string; customerCode: string; lines: { lineNo: number; qty: number }[] }[];
}

/** Everything the ERP is handed now, pull after pull until nothing is left. */
async function pullAll(leaseSeconds = 600): Promise<Pulled["orders"]> {
  const all: Pulled["orders"] = [];
  for (;;) {
    const answer = await api.call<Pulled>("GET", `/order/submitAndGetDataToErp?limit=100&leaseSeconds=${leaseSeconds}`, { token: erp });
    expect(answer.body.code, answer.body.message).toBe(20000);
    all.push(...answer.body.data.orders);
    if (answer.body.data.orders.length < 100) return all;
  }
}

/** An order of XCD000001 placed through the shop's fill-order form: its number. */
async function placeInShop(): Promise<string> {
  const quick = await shop.post("/shopCart?index", cookie, { intent: "quick", text: "CNMG120408-DM YBC252 10" });
  expect(quick.status).toBeLessThan(400);
  const submitted = await shop.post("/order/fillOrder", cookie, await shop.fillOrderForm(cookie));
  expect(submitted.status).toBe(302);
  const orderNo = new URL(submitted.headers.get("location")!, shop.base).searchParams.get("orderNo")!;
  expect(orderNo).toMatch(/^SO\d{8}W\d+$/);
  return orderNo;
}

const noticesOf = async (orderNo: string) => {
  const page = await api.call<{ records: { orderNo: string | null; type: string }[] }>("GET", "/notice?pageSize=20", { token: dealer });
  return page.body.data.records.filter((n) => n.orderNo === orderNo);
};

describe("who may call", () => {
  it("only an account holding the ERP's function code: a dealer and the order desk get 40300, no token 50014", async () => {
    for (const token of [dealer, await apiToken(api, "EMP000002")]) {
      const answer = await api.call("GET", "/order/submitAndGetDataToErp", { token });
      expect([answer.status, answer.body.code]).toEqual([403, 40300]);
    }
    expect((await api.call("GET", "/order/submitAndGetDataToErp")).body.code).toBe(50014);
    expect((await api.call("GET", "/order/submitAndGetDataToErp?limit=1000", { token: erp })).body.code).toBe(40000);
  });
});

describe("the round trip", () => {
  let orderNo: string;

  it("an order placed in the shop is handed to the ERP once; acknowledged, never again; not acknowledged, again after the lease", async () => {
    // the demo data's placed orders, taken and acknowledged
    const demo = await pullAll();
    for (let i = 0; i < demo.length; i += 100) {
      const orderNos = demo.slice(i, i + 100).map((o) => o.orderNo);
      expect((await api.call("POST", "/order/submitAndGetDataToErp/ack", { token: erp, body: { orderNos } })).body.code).toBe(20000);
    }
    expect(await pullAll(), "nothing handed twice within the lease").toEqual([]);

    orderNo = await placeInShop();
    const first = await pullAll();
    expect(first.map((o) => o.orderNo)).toEqual([orderNo]);
    expect(first[0]).toMatchObject({ customerCode: "C10001" });
    // not acknowledged: not handed again within the lease, handed again after it
    expect(await pullAll()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await pullAll(1)).map((o) => o.orderNo)).toEqual([orderNo]);

    const ack = await api.call<{ acknowledged: string[] }>("POST", "/order/submitAndGetDataToErp/ack", { token: erp, body: { orderNos: [orderNo] } });
    expect(ack.body.data.acknowledged).toEqual([orderNo]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await pullAll(1)).toEqual([]);

    expect((await api.call("POST", "/order/submitAndGetDataToErp/ack", { token: erp, body: { orderNos: [] } })).body.code).toBe(40000);
    const unknown = await api.call("POST", "/order/submitAndGetDataToErp/ack", { token: erp, body: { orderNos: ["SO00000000W000000"] } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 40400]);
  });

  it("a shipment pushed by the ERP: the dealer sees the delivery record and the notice; the same push again changes nothing", async () => {
    // the ERP confirms first, as the desk would: a placed order is not shipped before it is confirmed
    const confirmed = await api.call<{ status: string }>("POST", "/bussinessToErpController/UpdatDdeliverState", {
      token: erp,
      body: { key: `confirm-${orderNo}`, orderNo, state: "confirmed" },
    });
    expect(confirmed.body.data.status).toBe("confirmed");
    const before = (await noticesOf(orderNo)).length;
    const push = {
      key: `ship-${orderNo}`,
      orderNo,
      state: "shipped",
      shipDate: new Date().toISOString().slice(0, 10),
      carrier: "顺丰",
      trackingNo: "SF-API-1",
    };
    const shipped = await api.call<{ orderNo: string; status: string }>("POST", "/bussinessToErpController/UpdatDdeliverState", { token: erp, body: push });
    expect(shipped.body.code, shipped.body.message).toBe(20000);
    expect(shipped.body.data).toEqual({ orderNo, status: "shipped" });

    const order = await api.call<{ status: string; lines: { qty: number; shippedQty: number }[] }>("GET", `/order/${orderNo}`, { token: dealer });
    expect(order.body.data.status).toBe("shipped");
    expect(order.body.data.lines.every((l) => l.shippedQty === l.qty)).toBe(true);
    const notices = await noticesOf(orderNo);
    expect(notices.length).toBe(before + 1);
    const records = await (await shop.get("/order/myRecord", cookie)).text();
    expect(records).toContain(orderNo);
    expect(records).toContain("SF-API-1");

    const again = await api.call<{ orderNo: string; status: string }>("POST", "/bussinessToErpController/UpdatDdeliverState", { token: erp, body: push });
    expect(again.body).toEqual(shipped.body);
    expect((await noticesOf(orderNo)).length).toBe(before + 1);
    const recordsAgain = await (await shop.get("/order/myRecord", cookie)).text();
    expect(recordsAgain.split("SF-API-1").length).toBe(records.split("SF-API-1").length);

    // another key: nothing is open any more, the desk's rule refuses it
    const more = await api.call("POST", "/bussinessToErpController/UpdatDdeliverState", { token: erp, body: { ...push, key: `ship2-${orderNo}` } });
    expect([more.status, more.body.code]).toEqual([422, 42200]);
    expect((await api.call("POST", "/bussinessToErpController/UpdatDdeliverState", { token: erp, body: { ...push, key: "short" } })).body.code).toBe(40000);
    const missing = await api.call("POST", "/bussinessToErpController/UpdatDdeliverState", {
      token: erp,
      body: { ...push, key: "missing-order", orderNo: "SO00000000W000000" },
    });
    expect(missing.body.code).toBe(40400);
  });

  it("confirm and cancel by the ERP: the desk's steps with the dealer's notice; the same cancel again changes nothing", async () => {
    const orderNo2 = await placeInShop();
    const confirmed = await api.call<{ status: string }>("POST", "/bussinessToErpController/UpdatDdeliverState", {
      token: erp,
      body: { key: `confirm-${orderNo2}`, orderNo: orderNo2, state: "confirmed" },
    });
    expect(confirmed.body.data.status).toBe("confirmed");
    const q = `key=cancel-${orderNo2}&orderNo=${orderNo2}&reason=${encodeURIComponent("ERP 取消")}`;
    const cancelled = await api.call<{ status: string }>("GET", `/bussinessToErpController/cancelOrder?${q}`, { token: erp });
    expect(cancelled.body.data.status).toBe("cancelled");
    const notices = (await noticesOf(orderNo2)).length;
    const again = await api.call("GET", `/bussinessToErpController/cancelOrder?${q}`, { token: erp });
    expect(again.body).toEqual(cancelled.body);
    expect((await noticesOf(orderNo2)).length).toBe(notices);
    expect((await api.call<{ status: string }>("GET", `/order/${orderNo2}`, { token: dealer })).body.data.status).toBe("cancelled");
    expect((await api.call("GET", `/bussinessToErpController/cancelOrder?key=cancel-x1&orderNo=${orderNo2}`, { token: erp })).body.code).toBe(40000);
  });

  it("a customer's credit by its code; an unknown customer is not found", async () => {
    const credit = await api.call<{ customerCode: string; creditLimit: number }>("POST", "/bussinessToErpController/customer/searchCustCreditJson", {
      token: erp,
      body: { customerCode: "C10001" },
    });
    expect(credit.body.data).toMatchObject({ customerCode: "C10001" });
    expect(credit.body.data.creditLimit).toBeGreaterThan(0);
    const unknown = await api.call("POST", "/bussinessToErpController/customer/searchCustCreditJson", { token: erp, body: { customerCode: "NOPE" } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 40400]);
  });

  it("covers every ERP operation of the document with a good and a bad request", () => {
    const mine = api.coverage().filter((c) => c.tag === "erp");
    expect(mine.length).toBe(5);
    expect(mine.filter((c) => !c.good || !c.bad)).toEqual([]);
  });
});
