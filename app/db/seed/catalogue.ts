/**
 * The 4-level product catalogue. Codes read like their path (`L4-TURN-NEG-C-M` is turning →
 * negative inserts → C shape → medium machining) so a product family can compute the node it
 * hangs on without a lookup. Products hang on level-4 nodes only.
 */

export interface CatalogueNodeRow {
  code: string;
  parent_code: string | null;
  level: number;
  label_zh: string;
  label_en: string;
  describe_zh: string;
  describe_en: string;
  show_flag: number;
  is_non_standard: number;
  sort: number;
}

/** A node and its children: [key, zh, en, describe zh, describe en, children?, flags?] */
interface Def {
  key: string;
  zh: string;
  en: string;
  dzh: string;
  den: string;
  children?: Def[];
  hidden?: boolean;
  nonStandard?: boolean;
}

const d = (key: string, zh: string, en: string, dzh: string, den: string, children?: Def[], flags: Partial<Def> = {}): Def => ({
  key,
  zh,
  en,
  dzh,
  den,
  children,
  ...flags,
});

/** Shapes of turning inserts: key, zh, en (corner angle), example designation */
export const TURNING_SHAPES = {
  C: ["C型80°菱形", "C-type 80° rhombic", "CNMG / CCMT"],
  D: ["D型55°菱形", "D-type 55° rhombic", "DNMG / DCMT"],
  S: ["S型90°方形", "S-type 90° square", "SNMG / SCMT"],
  T: ["T型60°三角形", "T-type 60° triangular", "TNMG / TCMT"],
  V: ["V型35°菱形", "V-type 35° rhombic", "VNMG / VCMT"],
  W: ["W型80°凸三角形", "W-type 80° trigon", "WNMG"],
  R: ["R型圆形", "R-type round", "RNMG / RCMT"],
} as const;
export type TurningShape = keyof typeof TURNING_SHAPES;

/** Application sub-groups (level 4) of turning and milling inserts. */
export const APPLICATIONS = {
  F: ["精加工", "Finishing", "小切深、低进给，获得良好表面质量", "Small depth of cut and low feed for a fine surface"],
  M: ["半精加工", "Medium machining", "通用断屑槽，适用范围最广", "All-round chip-breakers for the widest range of work"],
  R: ["粗加工", "Roughing", "大切深、高进给，刃口强度高", "Large depth of cut and high feed with a strong edge"],
  SS: ["不锈钢加工", "Stainless steel", "锋利刃口，减少粘刀和加工硬化", "Sharp edges that limit built-up edge and work hardening"],
  CI: ["铸铁加工", "Cast iron", "高耐磨CVD涂层，适合灰铸铁和球墨铸铁", "Wear-resistant CVD coatings for grey and nodular cast iron"],
  AL: ["有色金属加工", "Non-ferrous", "磨制锋利刃口，适合铝合金和铜合金", "Ground sharp edges for aluminium and copper alloys"],
  HS: ["高温合金加工", "Superalloys", "适合镍基合金和钛合金", "For nickel-based alloys and titanium"],
} as const;
export type Application = keyof typeof APPLICATIONS;

const appNodes = (apps: readonly Application[]): Def[] => apps.map((a) => d(a, APPLICATIONS[a][0], APPLICATIONS[a][1], APPLICATIONS[a][2], APPLICATIONS[a][3]));

const shapeNodes = (shapes: readonly TurningShape[], kind: string, apps: readonly Application[]): Def[] =>
  shapes.map((s) => {
    const [zh, en, example] = TURNING_SHAPES[s];
    return d(s, `${zh}${kind.split("|")[0]}`, `${en} ${kind.split("|")[1]}`, `${example} 系列`, `${example} series`, appNodes(apps));
  });

