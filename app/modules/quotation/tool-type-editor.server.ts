import type { DB } from "~/db/db.server";
import { recordAudit, type Actor } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import type { AttributeDef } from "./attributes";
import {
  ATTRIBUTES_MAX,
  attributeProblems,
  LIMITS,
  cleanAttribute,
  toolTypeProblems,
  type AttributeInput,
  type NewAttributeInput,
  type NewToolTypeInput,
  type Problem,
  type ToolTypeInput,
} from "./tool-type-rules";
import { attributeDef } from "./tool-types.server";

/**
 * The administrator's editor of tool types and their attributes (decision 051, "Editing the
 * types"). Tool types are reference data of the whole shop, not of a company entity: every
 * entity's dealers are offered the same types, so there is no other entity's type to hide. A
 * type's code and an attribute's key never change once created (requests store key → value and
 * the dealer's form posts `?type=<code>`). An inactive type is no longer offered; an attribute
 * that earlier requests carry a value for is hidden when removed (`active` 0), never deleted, so
 * those requests keep showing it with its label; one nobody used is deleted. Every change is one
 * transaction with its audit entry.
 */
/** A refusal on its field; the message's numbers come from LIMITS. */
const refuse = (p: Problem) => fail(p.error, LIMITS, p.field);
const E = "quotation:types.error.";

export interface ToolTypeRow {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  active: boolean;
  /** attributes offered now (removed ones not counted) */
  attributes: number;
  /** requests of this type, in every entity */
  requests: number;
}

/** Every tool type, active or not, with how many attributes it offers and how many requests use it. */
export async function listToolTypesForEditing(db: DB): Promise<ToolTypeRow[]> {
  const [types, attrs, requests] = await Promise.all([
    db.selectFrom("quote_tool_type").selectAll().orderBy("sort").orderBy("id").execute(),
    db
      .selectFrom("quote_attribute")
      .select(["type_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("active", "=", 1)
      .groupBy("type_id")
      .execute(),
    db
      .selectFrom("quotation")
      .select(["type_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("type_id")
      .execute(),
  ]);
  const count = (rows: { type_id: number; n: number | string }[], id: number) => Number(rows.find((r) => r.type_id === id)?.n ?? 0);
  return types.map((t) => ({
    id: t.id,
    code: t.code,
    nameZh: t.name_zh,
    nameEn: t.name_en,
    sort: t.sort,
    active: t.active === 1,
    attributes: count(attrs, t.id),
    requests: count(requests, t.id),
  }));
}

export interface AttributeRow extends AttributeDef {
  id: number;
  sort: number;
  active: boolean;
  /** earlier requests of the type that carry a value for it */
  requests: number;
}

/** How many of the type's requests carry a value for each key (requests store key → value as JSON). */
async function keyUse(db: DB, typeId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom("quotation").select("attributes").where("type_id", "=", typeId).execute();
  const use = new Map<string, number>();
  for (const r of rows) for (const k of Object.keys(JSON.parse(r.attributes) as Record<string, string>)) use.set(k, (use.get(k) ?? 0) + 1);
  return use;
}

/** One type with all its attributes (offered ones in their order, then removed ones); NotFoundError when there is none. */
export async function getToolTypeForEditing(db: DB, id: number) {
  const type = (await listToolTypesForEditing(db)).find((t) => t.id === id);
  if (!type) throw new NotFoundError("tool type");
  const [rows, use] = await Promise.all([
    db.selectFrom("quote_attribute").selectAll().where("type_id", "=", id).orderBy("active", "desc").orderBy("sort").orderBy("id").execute(),
    keyUse(db, id),
  ]);
  const attributes: AttributeRow[] = rows.map((a) => ({ ...attributeDef(a), id: a.id, sort: a.sort, active: a.active === 1, requests: use.get(a.key) ?? 0 }));
  return { type, attributes };
}

/** One attribute of the type, with the type; NotFoundError for another type's or an unknown one. */
export async function getAttributeForEditing(db: DB, typeId: number, attrId: number) {
  const { type, attributes } = await getToolTypeForEditing(db, typeId);
  const attribute = attributes.find((x) => x.id === attrId);
  if (!attribute) throw new NotFoundError("tool attribute");
  return { type, attribute };
}

const typeValues = (input: ToolTypeInput) => ({ name_zh: input.nameZh.trim(), name_en: input.nameEn.trim(), sort: input.sort, active: input.active ? 1 : 0 });

const codeTaken = (db: DB, code: string) => db.selectFrom("quote_tool_type").select("id").where("code", "=", code).executeTakeFirst();

/** A new type (no attributes yet: they are added one by one). The code is unique; posted twice, the second is refused as taken. */
export async function createToolType(db: DB, actor: Actor, input: NewToolTypeInput, now = new Date()): Promise<Result<{ id: number }>> {
  const problem = toolTypeProblems(input)[0];
  if (problem) return refuse(problem);
  if (await codeTaken(db, input.code)) return refuse({ field: "code", error: `${E}codeTaken` });
  const values = { code: input.code, ...typeValues(input) };
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx.insertInto("quote_tool_type").values(values).returning("id").executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "create", entity: "quote_tool_type", entityId: input.code, after: values }, now);
      return row.id;
    });
    return ok({ id });
  } catch (e) {
    // the same form posted twice at once: the unique code let one through
    if (await codeTaken(db, input.code)) return refuse({ field: "code", error: `${E}codeTaken` });
    throw e;
  }
}

