import { newSubmitToken } from "~/modules/orders/submit.server";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { createRequest, decideRequest, getDealerRequest, getStaffRequest, listDealerRequests, listStaffRequests, type StaffActor } from "./requests.server";

describe.each(testDatabases())("sample and tool-body requests on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let other: Fixture;
  let staff: StaffActor;
  let insertCode: string;
  let holderCode: string;

  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    other = await makeFixture(db);
    staff = { id: fx.a.id, code: "EMP000003", tenantId: fx.tenantId };
    const code = async (id: number) => (await db.selectFrom("product").select("ordering_code").where("id", "=", id).executeTakeFirstOrThrow()).ordering_code;
    // the order fixture's holder is stored as an insert; here it is what it says
    await db.updateTable("product").set({ kind: "holder" }).where("id", "=", fx.products.holder).execute();
    insertCode = await code(fx.products.insert);
    holderCode = await code(fx.products.holder);
  });

  const sample = (token = newSubmitToken()) => ({
    token,
    endCustomer: "宁波某汽车零部件厂",
    purpose: "不锈钢法兰精车试切",
    lines: [
      { code: insertCode.toLowerCase(), qty: 10 },
      { code: "", qty: 1 },
    ],
  });
  const notices = (id: number) =>
    db.selectFrom("notice").selectAll().where("detail_id", "=", id).where("type", "in", ["sample_support", "cutter_support"]).orderBy("id").execute();
  const status = async (id: number) => (await db.selectFrom("support_request").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  it("checks the lines: a known code of the right kind, a quantity in range, a supply mode for tool bodies", async () => {
    expect(await createRequest(db, fx.a, "sample", { ...sample(), lines: [] })).toEqual({ ok: false, error: { key: "support:request.noLines" } });
    expect(await createRequest(db, fx.a, "sample", { ...sample(), lines: [{ code: "NOPE-123", qty: 1 }] })).toEqual({
      ok: false,
      error: { key: "support:request.unknownCode" },
    });
    expect(await createRequest(db, fx.a, "sample", { ...sample(), lines: [{ code: insertCode, qty: 21 }] })).toEqual({
      ok: false,
      error: { key: "support:request.qtyRange.sample" },
    });
    expect(await createRequest(db, fx.a, "sample", { ...sample(), lines: [{ code: holderCode, qty: 1 }] })).toEqual({
      ok: false,
      error: { key: "support:request.wrongKind.sample" },
    });
    expect(await createRequest(db, fx.a, "tool_body", { ...sample(), lines: [{ code: insertCode, qty: 1 }], supplyMode: "loan" })).toEqual({
      ok: false,
      error: { key: "support:request.wrongKind.tool_body" },
    });
    expect(await createRequest(db, fx.a, "tool_body", { ...sample(), lines: [{ code: holderCode, qty: 1 }] })).toEqual({
      ok: false,
      error: { key: "support:request.supplyModeRequired" },
    });
    const tb = await createRequest(db, fx.a, "tool_body", { ...sample(), lines: [{ code: holderCode, qty: 1 }], supplyMode: "loan" });
    expect(tb).toMatchObject({ ok: true, value: { requestNo: expect.stringMatching(/^DT\d{6}\d{5}$/) } });
  });

  it("files a double post once, and shows it only to its own customer", async () => {
    const token = newSubmitToken();
    const [a, b] = await Promise.all([createRequest(db, fx.a, "sample", sample(token)), createRequest(db, fx.a, "sample", sample(token))]);
    expect(a.ok && b.ok && a.value.id === b.value.id).toBe(true);
    const again = await createRequest(db, fx.a, "sample", sample(token));
    expect(again).toEqual(a);
    if (!a.ok) return;
    expect(a.value.requestNo).toMatch(/^YP\d{11}$/);
    const { rows: list, total } = await listDealerRequests(db, fx.a, "sample");
    expect(list.filter((r) => r.id === a.value.id)).toHaveLength(1);
    expect(total).toBe(list.length);
    expect(list[0].lines).toEqual([{ code: insertCode, en: insertCode, qty: 10 }]);
    // customer B, another entity, the wrong kind: not found
    await expect(getDealerRequest(db, fx.b, "sample", a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getDealerRequest(db, other.a, "sample", a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getDealerRequest(db, fx.a, "tool_body", a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await getDealerRequest(db, fx.a, "sample", a.value.id)).lines[0]).toMatchObject({ ordering_code: insertCode, qty: 10 });
    expect(await listDealerRequests(db, fx.b, "sample")).toEqual({ total: 0, rows: [] });
    // staff of another entity do not see it either
    await expect(getStaffRequest(db, { ...staff, tenantId: other.tenantId }, a.value.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(decideRequest(db, { ...staff, tenantId: other.tenantId }, a.value.id, "approve", {})).rejects.toBeInstanceOf(NotFoundError);
  });

  it("approves, then ships with a tracking number, each step once, with a notice to the dealer", async () => {
    const r = await createRequest(db, fx.a, "sample", sample());
    if (!r.ok) throw new Error(r.error.key);
    expect(await decideRequest(db, staff, r.value.id, "ship", { trackingNo: "SF1" })).toEqual({ ok: false, error: { key: "support:request.wrongState" } });
    const both = await Promise.all([decideRequest(db, staff, r.value.id, "approve", {}), decideRequest(db, staff, r.value.id, "approve", {})]);
    expect(both.filter((x) => x.ok)).toHaveLength(1);
    expect(await status(r.value.id)).toBe("approved");
    expect(await decideRequest(db, staff, r.value.id, "refuse", { reason: "late" })).toEqual({ ok: false, error: { key: "support:request.wrongState" } });
    expect(await decideRequest(db, staff, r.value.id, "ship", {})).toEqual({
      ok: false,
      error: { key: "support:request.trackingRequired", field: "trackingNo" },
    });
    expect(await decideRequest(db, staff, r.value.id, "ship", { trackingNo: "SF1234567890", carrier: "顺丰" })).toEqual({
      ok: true,
      value: { status: "shipped" },
    });
    expect(await decideRequest(db, staff, r.value.id, "ship", { trackingNo: "SF1234567890" })).toEqual({
      ok: false,
      error: { key: "support:request.wrongState" },
    });
    const n = await notices(r.value.id);
    expect(n.map((x) => x.title_en)).toEqual([`Sample request ${r.value.requestNo} approved`, `Sample request ${r.value.requestNo} shipped`]);
    expect(n[1].body_zh).toContain("SF1234567890");
    expect(n.every((x) => x.user_id === fx.a.id)).toBe(true);
    const audits = await db.selectFrom("audit_log").select("id").where("entity", "=", "support_request").where("entity_id", "=", r.value.requestNo).execute();
    expect(audits).toHaveLength(2);
    expect((await getDealerRequest(db, fx.a, "sample", r.value.id)).tracking_no).toBe("SF1234567890");
  });

  it("refuses with a reason, after which nothing moves", async () => {
    const r = await createRequest(db, fx.a, "sample", sample());
    if (!r.ok) throw new Error(r.error.key);
    expect(await decideRequest(db, staff, r.value.id, "refuse", { reason: "  " })).toEqual({
      ok: false,
      error: { key: "support:request.reasonRequired", field: "reason" },
    });
    expect(await decideRequest(db, staff, r.value.id, "refuse", { reason: "该牌号样品库存不足" })).toEqual({ ok: true, value: { status: "refused" } });
    for (const e of ["approve", "refuse", "ship"] as const) {
      expect(await decideRequest(db, staff, r.value.id, e, { reason: "x", trackingNo: "x" })).toEqual({
        ok: false,
        error: { key: "support:request.wrongState" },
      });
    }
    expect((await notices(r.value.id)).map((x) => x.body_zh)).toEqual([`您的样品申请 ${r.value.requestNo} 未获批准。原因：该牌号样品库存不足`]);
    const open = await listStaffRequests(db, staff, { status: "open" });
    expect(open.some((x) => x.id === r.value.id)).toBe(false);
    expect((await listStaffRequests(db, staff, { status: "refused" })).map((x) => x.id)).toContain(r.value.id);
  });
});