/** ISO 513 groups for milling inserts, indexable drill inserts and solid tools (level 4). */
const MATERIAL_NODES: Record<string, [string, string, string, string]> = {
  P: ["钢件加工", "Steel", "ISO P：碳钢、合金钢", "ISO P: carbon and alloy steel"],
  M: ["不锈钢加工", "Stainless steel", "ISO M：奥氏体、双相不锈钢", "ISO M: austenitic and duplex stainless"],
  K: ["铸铁加工", "Cast iron", "ISO K：灰铸铁、球墨铸铁", "ISO K: grey and nodular cast iron"],
  N: ["有色金属加工", "Non-ferrous", "ISO N：铝合金、铜合金", "ISO N: aluminium and copper alloys"],
  S: ["高温合金加工", "Superalloys", "ISO S：镍基合金、钛合金", "ISO S: nickel-based alloys and titanium"],
  H: ["淬硬钢加工", "Hardened steel", "ISO H：45–65 HRC 淬硬钢", "ISO H: hardened steel 45–65 HRC"],
  G: ["通用型", "General purpose", "一支刀具覆盖钢、不锈钢和铸铁", "One tool for steel, stainless and cast iron"],
};
const materialNodes = (keys: string): Def[] => keys.split("").map((k) => d(k, ...MATERIAL_NODES[k]));

const HOLDER_SHAPES: TurningShape[] = ["C", "D", "S", "T", "V", "W", "R"];
const holderShapeNodes = (shapes: readonly TurningShape[]): Def[] =>
  shapes.map((s) => d(s, `适配${TURNING_SHAPES[s][0]}刀片`, `For ${TURNING_SHAPES[s][1]} inserts`, `${TURNING_SHAPES[s][2]}`, `${TURNING_SHAPES[s][2]}`));