/** Names, order and whether dealers are offered it; the code stays. */
export async function updateToolType(db: DB, actor: Actor, id: number, input: ToolTypeInput, now = new Date()): Promise<Result> {
  const problem = toolTypeProblems(input)[0];
  if (problem) return refuse(problem);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("quote_tool_type").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw new NotFoundError("tool type");
    const after = typeValues(input);
    await trx.updateTable("quote_tool_type").set(after).where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "update", entity: "quote_tool_type", entityId: before.code, before, after }, now);
    return ok();
  });
}

const attributeValues = (input: AttributeInput) => {
  const a = cleanAttribute(input);
  return {
    label_zh: a.labelZh,
    label_en: a.labelEn,
    kind: a.kind,
    unit: a.unit,
    min_value: a.min,
    max_value: a.max,
    choices: a.kind === "choice" ? JSON.stringify(a.choices) : null,
    required: a.required ? 1 : 0,
  };
};

const typeCode = async (db: DB, typeId: number) => {
  const t = await db.selectFrom("quote_tool_type").select("code").where("id", "=", typeId).executeTakeFirst();
  if (!t) throw new NotFoundError("tool type");
  return t.code;
};
const keyTaken = (db: DB, typeId: number, key: string) =>
  db.selectFrom("quote_attribute").select("id").where("type_id", "=", typeId).where("key", "=", key).executeTakeFirst();

/** A new attribute at the end of the type's form. Its key is unique in the type (a removed one keeps its key). */
export async function addAttribute(db: DB, actor: Actor, typeId: number, input: NewAttributeInput, now = new Date()): Promise<Result<{ id: number }>> {
  const code = await typeCode(db, typeId);
  const problem = attributeProblems(input)[0];
  if (problem) return refuse(problem);
  const taken = () => keyTaken(db, typeId, input.key);
  if (await taken()) return refuse({ field: "key", error: `${E}keyTaken` });
  const offered = await db
    .selectFrom("quote_attribute")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("type_id", "=", typeId)
    .where("active", "=", 1)
    .executeTakeFirstOrThrow();
  if (Number(offered.n) >= ATTRIBUTES_MAX) return refuse({ field: "key", error: `${E}tooMany` });
  try {
    const id = await db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom("quote_attribute")
        .select((eb) => eb.fn.max("sort").as("sort"))
        .where("type_id", "=", typeId)
        .executeTakeFirst();
      const values = { type_id: typeId, key: input.key, ...attributeValues(input), sort: Number(last?.sort ?? 0) + 1, active: 1 };
      const row = await trx.insertInto("quote_attribute").values(values).returning("id").executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "create", entity: "quote_attribute", entityId: `${code}.${input.key}`, after: values }, now);
      return row.id;
    });
    return ok({ id });
  } catch (e) {
    if (await taken()) return refuse({ field: "key", error: `${E}keyTaken` });
    throw e;
  }
}

async function attributeRow(db: DB, typeId: number, attrId: number) {
  const row = await db.selectFrom("quote_attribute").selectAll().where("id", "=", attrId).where("type_id", "=", typeId).executeTakeFirst();
  if (!row) throw new NotFoundError("tool attribute");
  return row;
}

