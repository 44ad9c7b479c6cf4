import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { getCart } from "~/modules/cart/cart.server";
import { NotFoundError } from "~/modules/errors";
import { productsByIds, getProductByCode } from "~/modules/catalogue/catalogue.server";
import { newSubmitToken, submitOrder, todayIso } from "~/modules/orders/submit.server";
import { inDays, makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { validateAttributes, type AttributeDef } from "./attributes";
import { acceptQuotation } from "./acceptance.server";
import { checkDrawings, drawingType, readQuotationFile } from "./drawings.server";
import {
  createQuotation,
  getDealerQuotation,
  getStaffQuotation,
  listDealerQuotations,
  listStaffQuotations,
  type NewQuotation,
  type QuoteStaff,
} from "./requests.server";
import { dealerQuoteStep, staffQuoteStep } from "./steps.server";
import { ensureToolTypes, listToolTypes } from "./tool-types.server";
import { nextQuoteStatus, QUOTE_EVENTS, QUOTE_STATUSES, QUOTE_TRANSITIONS } from "./status";

const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n"));
const DXF = new Uint8Array(Buffer.from("  0\r\nSECTION\r\n  2\r\nHEADER\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n"));
const HTML = new Uint8Array(Buffer.from("<html><script>alert(1)</script></html>"));

describe("the quotation state table, pair by pair", () => {
  const expected: Record<string, Record<string, string>> = {
    submitted: { quote: "quoted", ask: "question", cancel: "cancelled" },
    question: { answer: "submitted", cancel: "cancelled" },
    quoted: { quote: "quoted", accept: "accepted", decline: "declined", cancel: "cancelled" },
    accepted: { order: "ordered" },
    declined: {},
    cancelled: {},
    ordered: {},
  };
  for (const from of QUOTE_STATUSES) {
    for (const event of QUOTE_EVENTS) {
      it(`${from} + ${event} → ${expected[from][event] ?? "refused"}`, () => {
        expect(nextQuoteStatus(from, event)).toBe(expected[from][event] ?? null);
      });
    }
  }
  it("knows no other state", () => {
    expect(Object.keys(QUOTE_TRANSITIONS).sort()).toEqual([...QUOTE_STATUSES].sort());
    expect(nextQuoteStatus("nonsense", "quote")).toBeNull();
  });
});

describe("attribute validation", () => {
  const defs: AttributeDef[] = [
    { key: "d", labelZh: "直径", labelEn: "Diameter", kind: "number", unit: "mm", min: 0.5, max: 40, choices: [], required: true },
    { key: "shank", labelZh: "柄部", labelEn: "Shank", kind: "choice", unit: null, min: null, max: null, choices: ["h6", "HB"], required: true },
    { key: "steps", labelZh: "台阶", labelEn: "Steps", kind: "text", unit: null, min: null, max: null, choices: [], required: false },
  ];
  it("accepts values inside the table and drops empty optional ones", () => {
    expect(validateAttributes(defs, { d: " 8.50 ", shank: "HB", steps: "" })).toEqual({ ok: true, values: { d: "8.5", shank: "HB" } });
  });
  it("refuses a missing required value, a number out of range or not a number, an unknown choice, a long text", () => {
    const r = validateAttributes(defs, { d: "41", shank: "MT2", steps: "x".repeat(101) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.d).toEqual({ key: "quotation:error.attrRange", values: { min: 0.5, max: 40, unit: "mm" } });
    expect(r.errors.shank.key).toBe("quotation:error.attrChoice");
    expect(r.errors.steps.key).toBe("quotation:error.attrTooLong");
    const r2 = validateAttributes(defs, { d: "1e3" });
    expect(!r2.ok && r2.errors.d.key).toBe("quotation:error.attrNumber");
    expect(!r2.ok && r2.errors.shank.key).toBe("quotation:error.attrRequired");
  });
});

describe("drawings", () => {
  it("takes PDF, DXF, PNG and JPEG by their content, nothing else", () => {
    expect(drawingType(PDF, "a.exe")?.ext).toBe("pdf");
    expect(drawingType(DXF, "part.dxf")?.ext).toBe("dxf");
    expect(drawingType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), "x.jpg")?.ext).toBe("jpg");
    expect(drawingType(HTML, "drawing.dxf")).toBeNull();
    expect(checkDrawings([{ name: "a.html", bytes: HTML }])).toEqual({ ok: false, error: { key: "quotation:error.fileType", field: "files" } });
    expect(checkDrawings([1, 2, 3, 4].map(() => ({ name: "a.pdf", bytes: PDF })))).toMatchObject({ ok: false, error: { key: "quotation:error.tooManyFiles" } });
    expect(checkDrawings([{ name: "big.pdf", bytes: new Uint8Array(10 * 1024 * 1024 + 1) }])).toMatchObject({
      ok: false,
      error: { key: "quotation:error.fileTooBig" },
    });
  });
});

