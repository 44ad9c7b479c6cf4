import type { Selectable } from "kysely";
import type { DB } from "~/db/db.server";
import type { QuoteAttributeTable } from "~/db/schema";
import type { AttributeDef } from "./attributes";

/**
 * The tool types a dealer may ask a customized quotation for, and the attributes of each (the
 * ERP's `cutternonstdquotation/GetAttr`, decision 051): the trade's usual specification of a
 * special insert, end mill, drill, holder and reamer / form tool. Written once into an empty
 * table by `ensureToolTypes` (the seed runs it); afterwards the table is the authority, kept by
 * the administrator at /system/quotationToolType (`tool-type-editor.server.ts`).
 *
 * Nothing caches them: every form and every check reads the tables, so an edit shows at once.
 */
export interface ToolType {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  attributes: AttributeDef[];
}

export const attributeDef = (a: Selectable<QuoteAttributeTable>): AttributeDef => ({
  key: a.key,
  labelZh: a.label_zh,
  labelEn: a.label_en,
  kind: a.kind as AttributeDef["kind"],
  unit: a.unit,
  min: a.min_value === null ? null : Number(a.min_value),
  max: a.max_value === null ? null : Number(a.max_value),
  choices: a.choices ? (JSON.parse(a.choices) as string[]) : [],
  required: a.required === 1,
});

async function readTypes(db: DB, opts: { id?: number; offered: boolean }): Promise<ToolType[]> {
  let types = db.selectFrom("quote_tool_type").selectAll().orderBy("sort").orderBy("id");
  let attrs = db.selectFrom("quote_attribute").selectAll().orderBy("type_id").orderBy("sort").orderBy("id");
  if (opts.id !== undefined) {
    types = types.where("id", "=", opts.id);
    attrs = attrs.where("type_id", "=", opts.id);
  }
  if (opts.offered) {
    types = types.where("active", "=", 1);
    attrs = attrs.where("active", "=", 1);
  }
  const [typeRows, attrRows] = await Promise.all([types.execute(), attrs.execute()]);
  return typeRows.map((t) => ({
    id: t.id,
    code: t.code,
    nameZh: t.name_zh,
    nameEn: t.name_en,
    attributes: attrRows.filter((a) => a.type_id === t.id).map(attributeDef),
  }));
}

/** The types a dealer is offered (active), each with its current attributes, in their order (GetAttr). */
export const listToolTypes = (db: DB) => readTypes(db, { offered: true });

/** One offered type with its current attributes: what a new request is checked against; null when inactive or unknown. */
export const offeredToolType = async (db: DB, id: number): Promise<ToolType | null> => (await readTypes(db, { id, offered: true }))[0] ?? null;

/**
 * One type as an earlier request reads it: active or not, with every attribute, removed ones too,
 * so the request's values keep their labels (a request stores only key → value).
 */
export const toolTypeOfRequest = async (db: DB, id: number): Promise<ToolType | null> => (await readTypes(db, { id, offered: false }))[0] ?? null;
export interface AttrDef {
  key: string;
  zh: string;
  en: string;
  kind: "number" | "choice" | "text";
  unit?: string;
  min?: number;
  max?: number;
  choices?: string[];
  required?: boolean;
}