/** Labels, kind, unit, bounds, choices and the required flag; the key stays. Earlier requests keep their values as typed. */
export async function updateAttribute(db: DB, actor: Actor, typeId: number, attrId: number, input: AttributeInput, now = new Date()): Promise<Result> {
  const code = await typeCode(db, typeId);
  const problem = attributeProblems(input)[0];
  if (problem) return refuse(problem);
  return db.transaction().execute(async (trx) => {
    const before = await attributeRow(trx, typeId, attrId);
    const after = attributeValues(input);
    await trx.updateTable("quote_attribute").set(after).where("id", "=", attrId).execute();
    await recordAudit(trx, actor, { action: "update", entity: "quote_attribute", entityId: `${code}.${before.key}`, before, after }, now);
    return ok();
  });
}

/**
 * The type's offered attributes in a new order: the full list of their ids, as the page's up and
 * down buttons post it, so the same post twice gives the same order. A list that is not exactly
 * the offered attributes (one added or removed meanwhile) is refused.
 */
export async function reorderAttributes(db: DB, actor: Actor, typeId: number, order: number[], now = new Date()): Promise<Result> {
  const code = await typeCode(db, typeId);
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("quote_attribute")
      .select(["id", "key", "sort"])
      .where("type_id", "=", typeId)
      .where("active", "=", 1)
      .orderBy("sort")
      .orderBy("id")
      .execute();
    const ids = rows.map((r) => r.id);
    if (order.length !== ids.length || new Set(order).size !== order.length || !order.every((id) => ids.includes(id)))
      return refuse({ field: "order", error: `${E}orderChanged` });
    for (const [i, id] of order.entries())
      await trx
        .updateTable("quote_attribute")
        .set({ sort: i + 1 })
        .where("id", "=", id)
        .execute();
    const keyOf = new Map(rows.map((r) => [r.id, r.key]));
    await recordAudit(
      trx,
      actor,
      {
        action: "update",
        entity: "quote_tool_type",
        entityId: code,
        before: { order: rows.map((r) => r.key) },
        after: { order: order.map((id) => keyOf.get(id)) },
      },
      now,
    );
    return ok();
  });
}

/**
 * Takes an attribute off the type's form. If earlier requests carry a value for it, it is hidden
 * (kept, so they keep showing it with its label, and it can be put back); otherwise deleted.
 * A second post for a hidden one changes nothing.
 */
export async function removeAttribute(
  db: DB,
  actor: Actor,
  typeId: number,
  attrId: number,
  now = new Date(),
): Promise<Result<{ removed: "hidden" | "deleted" }>> {
  const code = await typeCode(db, typeId);
  return db.transaction().execute(async (trx) => {
    const before = await attributeRow(trx, typeId, attrId);
    if (before.active === 0) return ok({ removed: "hidden" as const });
    const used = ((await keyUse(trx, typeId)).get(before.key) ?? 0) > 0;
    if (used) await trx.updateTable("quote_attribute").set({ active: 0 }).where("id", "=", attrId).execute();
    else await trx.deleteFrom("quote_attribute").where("id", "=", attrId).execute();
    await recordAudit(
      trx,
      actor,
      { action: used ? "update" : "delete", entity: "quote_attribute", entityId: `${code}.${before.key}`, before, after: used ? { active: 0 } : undefined },
      now,
    );
    return ok({ removed: used ? ("hidden" as const) : ("deleted" as const) });
  });
}

/** Puts a hidden attribute back on the form, at its end. */
export async function restoreAttribute(db: DB, actor: Actor, typeId: number, attrId: number, now = new Date()): Promise<Result> {
  const code = await typeCode(db, typeId);
  return db.transaction().execute(async (trx) => {
    const before = await attributeRow(trx, typeId, attrId);
    if (before.active === 1) return ok();
    const offered = await trx
      .selectFrom("quote_attribute")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("sort").as("sort")])
      .where("type_id", "=", typeId)
      .where("active", "=", 1)
      .executeTakeFirstOrThrow();
    if (Number(offered.n) >= ATTRIBUTES_MAX) return refuse({ field: "order", error: `${E}tooMany` });
    const after = { active: 1, sort: Number(offered.sort ?? 0) + 1 };
    await trx.updateTable("quote_attribute").set(after).where("id", "=", attrId).execute();
    await recordAudit(trx, actor, { action: "update", entity: "quote_attribute", entityId: `${code}.${before.key}`, before, after }, now);
    return ok();
  });
}
