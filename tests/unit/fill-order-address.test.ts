import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";

/**
 * The fill-order page's forms. Its "new address" form keeps the address book's rules (it had its own insert,
 * which skipped them): the first address becomes the default, at most 50, fields checked with
 * the address book's messages.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fill-order-address-"));
process.env.DATABASE_URL = `file:${path.join(dir, "shop.db")}`;

type Action = (args: { request: Request; params: Record<string, string>; context: { cspNonce: string; clientIp: string | null } }) => Promise<unknown>;
let action: Action;
let db: DB;
let cookie = "";
let customerId = 0;

beforeAll(async () => {
  const { getDb } = await import("~/db/index.server");
  const { migrateToLatest } = await import("~/db/migrate.server");
  const { createWorld, cookieHeader } = await import("../helpers/auth-fixtures");
  const { createSession } = await import("~/utils/session.server");
  db = getDb();
  await migrateToLatest(db);
  const world = await createWorld(db);
  customerId = world.customers.a;
  cookie = cookieHeader(await createSession(db, new Request("http://x/"), { userId: world.users.master, tenantId: world.tenants.t1000, clientIp: null }));
  action = (await import("~/routes/_shop+/order+/fillOrder")).action as Action;
});

const address = { consignee: "张伟", phone: "13800000001", province: "湖南省", city: "长沙市", district: "雨花区", line: "万家丽中路三段36号" };

async function post(fields: Record<string, string>) {
  const request = new Request("http://shop.test/order/fillOrder", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "addAddress", ...fields }),
  });
  const answer = (await action({ request, params: {}, context: { cspNonce: "", clientIp: null } })) as Response;
  return { status: answer.status, location: answer.headers.get("Location"), body: answer.status === 400 ? await answer.json() : null };
}

const addresses = () => db.selectFrom("address").select(["id", "is_default"]).where("customer_id", "=", customerId).orderBy("id").execute();

describe("a new address from the fill-order page", () => {
  it("the first one becomes the default, and the page chooses it", async () => {
    const answer = await post(address);
    expect(answer.status).toBe(302);
    const [first] = await addresses();
    expect(first.is_default).toBe(1);
    expect(answer.location).toContain(`/order/fillOrder?addressId=${first.id}`);
  });

  it("says which field is wrong, in the address book's words, and saves nothing", async () => {
    const before = await addresses();
    const answer = await post({ ...address, phone: "not a phone", consignee: "" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { key: "auth:address.consigneeRequired", field: "consignee" },
        { key: "auth:validation.mobileFormat", field: "phone" },
      ]),
    );
    expect(await addresses()).toEqual(before);
  });

  it("stops at the address book's limit of 50", async () => {
    const { MAX_ADDRESSES } = await import("~/modules/addresses/addresses.server");
    while ((await addresses()).length < MAX_ADDRESSES) expect((await post(address)).status).toBe(302);
    const answer = await post(address);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ key: "auth:address.tooMany" }]);
    expect((await addresses()).length).toBe(MAX_ADDRESSES);
    expect((await addresses()).filter((a) => a.is_default === 1).length).toBe(1);
  });
});

describe("the order form says what is wrong with each field", () => {
  const orders = () => db.selectFrom("sales_order").select("id").where("customer_id", "=", customerId).execute();
  const valid = { intent: "submit", token: "t".repeat(32), addressId: "1", paymentMethod: "prepayment", expectedDeliveryDate: "2030-01-31" };

  it.each([
    ["a purchase order number over 60 characters", { poNo: "P".repeat(61) }, { key: "order:fill.poNoTooLong", field: "poNo" }],
    ["a remark over 500 characters", { remark: "备".repeat(501) }, { key: "order:fill.remarkTooLong", field: "remark" }],
    ["no payment method", { paymentMethod: "" }, { key: "order:fill.paymentRequired", field: "paymentMethod" }],
    ["a payment method the shop does not offer", { paymentMethod: "cash_on_delivery" }, { key: "order:fill.paymentRequired", field: "paymentMethod" }],
    ["no expected delivery date", { expectedDeliveryDate: "" }, { key: "order:fill.deliveryDateRequired", field: "expectedDeliveryDate" }],
    ["a delivery date that is not a date", { expectedDeliveryDate: "next week" }, { key: "order:fill.deliveryDateRequired", field: "expectedDeliveryDate" }],
    ["no address", { addressId: "" }, { key: "order:fill.addressRequired", field: "addressId" }],
    ["an address id that is not a number", { addressId: "<script>" }, { key: "order:fill.addressRequired", field: "addressId" }],
  ])("%s", async (_name, change, error) => {
    const before = await orders();
    const answer = await post({ ...valid, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ form: "submit", errors: [error] });
    expect(await orders()).toEqual(before);
  });
});
