import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import {
  addDealerMessage,
  checkPhotos,
  createFeedback,
  getDealerFeedback,
  getStaffFeedback,
  listDealerFeedback,
  listStaffFeedback,
  readFeedbackPhoto,
  staffStep,
  type DealerActor,
  type StaffActor,
} from "./feedback.server";
import { FEEDBACK_EVENTS, FEEDBACK_STATUSES, FEEDBACK_TRANSITIONS, nextFeedbackStatus, type FeedbackEvent, type FeedbackStatus } from "./status";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");

describe("the feedback state machine, pair by pair", () => {
  const expected: Record<FeedbackStatus, Record<FeedbackEvent, FeedbackStatus | null>> = {
    open: { message: "open", reply: "answered", ask: "waiting", close: "closed" },
    answered: { message: "open", reply: "answered", ask: "waiting", close: "closed" },
    waiting: { message: "open", reply: "answered", ask: "waiting", close: "closed" },
    closed: { message: null, reply: null, ask: null, close: null },
  };
  const pairs = FEEDBACK_STATUSES.flatMap((s) => FEEDBACK_EVENTS.map((e) => [s, e, expected[s][e]] as const));
  it.each(pairs)("%s + %s → %s", (from, event, to) => {
    expect(nextFeedbackStatus(from, event)).toBe(to);
  });
  it("knows no other state", () => {
    expect(Object.keys(FEEDBACK_TRANSITIONS).sort()).toEqual([...FEEDBACK_STATUSES].sort());
    expect(nextFeedbackStatus("nonsense", "reply")).toBeNull();
  });
});

describe("photo checks", () => {
  it("takes PNG and JPEG by their content, whatever the name", () => {
    expect(
      checkPhotos([
        { name: "a.txt", bytes: png },
        { name: "b", bytes: jpeg },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { mime: "image/png", ext: "png" },
        { mime: "image/jpeg", ext: "jpg" },
      ],
    });
  });
  it("refuses HTML named .png, PDF, more than 3 photos, more than 5 MB", () => {
    expect(checkPhotos([{ name: "x.png", bytes: html }])).toMatchObject({ ok: false, error: { key: "feedback:error.photoType" } });
    expect(checkPhotos([{ name: "x.png", bytes: new TextEncoder().encode("%PDF-1.4") }])).toMatchObject({
      ok: false,
      error: { key: "feedback:error.photoType" },
    });
    expect(checkPhotos([png, png, png, png].map((bytes) => ({ name: "p.png", bytes })))).toMatchObject({
      ok: false,
      error: { key: "feedback:error.tooManyPhotos" },
    });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png);
    expect(checkPhotos([{ name: "big.png", bytes: big }])).toMatchObject({ ok: false, error: { key: "feedback:error.photoTooBig" } });
    const max = new Uint8Array(5 * 1024 * 1024);
    max.set(png);
    expect(checkPhotos([{ name: "max.png", bytes: max }]).ok).toBe(true);
  });
  it("ignores empty file fields", () => {
    expect(checkPhotos([{ name: "", bytes: new Uint8Array() }])).toEqual({ ok: true, value: [] });
  });
});