describe.each(testDatabases())("customized tool quotations on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let other: Fixture;
  let staff: QuoteStaff;
  let dir: string;
  let drillId: number;

  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    other = await makeFixture(db);
    staff = { id: fx.a.id, code: "EMP000002", tenantId: fx.tenantId };
    await ensureToolTypes(db);
    await ensureToolTypes(db); // once only
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "quote-files-"));
    drillId = (await listToolTypes(db)).find((t) => t.code === "drill")!.id;
  });

  const drill = (over: Partial<NewQuotation> = {}): NewQuotation => ({
    token: newSubmitToken(),
    typeId: drillId,
    attributes: { diameter: "8.5", length: "120", point_angle: "140", shank: "圆柄 h6", coolant: "有" },
    qty: 20,
    wantedDate: inDays(30),
    material: "42CrMo 调质",
    note: "台阶钻，见图纸",
    files: [{ name: "part.pdf", bytes: PDF }],
    ...over,
  });
  const file = async (fields: Partial<NewQuotation> = {}) => {
    const r = await createQuotation(db, fx.a, drill(fields), { dir });
    if (!r.ok) throw new Error(r.error.key);
    return r.value.id;
  };
  const status = async (id: number) => (await db.selectFrom("quotation").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const quote = (id: number, over: Partial<Parameters<typeof staffQuoteStep>[3]> = {}) =>
    staffQuoteStep(db, staff, id, {
      token: newSubmitToken(),
      event: "quote",
      body: "按图制作",
      unitPrice: 12_850,
      moq: 30,
      leadTimeDays: 25,
      validUntil: inDays(14),
      ...over,
    });

  it("seeds five tool types with their attributes", async () => {
    const types = await listToolTypes(db);
    expect(types.map((t) => t.code)).toEqual(["insert", "end_mill", "drill", "holder", "form_tool"]);
    expect(types[0].attributes.map((a) => a.key)).toEqual(["shape", "size", "thickness", "nose_radius", "chip_breaker", "grade", "coating"]);
    expect(types[2].attributes.find((a) => a.key === "point_angle")).toMatchObject({ kind: "number", unit: "°", min: 90, max: 180, required: true });
  });

  it("files a request once per token, numbered FB + date + id, checked against the attribute table", async () => {
    expect(await createQuotation(db, fx.a, drill({ attributes: { diameter: "99" } }), { dir })).toMatchObject({
      ok: false,
      error: { key: "quotation:error.attributes" },
    });
    expect(await createQuotation(db, fx.a, drill({ typeId: 999 }), { dir })).toMatchObject({ ok: false, error: { key: "quotation:error.type" } });
    expect(await createQuotation(db, fx.a, drill({ qty: 0 }), { dir })).toMatchObject({ ok: false, error: { key: "quotation:error.qty" } });
    expect(await createQuotation(db, fx.a, drill({ wantedDate: "2000-01-01" }), { dir })).toMatchObject({
      ok: false,
      error: { key: "quotation:error.wantedDate" },
    });
    expect(await createQuotation(db, fx.a, drill({ files: [{ name: "x.dxf", bytes: HTML }] }), { dir })).toMatchObject({
      ok: false,
      error: { key: "quotation:error.fileType" },
    });
    const token = newSubmitToken();
    const [a, b] = await Promise.all([createQuotation(db, fx.a, drill({ token }), { dir }), createQuotation(db, fx.a, drill({ token }), { dir })]);
    expect(a.ok && b.ok && a.value.id === b.value.id).toBe(true);
    if (!a.ok) return;
    const { quotation, attributes, files, messages } = await getDealerQuotation(db, fx.a, a.value.id);
    expect(quotation.quote_no).toBe(`FB${todayIso().slice(2).replaceAll("-", "")}${String(a.value.id).padStart(5, "0")}`);
    expect(attributes.map((x) => x.value)).toEqual(["8.5", "120", "140", "圆柄 h6", "有"]);
    expect(messages.map((m) => m.event)).toEqual(["submit"]);
    expect(files).toHaveLength(1);
    expect(
      (
        await db
          .selectFrom("quotation")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("post_token", "=", token)
          .executeTakeFirstOrThrow()
      ).n,
    ).toEqual(expect.anything());
    // the drawing: the customer's own and staff of the entity; nobody else
    expect((await readQuotationFile(db, { tenantId: fx.tenantId, customerId: fx.a.customerId }, files[0].id, dir))?.type).toBe("application/pdf");
    expect(await readQuotationFile(db, { tenantId: fx.tenantId, customerId: fx.b.customerId }, files[0].id, dir)).toBeNull();
    expect(await readQuotationFile(db, { tenantId: other.tenantId }, files[0].id, dir)).toBeNull();
    expect(await readQuotationFile(db, { tenantId: fx.tenantId }, files[0].id, dir)).not.toBeNull();
  });

  it("shows a quotation to its own customer and the entity's staff only", async () => {
    const id = await file();
    expect((await listDealerQuotations(db, fx.a)).some((q) => q.id === id)).toBe(true);
    expect((await listDealerQuotations(db, fx.b)).some((q) => q.id === id)).toBe(false);
    await expect(getDealerQuotation(db, fx.b, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getStaffQuotation(db, { ...staff, tenantId: other.tenantId }, id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listStaffQuotations(db, staff, {}))[0].status).toBe("submitted");
    await expect(dealerQuoteStep(db, fx.b, id, { token: newSubmitToken(), event: "cancel", body: "" })).rejects.toBeInstanceOf(NotFoundError);
    expect(await quote(id)).toMatchObject({ ok: true });
    await expect(staffQuoteStep(db, { ...staff, tenantId: other.tenantId }, id, { token: newSubmitToken(), event: "ask", body: "?" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("a question and its answer, each posted twice, move it once each, with a notice and audit entries", async () => {
    const id = await file();
    expect(await dealerQuoteStep(db, fx.a, id, { token: newSubmitToken(), event: "answer", body: "x" })).toMatchObject({
      ok: false,
      error: { key: "quotation:error.wrongState" },
    });
    expect(await staffQuoteStep(db, staff, id, { token: newSubmitToken(), event: "ask", body: "  " })).toMatchObject({
      ok: false,
      error: { key: "quotation:error.questionRequired" },
    });
    const token = newSubmitToken();
    const asked = await Promise.all([0, 1].map(() => staffQuoteStep(db, staff, id, { token, event: "ask", body: "柄部公差要求？" })));
    expect(asked.every((r) => r.ok)).toBe(true);
    expect(await status(id)).toBe("question");
    expect(await staffQuoteStep(db, staff, id, { token: newSubmitToken(), event: "ask", body: "again" })).toMatchObject({
      ok: false,
      error: { key: "quotation:error.wrongState" },
    });
    const answer = newSubmitToken();
    await dealerQuoteStep(db, fx.a, id, { token: answer, event: "answer", body: "h6" });
    expect(await dealerQuoteStep(db, fx.a, id, { token: answer, event: "answer", body: "h6" })).toMatchObject({ ok: true, value: { already: true } });
    expect(await status(id)).toBe("submitted");
    const { messages } = await getDealerQuotation(db, fx.a, id);
    expect(messages.map((m) => m.event)).toEqual(["submit", "ask", "answer"]);
    const notices = await db.selectFrom("notice").selectAll().where("type", "=", "quotation").where("detail_id", "=", id).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ user_id: fx.a.id, tenant_id: fx.tenantId });
    expect(notices[0].body_zh).toContain("柄部公差要求？");
    const audit = await db.selectFrom("audit_log").select("after_json").where("entity", "=", "quotation").execute();
    expect(audit.some((a) => a.after_json?.includes('"event":"answer"'))).toBe(true);
  });

  it("checks the quote: price, MOQ, lead time, a validity not in the past", async () => {
    const id = await file();
    expect(await quote(id, { unitPrice: 0 })).toMatchObject({ ok: false, error: { key: "quotation:error.price" } });
    expect(await quote(id, { moq: 0 })).toMatchObject({ ok: false, error: { key: "quotation:error.moq" } });
    expect(await quote(id, { leadTimeDays: 0 })).toMatchObject({ ok: false, error: { key: "quotation:error.leadTime" } });
    expect(await quote(id, { validUntil: "2000-01-01" })).toMatchObject({ ok: false, error: { key: "quotation:error.validUntil" } });
    expect(await status(id)).toBe("submitted");
  });

  it("accept puts the item into the cart at the quoted price once; it is ordered through the normal order, once", async () => {
    const id = await file();
    await quote(id);
    const notice = await db
      .selectFrom("notice")
      .select(["title_zh", "body_en"])
      .where("type", "=", "quotation")
      .where("detail_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(notice.body_en).toContain("CNY 128.50");
    expect(await acceptQuotation(db, fx.aNoOrder, id, { token: newSubmitToken(), qty: 30 })).toMatchObject({
      ok: false,
      error: { key: "common:errors.noOrderPermission" },
    });
    expect(await acceptQuotation(db, fx.a, id, { token: newSubmitToken(), qty: 29 })).toMatchObject({ ok: false, error: { key: "quotation:error.belowMoq" } });
    await expect(acceptQuotation(db, fx.b, id, { token: newSubmitToken(), qty: 30 })).rejects.toBeInstanceOf(NotFoundError);
    const token = newSubmitToken();
    const both = await Promise.all([acceptQuotation(db, fx.a, id, { token, qty: 40 }), acceptQuotation(db, fx.a, id, { token, qty: 40 })]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect(await acceptQuotation(db, fx.a, id, { token: newSubmitToken(), qty: 40 })).toMatchObject({
      ok: false,
      error: { key: "quotation:error.wrongState" },
    });
    expect(await status(id)).toBe("accepted");

    const q = await db.selectFrom("quotation").select(["product_id", "quote_no"]).where("id", "=", id).executeTakeFirstOrThrow();
    const cart = await getCart(db, fx.a);
    const lines = cart.lines.filter((l) => l.productId === q.product_id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ qty: 40, madeToOrder: true, error: null, stockError: null });
    expect(lines[0].priced).toMatchObject({ unit: 12_850, amount: 514_000 });
    // never in the catalogue, search results or the item page, and no price for anyone else
    expect(await productsByIds(db, [q.product_id!], "zh")).toEqual([]);
    expect(await getProductByCode(db, q.quote_no, "zh")).toBeNull();
    const bCart = await db.selectFrom("cart_item").select("id").where("product_id", "=", q.product_id!).where("user_id", "=", fx.b.id).execute();
    expect(bCart).toEqual([]);

    // the order: only the quoted line
    await db.updateTable("cart_item").set({ selected: 0 }).where("user_id", "=", fx.a.id).where("product_id", "<>", q.product_id!).execute();
    const order = await submitOrder(db, fx.a, {
      token: newSubmitToken(),
      addressId: fx.addressA,
      paymentMethod: "prepayment",
      expectedDeliveryDate: inDays(60),
    });
    expect(order, JSON.stringify(order)).toMatchObject({ ok: true, duplicate: false });
    if (!order.ok) return;
    const line = await db
      .selectFrom("order_line as l")
      .innerJoin("sales_order as o", "o.id", "l.order_id")
      .select(["l.unit_price", "l.qty", "l.amount", "l.ordering_code", "l.esd"])
      .where("o.order_no", "=", order.orderNo)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ unit_price: 12_850, qty: 40, amount: 514_000, ordering_code: q.quote_no });
    expect(line.esd! > todayIso()).toBe(true);
    const after = await db.selectFrom("quotation").select(["status", "order_no"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "ordered", order_no: order.orderNo });
    // once ordered, the item has no price any more: it cannot be put in the cart again
    const again = await getCart(db, fx.a);
    expect(again.lines.some((l) => l.productId === q.product_id)).toBe(false);
  });

  it("an expired quote cannot be accepted; the dealer may decline or cancel an open one", async () => {
    const id = await file();
    await quote(id, { validUntil: todayIso() });
    const tomorrow = new Date(Date.now() + 2 * 86400_000);
    expect(await acceptQuotation(db, fx.a, id, { token: newSubmitToken(), qty: 30 }, tomorrow)).toMatchObject({
      ok: false,
      error: { key: "quotation:error.expired" },
    });
    expect(await dealerQuoteStep(db, fx.a, id, { token: newSubmitToken(), event: "decline", body: "价格高" })).toMatchObject({ ok: true });
    expect(await status(id)).toBe("declined");
    expect(await dealerQuoteStep(db, fx.a, id, { token: newSubmitToken(), event: "cancel", body: "" })).toMatchObject({
      ok: false,
      error: { key: "quotation:error.wrongState" },
    });
    const other2 = await file();
    expect(await dealerQuoteStep(db, fx.a, other2, { token: newSubmitToken(), event: "cancel", body: "" })).toMatchObject({ ok: true });
    expect(await status(other2)).toBe("cancelled");
  });
});
