import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { listAudit } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";
import { newSubmitToken } from "~/modules/orders/submit.server";
import { makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { createQuotation, getDealerQuotation, getStaffQuotation, type NewQuotation } from "./requests.server";
import {
  addAttribute,
  createToolType,
  getToolTypeForEditing,
  listToolTypesForEditing,
  removeAttribute,
  reorderAttributes,
  restoreAttribute,
  updateAttribute,
  updateToolType,
} from "./tool-type-editor.server";
import { attributeProblems, choiceLines, toolTypeProblems, type NewAttributeInput } from "./tool-type-rules";
import { ensureToolTypes, listToolTypes } from "./tool-types.server";

const number = (over: Partial<NewAttributeInput> = {}): NewAttributeInput => ({
  key: "diameter",
  labelZh: "直径",
  labelEn: "Diameter",
  kind: "number",
  unit: "mm",
  min: 1,
  max: 20,
  choices: [],
  required: true,
  ...over,
});
const choice = (over: Partial<NewAttributeInput> = {}): NewAttributeInput => ({
  key: "coating",
  labelZh: "涂层",
  labelEn: "Coating",
  kind: "choice",
  unit: null,
  min: null,
  max: null,
  choices: ["PVD", "CVD"],
  required: true,
  ...over,
});
const fields = (found: { field: string; error: string }[]) => found.map((p) => `${p.field}:${p.error.replace("quotation:types.error.", "")}`);

describe("the rules of a tool type and an attribute", () => {
  it.each([
    [{ code: "saw_blade2", nameZh: "锯片", nameEn: "Saw blade", sort: 10, active: true }, []],
    [{ code: "Saw-Blade", nameZh: "锯片", nameEn: "Saw blade", sort: 10, active: true }, ["code:codeFormat"]],
    [{ code: "", nameZh: " ", nameEn: "x".repeat(61), sort: -1, active: true }, ["code:codeFormat", "nameZh:nameRequired", "nameEn:nameTooLong", "sort:sort"]],
    [{ nameZh: "锯片", nameEn: "Saw blade", sort: 1.5, active: false }, ["sort:sort"]],
  ])("type %j → %j", (input, expected) => {
    expect(fields(toolTypeProblems(input))).toEqual(expected);
  });

  it.each([
    [number(), []],
    [number({ key: "Dia-meter" }), ["key:keyFormat"]],
    [number({ min: 30, max: 20 }), ["max:minAboveMax"]],
    [number({ min: 20, max: 20 }), []],
    [number({ min: -1, max: 1.2345 }), ["min:bound", "max:bound"]],
    [number({ unit: "millimetres" }), ["unit:unitTooLong"]],
    [choice(), []],
    [choice({ choices: ["PVD"] }), ["choices:choicesFew"]],
    [choice({ choices: ["PVD", " PVD "] }), ["choices:choiceTwice"]],
    [choice({ choices: ["PVD", "x".repeat(51)] }), ["choices:choiceLong"]],
    [choice({ choices: Array.from({ length: 31 }, (_, i) => `c${i}`) }), ["choices:choicesMany"]],
    // bounds and choices a kind does not use are dropped, not refused
    [choice({ min: 30, max: 1 }), []],
    [number({ choices: ["a"] }), []],
    [{ ...number(), kind: "colour" as never }, ["kind:kind"]],
  ])("attribute %j → %j", (input, expected) => {
    expect(fields(attributeProblems(input))).toEqual(expected);
  });

  it("reads choices one per line", () => {
    expect(choiceLines(" PVD \r\n\nCVD\n  \n无涂层\n")).toEqual(["PVD", "CVD", "无涂层"]);
  });
});

describe.each(testDatabases())("the tool type editor on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let dir: string;
  const admin = { id: 1, code: "EMP000001", tenantId: null };
  const staff = () => ({ id: fx.a.id, code: "EMP000002", tenantId: fx.tenantId });
  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    await ensureToolTypes(db);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "quote-types-"));
  });

  const request = (typeId: number, attributes: Record<string, string>): NewQuotation => ({
    token: newSubmitToken(),
    typeId,
    attributes,
    qty: 5,
    wantedDate: null,
    material: "S45C",
    note: "",
    files: [],
  });
  const newType = async (code: string) => {
    const r = await createToolType(db, admin, { code, nameZh: `类型 ${code}`, nameEn: `Type ${code}`, sort: 50, active: true });
    if (!r.ok) throw new Error(r.error.key);
    return r.value.id;
  };
  const attr = async (typeId: number, input: NewAttributeInput) => {
    const r = await addAttribute(db, admin, typeId, input);
    if (!r.ok) throw new Error(r.error.key);
    return r.value.id;
  };

  it("adds a type with a unique, fixed code; lists it with its counts; audits it", async () => {
    expect(await createToolType(db, admin, { code: "Bad Code", nameZh: "x", nameEn: "x", sort: 1, active: true })).toMatchObject({
      ok: false,
      error: { key: "quotation:types.error.codeFormat", field: "code" },
    });
    expect(await createToolType(db, admin, { code: "drill", nameZh: "x", nameEn: "x", sort: 1, active: true })).toMatchObject({
      ok: false,
      error: { key: "quotation:types.error.codeTaken", field: "code" },
    });
    const id = await newType("saw");
    const row = (await listToolTypesForEditing(db)).find((t) => t.id === id);
    expect(row).toMatchObject({ code: "saw", nameZh: "类型 saw", active: true, sort: 50, attributes: 0, requests: 0 });
    expect((await listToolTypesForEditing(db)).find((t) => t.code === "drill")).toMatchObject({ attributes: 6 });
    const [entry] = (await listAudit(db, { entity: "quote_tool_type", entityId: "saw" }, 1)).rows;
    expect(entry).toMatchObject({ action: "create", user_code: "EMP000001" });
    // twice at once: one type
    const twice = await Promise.all([0, 1].map(() => createToolType(db, admin, { code: "saw_twice", nameZh: "x", nameEn: "x", sort: 1, active: true })));
    expect(twice.filter((r) => r.ok)).toHaveLength(1);
    expect((await listToolTypesForEditing(db)).filter((t) => t.code === "saw_twice")).toHaveLength(1);
  });

  it("attributes: format, unique key per type (another type may use it), min ≤ max, two choices at least", async () => {
    const id = await newType("tap");
    expect(await addAttribute(db, admin, id, number({ key: "Size!" }))).toMatchObject({
      ok: false,
      error: { key: "quotation:types.error.keyFormat", field: "key" },
    });
    expect(await addAttribute(db, admin, id, number({ min: 9, max: 3 }))).toMatchObject({
      ok: false,
      error: { key: "quotation:types.error.minAboveMax", field: "max" },
    });
    expect(await addAttribute(db, admin, id, choice({ choices: ["PVD"] }))).toMatchObject({ ok: false, error: { field: "choices" } });
    await attr(id, number());
    expect(await addAttribute(db, admin, id, number({ labelZh: "又一个" }))).toMatchObject({
      ok: false,
      error: { key: "quotation:types.error.keyTaken", field: "key" },
    });
    // "diameter" is also the drill's key: keys are unique per type only
    await attr(id, choice());
    const { attributes } = await getToolTypeForEditing(db, id);
    expect(attributes.map((a) => [a.key, a.sort, a.active])).toEqual([
      ["diameter", 1, true],
      ["coating", 2, true],
    ]);
    await expect(addAttribute(db, admin, 99_999_999, number())).rejects.toBeInstanceOf(NotFoundError);
  });

  it("an inactive type is not offered and refuses new requests; its earlier requests still show it with their values", async () => {
    const id = await newType("grooving");
    await attr(id, number({ key: "width", labelZh: "槽宽", labelEn: "Groove width" }));
    expect((await listToolTypes(db)).map((t) => t.code)).toContain("grooving");
    const filed = await createQuotation(db, fx.a, request(id, { width: "3" }), { dir });
    expect(filed.ok).toBe(true);
    expect(await updateToolType(db, admin, id, { nameZh: "切槽刀", nameEn: "Grooving tool", sort: 5, active: false })).toEqual({ ok: true });
    expect((await listToolTypes(db)).map((t) => t.code)).not.toContain("grooving");
    expect(await createQuotation(db, fx.a, request(id, { width: "3" }), { dir })).toMatchObject({ ok: false, error: { key: "quotation:error.type" } });
    const seen = await getDealerQuotation(db, fx.a, filed.ok ? filed.value.id : 0);
    expect(seen.quotation.type_zh).toBe("切槽刀");
    expect(seen.attributes).toEqual([{ key: "width", labelZh: "槽宽", labelEn: "Groove width", unit: "mm", value: "3" }]);
    expect((await listToolTypesForEditing(db)).find((t) => t.id === id)).toMatchObject({ active: false, requests: 1, sort: 5 });
    const [entry] = (await listAudit(db, { entity: "quote_tool_type", entityId: "grooving" }, 1)).rows;
    expect(JSON.parse(entry.after_json ?? "{}")).toMatchObject({ active: 0, name_en: "Grooving tool" });
  });

  it("what the dealer's form validates against follows every attribute change at once", async () => {
    const id = await newType("boring");
    const dia = await attr(id, number());
    await attr(id, choice());
    const ok = { diameter: "12", coating: "PVD" };
    expect((await createQuotation(db, fx.a, request(id, ok), { dir })).ok).toBe(true);
    // a narrower range, a changed list of choices
    expect(await updateAttribute(db, admin, id, dia, { ...number(), max: 10 })).toEqual({ ok: true });
    const coating = (await getToolTypeForEditing(db, id)).attributes.find((a) => a.key === "coating")!;
    expect(await updateAttribute(db, admin, id, coating.id, { ...choice(), choices: ["AlTiN", "TiN"] })).toEqual({ ok: true });
    const refused = await createQuotation(db, fx.a, request(id, ok), { dir });
    expect(refused).toMatchObject({ ok: false, error: { key: "quotation:error.attributes" } });
    expect(!refused.ok && refused.attributeErrors).toEqual([
      expect.objectContaining({ key: "quotation:error.attrRange", field: "attrs.diameter" }),
      { key: "quotation:error.attrChoice", field: "attrs.coating" },
    ]);
    // a new required attribute is required at once
    await attr(id, { key: "length", labelZh: "长度", labelEn: "Length", kind: "text", unit: null, min: null, max: null, choices: [], required: true });
    const missing = await createQuotation(db, fx.a, request(id, { diameter: "8", coating: "TiN" }), { dir });
    expect(!missing.ok && missing.attributeErrors).toEqual([{ key: "quotation:error.attrRequired", field: "attrs.length" }]);
    const offered = (await listToolTypes(db)).find((t) => t.id === id)!;
    expect(offered.attributes.map((a) => a.key)).toEqual(["diameter", "coating", "length"]);
    expect(offered.attributes[0]).toMatchObject({ max: 10 });
  });

  it("removing: an attribute requests used is hidden and keeps showing on them; an unused one is deleted; a hidden one comes back", async () => {
    const id = await newType("chamfer");
    const angle = await attr(id, number({ key: "angle", labelZh: "角度", labelEn: "Angle", unit: "°", min: 10, max: 90 }));
    const spare = await attr(id, {
      key: "spare",
      labelZh: "备用",
      labelEn: "Spare",
      kind: "text",
      unit: null,
      min: null,
      max: null,
      choices: [],
      required: false,
    });
    const filed = await createQuotation(db, fx.a, request(id, { angle: "45" }), { dir });
    if (!filed.ok) throw new Error(filed.error.key);
    expect(await removeAttribute(db, admin, id, angle)).toEqual({ ok: true, value: { removed: "hidden" } });
    expect(await removeAttribute(db, admin, id, angle)).toEqual({ ok: true, value: { removed: "hidden" } }); // twice: one effect
    expect(await removeAttribute(db, admin, id, spare)).toEqual({ ok: true, value: { removed: "deleted" } });
    await expect(removeAttribute(db, admin, id, spare)).rejects.toBeInstanceOf(NotFoundError);
    // the dealer's form no longer asks for it, nor checks it
    expect((await listToolTypes(db)).find((t) => t.id === id)!.attributes).toEqual([]);
    expect((await createQuotation(db, fx.a, request(id, {}), { dir })).ok).toBe(true);
    // the earlier request still shows the value with its label, to the dealer and the order desk
    expect((await getDealerQuotation(db, fx.a, filed.value.id)).attributes).toEqual([
      { key: "angle", labelZh: "角度", labelEn: "Angle", unit: "°", value: "45" },
    ]);
    expect((await getStaffQuotation(db, staff(), filed.value.id)).attributes.map((a) => a.labelEn)).toEqual(["Angle"]);
    // the key stays taken while hidden; the editor shows it with its use
    expect(await addAttribute(db, admin, id, number({ key: "angle" }))).toMatchObject({ ok: false, error: { key: "quotation:types.error.keyTaken" } });
    expect((await getToolTypeForEditing(db, id)).attributes.map((a) => [a.key, a.active, a.requests])).toEqual([["angle", false, 1]]);
    expect(await restoreAttribute(db, admin, id, angle)).toEqual({ ok: true });
    expect((await listToolTypes(db)).find((t) => t.id === id)!.attributes.map((a) => a.key)).toEqual(["angle"]);
    const actions = (await listAudit(db, { entity: "quote_attribute" }, 1)).rows
      .filter((r) => r.entity_id.startsWith("chamfer."))
      .map((r) => `${r.action} ${r.entity_id}`);
    expect(actions.slice(0, 3)).toEqual(["update chamfer.angle", "delete chamfer.spare", "update chamfer.angle"]);
  });

  it("reorders by the full list (the same post twice, the same order); a stale list is refused", async () => {
    const id = await newType("reamer2");
    const a = await attr(id, number({ key: "a" }));
    const b = await attr(id, number({ key: "b" }));
    const c = await attr(id, number({ key: "c" }));
    expect(await reorderAttributes(db, admin, id, [c, a, b])).toEqual({ ok: true });
    expect(await reorderAttributes(db, admin, id, [c, a, b])).toEqual({ ok: true });
    expect((await listToolTypes(db)).find((t) => t.id === id)!.attributes.map((x) => x.key)).toEqual(["c", "a", "b"]);
    expect(await reorderAttributes(db, admin, id, [a, b])).toMatchObject({ ok: false, error: { key: "quotation:types.error.orderChanged" } });
    expect(await reorderAttributes(db, admin, id, [a, a, b])).toMatchObject({ ok: false, error: { key: "quotation:types.error.orderChanged" } });
    const drill = (await listToolTypes(db)).find((t) => t.code === "drill")!;
    const drillAttr = (await getToolTypeForEditing(db, drill.id)).attributes[0].id;
    expect(await reorderAttributes(db, admin, id, [c, a, drillAttr])).toMatchObject({ ok: false });
    await expect(updateAttribute(db, admin, id, drillAttr, number())).rejects.toBeInstanceOf(NotFoundError);
  });
});