const TREE: Def[] = [
  d("TURN", "车削刀具", "Turning tools", "外圆、端面、仿形、内孔车削用数控刀片", "Indexable inserts for OD, facing, profiling and boring", [
    d(
      "NEG",
      "负前角车削刀片",
      "Negative turning inserts",
      "0°后角双面刀片，经济性好、刃口强度高",
      "0° clearance double-sided inserts: economical and strong",
      shapeNodes(["C", "D", "S", "T", "V", "W", "R"], "负前角刀片|negative inserts", ["F", "M", "R", "SS", "CI"]),
    ),
    d(
      "POS",
      "正前角车削刀片",
      "Positive turning inserts",
      "带后角单面刀片，切削轻快，适合小件和内孔",
      "Single-sided inserts with clearance: light cutting for small parts and bores",
      shapeNodes(["C", "D", "S", "T", "V", "R"], "正前角刀片|positive inserts", ["F", "M", "SS", "AL"]),
    ),
    d("GRV", "切槽切断刀片", "Grooving and parting inserts", "外圆切槽、切断和端面槽", "External grooving, parting-off and face grooving", [
      d("MGMN", "MGMN双头切槽刀片", "MGMN double-ended grooving inserts", "槽宽1.5–6 mm", "Groove widths 1.5–6 mm", [
        d("M", "通用型 -M", "General purpose -M", "压制断屑槽，适合钢和不锈钢", "Pressed chip-breaker for steel and stainless"),
        d("G", "精磨型 -G", "Precision ground -G", "磨制刃口，槽宽公差±0.02 mm", "Ground edges, width tolerance ±0.02 mm"),
      ]),
    ]),
    d("THR", "螺纹车削刀片", "Threading inserts", "全牙型螺纹刀片，外螺纹和内螺纹", "Full-profile threading inserts, external and internal", [
      d("EXT", "外螺纹刀片", "External threading inserts", "16ER / 22ER", "16ER / 22ER", [
        d("ISO", "公制60°", "ISO metric 60°", "螺距0.5–5.0 mm", "Pitch 0.5–5.0 mm"),
        d("UN", "美制统一螺纹", "UN 60°", "8–24 牙/英寸", "8–24 threads per inch"),
        d("W", "英制惠氏55°", "Whitworth 55°", "BSW / BSP 管螺纹", "BSW / BSP pipe threads"),
      ]),
      d("INT", "内螺纹刀片", "Internal threading inserts", "16IR / 22IR", "16IR / 22IR", [
        d("ISO", "公制60°", "ISO metric 60°", "螺距0.5–5.0 mm", "Pitch 0.5–5.0 mm"),
        d("UN", "美制统一螺纹", "UN 60°", "8–24 牙/英寸", "8–24 threads per inch"),
        d("W", "英制惠氏55°", "Whitworth 55°", "BSW / BSP 管螺纹", "BSW / BSP pipe threads"),
      ]),
    ]),
    d(
      "LEGACY",
      "停产系列",
      "Legacy series",
      "已停产型号，仅供老客户查询",
      "Discontinued series, kept for existing customers",
      [
        d("OLD", "旧型号刀片", "Former inserts", "请选用替代型号", "Please choose the successor", [
          d("ALL", "全部旧型号", "All former items", "替代型号请咨询客服", "Ask customer service for successors"),
        ]),
      ],
      { hidden: true },
    ),
  ]),
  d("MILL", "铣削刀具", "Milling tools", "可转位铣刀片与铣刀盘", "Indexable milling inserts and cutters", [
    d("INS", "铣削刀片", "Milling inserts", "直角肩铣、面铣、高进给铣、仿形铣刀片", "Inserts for shoulder, face, high-feed and copy milling", [
      d("AP", "APMT直角肩铣刀片", "APMT shoulder milling inserts", "90°直角台阶铣", "True 90° shoulders", materialNodes("PMKN")),
      d("SE", "SEKT/SEMT 45°面铣刀片", "SEKT/SEMT 45° face milling inserts", "45°主偏角面铣", "Face milling at 45° entering angle", materialNodes("PMK")),
      d("LN", "LNMU高进给刀片", "LNMU high-feed inserts", "双面4刃，小切深大进给", "Double-sided, 4 edges, small depth with high feed", materialNodes("PMKS")),
      d("RP", "RPMT圆形仿形刀片", "RPMT round copy milling inserts", "模具型腔仿形铣", "Profiling of dies and moulds", materialNodes("PMKS")),
      d("SP", "SPKN/SDMT方形面铣刀片", "SPKN/SDMT square face milling inserts", "经典75°/45°面铣", "Classic 75°/45° face milling", materialNodes("PMK")),
      d(
        "ON",
        "ONHU八角面铣刀片",
        "ONHU octagonal face milling inserts",
        "双面16刃，经济性最佳",
        "Double-sided with 16 edges for the lowest cost per edge",
        materialNodes("PMK"),
      ),
    ]),
    d("CUT", "铣刀", "Milling cutters", "套式和柄式可转位铣刀", "Indexable shell and shank cutters", [
      d("SHOULDER", "直角肩铣刀", "Shoulder mills", "配APMT刀片", "For APMT inserts", [
        d("ARBOR", "套式", "Shell (arbor) type", "刀盘直径40–160 mm", "Diameter 40–160 mm"),
        d("SHANK", "柄式", "Shank type", "刀柄直径16–32 mm", "Shank diameter 16–32 mm"),
      ]),
      d("FACE", "面铣刀", "Face mills", "配SEKT/SEMT刀片", "For SEKT/SEMT inserts", [
        d("ARBOR", "套式", "Shell (arbor) type", "刀盘直径50–200 mm", "Diameter 50–200 mm"),
      ]),
      d("FEED", "高进给铣刀", "High-feed mills", "配LNMU刀片", "For LNMU inserts", [
        d("ARBOR", "套式", "Shell (arbor) type", "刀盘直径40–100 mm", "Diameter 40–100 mm"),
        d("SHANK", "柄式", "Shank type", "刀柄直径20–32 mm", "Shank diameter 20–32 mm"),
      ]),
      d("COPY", "仿形铣刀", "Copy mills", "配RPMT刀片", "For RPMT inserts", [
        d("ARBOR", "套式", "Shell (arbor) type", "刀盘直径40–100 mm", "Diameter 40–100 mm"),
        d("SHANK", "柄式", "Shank type", "刀柄直径16–32 mm", "Shank diameter 16–32 mm"),
      ]),
    ]),
  ]),
  d("HOLE", "孔加工刀具", "Holemaking tools", "整体硬质合金钻头和可转位浅孔钻", "Solid carbide drills and indexable drills", [
    d("SD", "整体硬质合金钻头", "Solid carbide drills", "直径1–20 mm，3×D至20×D", "Diameter 1–20 mm, 3×D to 20×D", [
      d("3D", "3×D 钻头", "3×D drills", "短钻，刚性好", "Stub length, highest rigidity", appCoolant()),
      d("5D", "5×D 钻头", "5×D drills", "最常用长度", "The most common length", appCoolant()),
      d("8D", "8×D 钻头", "8×D drills", "中深孔", "Medium-deep holes", appCoolant()),
      d("12D", "12×D 钻头", "12×D drills", "深孔，建议内冷", "Deep holes, internal coolant advised", appCoolant()),
      d("DEEP", "15×D–20×D 深孔钻", "15×D–20×D deep-hole drills", "需先钻引导孔", "Pilot hole required", [appCoolant()[0]]),
    ]),
    d("IDX", "可转位浅孔钻", "Indexable drills", "U钻，直径13–34 mm", "U-drills, diameter 13–34 mm", [
      d("BODY", "钻体", "Drill bodies", "2×D至5×D", "2×D to 5×D", [
        d("2D", "2×D 钻体", "2×D bodies", "", ""),
        d("3D", "3×D 钻体", "3×D bodies", "", ""),
        d("4D", "4×D 钻体", "4×D bodies", "", ""),
        d("5D", "5×D 钻体", "5×D bodies", "", ""),
      ]),
      d("INS", "WCMX钻头刀片", "WCMX drill inserts", "中心刃和周边刃通用", "Fit both centre and periphery pockets", materialNodes("PMK")),
    ]),
  ]),
  d("SOLID", "整体硬质合金刀具", "Solid carbide tools", "整体硬质合金立铣刀", "Solid carbide end mills", [
    d("SQ", "平头立铣刀", "Square end mills", "侧铣、槽铣、台阶铣", "Side milling, slotting and shoulders", fluteNodes(["2", "3", "4", "6"])),
    d("BALL", "球头立铣刀", "Ball nose end mills", "曲面仿形和模具精加工", "3D profiling and die finishing", fluteNodes(["2", "4"])),
    d("CR", "圆角立铣刀", "Corner radius end mills", "刀尖强度高，适合粗精加工", "Strong corners for roughing and finishing", fluteNodes(["3", "4", "6"])),
  ]),
  d(
    "HOLD",
    "刀杆刀体",
    "Toolholders",
    "ISO 5608 外圆车刀杆、内孔镗刀杆、切槽和螺纹刀杆",
    "ISO 5608 external holders, boring bars, grooving and threading holders",
    [
      d("EXT", "外圆车刀杆", "External turning holders", "方形刀柄 16×16 至 40×40", "Square shanks 16×16 to 40×40", [
        d("P", "杠杆式 P型", "Lever clamp (P)", "负前角刀片，换刀快", "Negative inserts, quick indexing", holderShapeNodes(["C", "D", "S", "T", "W"])),
        d(
          "M",
          "复合压紧 M型",
          "Top clamp and pin (M)",
          "负前角刀片，夹紧可靠",
          "Negative inserts, secure clamping",
          holderShapeNodes(["C", "D", "S", "T", "V", "W"]),
        ),
        d("D", "双压式 D型", "Rigid clamp (D)", "重切削首选", "First choice for heavy cuts", holderShapeNodes(["C", "D", "S", "W"])),
        d("S", "螺钉式 S型", "Screw clamp (S)", "正前角刀片，排屑顺畅", "Positive inserts, free chip flow", holderShapeNodes(HOLDER_SHAPES)),
      ]),
      d("INT", "内孔镗刀杆", "Boring bars", "圆柄钢杆，直径8–40 mm", "Round steel shanks, diameter 8–40 mm", [
        d("P", "杠杆式 P型", "Lever clamp (P)", "负前角刀片", "Negative inserts", holderShapeNodes(["C", "D", "S", "T", "W"])),
        d("S", "螺钉式 S型", "Screw clamp (S)", "正前角刀片", "Positive inserts", holderShapeNodes(["C", "D", "S", "T", "V"])),
      ]),
      d("GRV", "切槽刀杆", "Grooving holders", "配MGMN刀片", "For MGMN inserts", [
        d("EXT", "外圆切槽刀杆", "External grooving holders", "槽宽1.5–6 mm", "Groove widths 1.5–6 mm", [
          d("R", "右手", "Right hand", "", ""),
          d("L", "左手", "Left hand", "", ""),
        ]),
      ]),
      d("THR", "螺纹刀杆", "Threading holders", "配16/22规格螺纹刀片", "For size 16/22 threading inserts", [
        d("EXT", "外螺纹刀杆", "External threading holders", "SER / SEL", "SER / SEL", [
          d("16", "16规格", "Size 16", "", ""),
          d("22", "22规格", "Size 22", "", ""),
        ]),
        d("INT", "内螺纹刀杆", "Internal threading bars", "SNR / SNL", "SNR / SNL", [
          d("16", "16规格", "Size 16", "", ""),
          d("22", "22规格", "Size 22", "", ""),
        ]),
      ]),
    ],
  ),
  d(
    "NS",
    "非标定制",
    "Non-standard tools",
    "按图纸定制刀片和整体刀具，在线提交非标刀具报价",
    "Inserts and solid tools made to drawing: request a customized tool quotation",
    [
      d("INS", "非标刀片", "Customized inserts", "成型刀片、特殊槽型", "Form inserts and special chip-breakers", [
        d("FORM", "成型刀片", "Form inserts", "按工件轮廓磨制", "Ground to the workpiece profile", [
          d("QUOTE", "按图报价", "Quoted to drawing", "上传图纸，3个工作日内报价", "Upload a drawing, quotation within 3 working days"),
        ]),
      ]),
      d("SOLID", "非标整体刀具", "Customized solid tools", "阶梯钻、成型铣刀", "Step drills and form cutters", [
        d("STEP", "阶梯钻与复合刀具", "Step and combination tools", "一次加工多个直径", "Several diameters in one pass", [
          d("QUOTE", "按图报价", "Quoted to drawing", "上传图纸，3个工作日内报价", "Upload a drawing, quotation within 3 working days"),
        ]),
      ]),
    ],
    { nonStandard: true },
  ),
];