export const DEFAULT_TOOL_TYPES: { code: string; zh: string; en: string; attrs: AttrDef[] }[] = [
  {
    code: "insert",
    zh: "非标刀片",
    en: "Special insert",
    attrs: [
      {
        key: "shape",
        zh: "刀片形状",
        en: "Shape",
        kind: "choice",
        choices: ["C 80°", "D 55°", "S 90°", "T 60°", "V 35°", "W 80°", "R 圆形", "其他"],
        required: true,
      },
      { key: "size", zh: "内切圆/刃长", en: "Size (IC / edge length)", kind: "number", unit: "mm", min: 3, max: 50, required: true },
      { key: "thickness", zh: "厚度", en: "Thickness", kind: "number", unit: "mm", min: 1, max: 15, required: true },
      { key: "nose_radius", zh: "刀尖圆角", en: "Nose radius", kind: "number", unit: "mm", min: 0, max: 6, required: true },
      { key: "chip_breaker", zh: "断屑槽", en: "Chip-breaker", kind: "text" },
      { key: "grade", zh: "牌号", en: "Grade", kind: "text", required: true },
      { key: "coating", zh: "涂层", en: "Coating", kind: "choice", choices: ["CVD", "PVD", "无涂层"], required: true },
    ],
  },
  {
    code: "end_mill",
    zh: "非标立铣刀",
    en: "Special end mill",
    attrs: [
      { key: "diameter", zh: "刃径", en: "Cutting diameter", kind: "number", unit: "mm", min: 0.2, max: 40, required: true },
      { key: "flutes", zh: "刃数", en: "Flutes", kind: "number", min: 1, max: 12, required: true },
      { key: "flute_length", zh: "刃长", en: "Flute length", kind: "number", unit: "mm", min: 0.5, max: 200, required: true },
      { key: "overall_length", zh: "总长", en: "Overall length", kind: "number", unit: "mm", min: 30, max: 300, required: true },
      { key: "corner", zh: "刀尖形式", en: "Corner", kind: "choice", choices: ["尖角", "圆角", "球头", "倒角"], required: true },
      { key: "shank", zh: "柄径", en: "Shank diameter", kind: "number", unit: "mm", min: 3, max: 40 },
      { key: "coating", zh: "涂层", en: "Coating", kind: "choice", choices: ["AlTiN", "TiAlSiN", "DLC", "无涂层"] },
    ],
  },
  {
    code: "drill",
    zh: "非标钻头",
    en: "Special drill",
    attrs: [
      { key: "diameter", zh: "直径", en: "Diameter", kind: "number", unit: "mm", min: 0.5, max: 40, required: true },
      { key: "length", zh: "总长", en: "Overall length", kind: "number", unit: "mm", min: 20, max: 400, required: true },
      { key: "point_angle", zh: "顶角", en: "Point angle", kind: "number", unit: "°", min: 90, max: 180, required: true },
      { key: "shank", zh: "柄部", en: "Shank", kind: "choice", choices: ["圆柄 h6", "削平柄 HB", "莫氏锥柄"], required: true },
      { key: "coolant", zh: "内冷", en: "Through-coolant", kind: "choice", choices: ["有", "无"], required: true },
      { key: "steps", zh: "台阶说明", en: "Steps", kind: "text" },
    ],
  },
  {
    code: "holder",
    zh: "非标刀杆/刀体",
    en: "Special holder / tool body",
    attrs: [
      { key: "operation", zh: "加工方式", en: "Operation", kind: "choice", choices: ["外圆车削", "内孔车削", "切槽", "螺纹", "铣削"], required: true },
      { key: "interface", zh: "接口/柄部", en: "Interface / shank", kind: "text", required: true },
      { key: "insert_code", zh: "配用刀片", en: "Insert used", kind: "text", required: true },
      { key: "overhang", zh: "悬伸长度", en: "Overhang", kind: "number", unit: "mm", min: 10, max: 600 },
      { key: "hand", zh: "方向", en: "Hand", kind: "choice", choices: ["右手 R", "左手 L", "中性 N"], required: true },
    ],
  },
  {
    code: "form_tool",
    zh: "非标铰刀/成型刀",
    en: "Special reamer / form tool",
    attrs: [
      { key: "diameter", zh: "直径", en: "Diameter", kind: "number", unit: "mm", min: 1, max: 80, required: true },
      { key: "tolerance", zh: "公差", en: "Tolerance", kind: "text", required: true },
      { key: "profile", zh: "型面说明", en: "Profile", kind: "text", required: true },
      { key: "material", zh: "刀具材料", en: "Tool material", kind: "choice", choices: ["硬质合金", "金属陶瓷", "PCD", "CBN"], required: true },
    ],
  },
];

/** Writes the default tool types and attributes when there are none yet. */
export async function ensureToolTypes(db: DB): Promise<void> {
  const any = await db.selectFrom("quote_tool_type").select("id").limit(1).executeTakeFirst();
  if (any) return;
  for (const [i, t] of DEFAULT_TOOL_TYPES.entries()) {
    const { id } = await db
      .insertInto("quote_tool_type")
      .values({ code: t.code, name_zh: t.zh, name_en: t.en, sort: i + 1, active: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("quote_attribute")
      .values(
        t.attrs.map((a, j) => ({
          type_id: id,
          key: a.key,
          label_zh: a.zh,
          label_en: a.en,
          kind: a.kind,
          unit: a.unit ?? null,
          min_value: a.min ?? null,
          max_value: a.max ?? null,
          choices: a.choices ? JSON.stringify(a.choices) : null,
          required: a.required ? 1 : 0,
          sort: j + 1,
        })),
      )
      .execute();
  }
}