describe.each(testDatabases())("after-sales feedback on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let dealerA: DealerActor;
  let dealerA3: DealerActor;
  let dealerB: DealerActor;
  let staff: StaffActor;
  let orderA: string;
  let orderB: string;
  let lineA: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "feedback-"));
  let seq = 0;
  const token = () => `tok-${Date.now()}-${++seq}-abcdefgh`;

  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    dealerA = { id: fx.a.id, code: fx.a.code, customerId: fx.a.customerId, tenantId: fx.tenantId };
    dealerA3 = { id: fx.aNoOrder.id, code: fx.aNoOrder.code, customerId: fx.aNoOrder.customerId, tenantId: fx.tenantId };
    dealerB = { id: fx.b.id, code: fx.b.code, customerId: fx.b.customerId, tenantId: fx.tenantId };
    staff = { id: fx.b.id, code: "EMP000003", tenantId: fx.tenantId };
    const order = async (customerId: number, userId: number, no: string) => {
      const stamp = new Date().toISOString();
      const o = await db
        .insertInto("sales_order")
        .values({
          order_no: no,
          tenant_id: fx.tenantId,
          customer_id: customerId,
          user_id: userId,
          status: "confirmed",
          po_no: null,
          consignee: "x",
          phone: "1",
          address_text: "x",
          payment_method: "transfer",
          payment_deadline: null,
          expected_delivery_date: "2026-12-01",
          goods_amount: 100,
          discount_amount: 0,
          shipping_fee: 0,
          payable_amount: 100,
          currency: "CNY",
          remark: null,
          cancel_reason: null,
          submit_token: null,
          updated_at: stamp,
          submitted_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const l = await db
        .insertInto("order_line")
        .values({
          order_id: o.id,
          line_no: 1,
          product_id: fx.products.insert,
          ordering_code: "CNMG120408-DM",
          name_zh: "刀片",
          name_en: "Insert",
          qty: 10,
          unit_price: 10,
          discount_amount: 0,
          amount: 100,
          promotion_item_id: null,
          esd: null,
          ship_date: null,
          requested_date: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return l.id;
    };
    orderA = `SOFB${seq}A${Date.now() % 100000}`;
    orderB = `SOFB${seq}B${Date.now() % 100000}`;
    lineA = await order(dealerA.customerId, dealerA.id, orderA);
    await order(dealerB.customerId, dealerB.id, orderB);
  });

  const file = (input: Partial<Parameters<typeof createFeedback>[2]> = {}, who = dealerA) =>
    createFeedback(db, who, { token: token(), orderNo: orderA, type: "quality", description: "断屑不良", photos: [], ...input }, { dir });

  it("files feedback on the customer's own order line, with photos stored under random names", async () => {
    const r = await file({
      lineId: lineA,
      photos: [
        { name: "崩刃.png", bytes: png },
        { name: "side.jpg", bytes: jpeg },
      ],
    });
    expect(r).toMatchObject({ ok: true });
    if (!r.ok) return;
    const { feedback, photos, messages } = await getDealerFeedback(db, dealerA, r.value.id);
    expect(feedback).toMatchObject({ status: "open", order_no: orderA, line_no: 1, ordering_code: "CNMG120408-DM", type: "quality", description: "断屑不良" });
    expect(photos.map((p) => [p.file_name, p.file_type])).toEqual([
      ["崩刃.png", "image/png"],
      ["side.jpg", "image/jpeg"],
    ]);
    expect(messages).toEqual([]);
    const photo = await readFeedbackPhoto(db, { tenantId: dealerA.tenantId, customerId: dealerA.customerId }, photos[0].id, dir);
    expect(photo?.type).toBe("image/png");
    expect(photo?.key).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(Buffer.compare(photo!.body, Buffer.from(png))).toBe(0);
    // another customer cannot read it; staff of the entity can
    expect(await readFeedbackPhoto(db, { tenantId: dealerB.tenantId, customerId: dealerB.customerId }, photos[0].id, dir)).toBeNull();
    expect(await readFeedbackPhoto(db, { tenantId: staff.tenantId }, photos[0].id, dir)).not.toBeNull();
  });

  it("refuses another customer's order or line, a wrong type, an empty text, a bad photo; stores nothing", async () => {
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("feedback")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(file({ orderNo: orderB })).rejects.toBeInstanceOf(NotFoundError);
    await expect(file({ orderNo: orderA, lineId: lineA }, dealerB)).rejects.toBeInstanceOf(NotFoundError);
    expect(await file({ type: "weather" })).toMatchObject({ ok: false, error: { key: "feedback:error.type" } });
    expect(await file({ description: "   " })).toMatchObject({ ok: false, error: { key: "feedback:error.required" } });
    expect(await file({ photos: [{ name: "a.png", bytes: html }] })).toMatchObject({ ok: false, error: { key: "feedback:error.photoType" } });
    expect(await count()).toBe(before);
  });

  it("a double post files once", async () => {
    const t = token();
    const one = await file({ token: t });
    const two = await file({ token: t });
    expect(one.ok && two.ok && one.value.id === two.value.id && two.value.already).toBe(true);
    const [a, b] = await Promise.all([file({ token: `${t}-x` }), file({ token: `${t}-x` })]);
    expect(a.ok && b.ok && a.value.id === b.value.id).toBe(true);
  });

  it("another customer's feedback is not found, for reading and for writing; a sub-account of the same customer sees it", async () => {
    const r = await file();
    if (!r.ok) throw new Error("not filed");
    await expect(getDealerFeedback(db, dealerB, r.value.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getStaffFeedback(db, { ...staff, tenantId: staff.tenantId + 999 }, r.value.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(addDealerMessage(db, dealerB, r.value.id, { token: token(), body: "x" })).rejects.toBeInstanceOf(NotFoundError);
    expect((await getDealerFeedback(db, dealerA3, r.value.id)).feedback.id).toBe(r.value.id);
    expect((await listDealerFeedback(db, dealerB, 1)).rows.map((x) => x.id)).not.toContain(r.value.id);
    expect((await listDealerFeedback(db, dealerA3, 1)).rows.map((x) => x.id)).toContain(r.value.id);
  });

  it("a staff reply answers it, stores the dealer's notice leading to it and an audit entry; a double post has one effect", async () => {
    const r = await file({ description: "尺寸不对" });
    if (!r.ok) throw new Error("not filed");
    const t = token();
    expect(await staffStep(db, staff, r.value.id, { token: t, event: "reply", body: "请提供批次号" })).toEqual({ ok: true, value: { id: r.value.id } });
    expect(await staffStep(db, staff, r.value.id, { token: t, event: "reply", body: "请提供批次号" })).toEqual({
      ok: true,
      value: { id: r.value.id, already: true },
    });
    const { feedback, messages } = await getStaffFeedback(db, staff, r.value.id);
    expect(feedback.status).toBe("answered");
    expect(messages.map((m) => [m.author, m.event, m.body])).toEqual([["staff", "reply", "请提供批次号"]]);
    const notices = await db.selectFrom("notice").selectAll().where("type", "=", "customer_feedback").where("detail_id", "=", r.value.id).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ user_id: dealerA.id, tenant_id: fx.tenantId, is_read: 0, body_zh: "请提供批次号" });
    expect(notices[0].title_zh).toContain(`#${r.value.id}`);
    const audits = await db.selectFrom("audit_log").selectAll().where("entity", "=", "feedback").where("entity_id", "=", String(r.value.id)).execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0].after_json ?? "{}")).toMatchObject({ status: "answered", event: "reply" });
  });

  it("runs open → waiting → open → answered → closed; nothing after closing", async () => {
    const r = await file({ type: "damage" });
    if (!r.ok) throw new Error("not filed");
    const status = async () => (await getDealerFeedback(db, dealerA, r.value.id)).feedback.status;
    expect(await staffStep(db, staff, r.value.id, { token: token(), event: "ask", body: "请上传外包装照片" })).toMatchObject({ ok: true });
    expect(await status()).toBe("waiting");
    expect(await addDealerMessage(db, dealerA3, r.value.id, { token: token(), body: "外包装已破损" })).toMatchObject({ ok: true });
    expect(await status()).toBe("open");
    expect(await staffStep(db, staff, r.value.id, { token: token(), event: "reply", body: "补发" })).toMatchObject({ ok: true });
    expect(await status()).toBe("answered");
    expect(await staffStep(db, staff, r.value.id, { token: token(), event: "close", body: "" })).toMatchObject({ ok: true });
    expect(await status()).toBe("closed");
    expect(await addDealerMessage(db, dealerA, r.value.id, { token: token(), body: "还有问题" })).toMatchObject({
      ok: false,
      error: { key: "feedback:error.closed" },
    });
    expect(await staffStep(db, staff, r.value.id, { token: token(), event: "reply", body: "x" })).toMatchObject({
      ok: false,
      error: { key: "feedback:error.closed" },
    });
    const { messages } = await getDealerFeedback(db, dealerA, r.value.id);
    expect(messages.map((m) => m.event)).toEqual(["ask", "message", "reply", "close"]);
    expect(await addDealerMessage(db, dealerA, r.value.id, { token: token(), body: "" })).toMatchObject({ ok: false });
  });

  it("the staff list filters by status, type and dealer", async () => {
    const r = await file({ type: "performance", description: "寿命短" });
    if (!r.ok) throw new Error("not filed");
    const ids = async (f: Partial<Parameters<typeof listStaffFeedback>[2]>) => (await listStaffFeedback(db, staff, { page: 1, ...f })).rows.map((x) => x.id);
    expect(await ids({ type: "performance" })).toContain(r.value.id);
    expect(await ids({ type: "damage" })).not.toContain(r.value.id);
    expect(await ids({ status: "open" })).toContain(r.value.id);
    expect(await ids({ status: "closed" })).not.toContain(r.value.id);
    expect(await ids({ dealer: fx.a.code.slice(0, 9).toLowerCase() })).toContain(r.value.id);
    expect(await ids({ dealer: "经销商B" })).not.toContain(r.value.id);
    expect(await ids({ dealer: "50%_" })).toEqual([]);
    expect((await listStaffFeedback(db, { ...staff, tenantId: staff.tenantId + 999 }, { page: 1 })).total).toBe(0);
  });
});