function appCoolant(): Def[] {
  return [
    d("IC", "内冷", "Internal coolant", "带冷却孔，排屑更好", "Coolant holes for better chip evacuation"),
    d("EC", "外冷", "External coolant", "无冷却孔，经济型", "No coolant holes, economical"),
  ];
}

function fluteNodes(flutes: readonly string[]): Def[] {
  return flutes.map((f) => d(`${f}F`, `${f}刃`, `${f} flutes`, `${f}刃立铣刀`, `${f}-flute end mills`, materialNodes("GMNH")));
}

/** Flattens the tree into rows, parents before children; flags inherit downwards. */
export function catalogueNodes(): CatalogueNodeRow[] {
  const rows: CatalogueNodeRow[] = [];
  const walk = (defs: readonly Def[], parent: CatalogueNodeRow | null, path: string[]) => {
    defs.forEach((def, i) => {
      const keyPath = [...path, def.key];
      const level = keyPath.length;
      const row: CatalogueNodeRow = {
        code: `L${level}-${keyPath.join("-")}`,
        parent_code: parent?.code ?? null,
        level,
        label_zh: def.zh,
        label_en: def.en,
        describe_zh: def.dzh,
        describe_en: def.den,
        show_flag: def.hidden || parent?.show_flag === 0 ? 0 : 1,
        is_non_standard: def.nonStandard || parent?.is_non_standard === 1 ? 1 : 0,
        sort: (i + 1) * 10,
      };
      rows.push(row);
      if (def.children) walk(def.children, row, keyPath);
    });
  };
  walk(TREE, null, []);
  return rows;
}

/** Codes of level-4 nodes: the only places products may hang. */
export const LEVEL4_CODES: ReadonlySet<string> = new Set(
  catalogueNodes()
    .filter((n) => n.level === 4)
    .map((n) => n.code),
);
