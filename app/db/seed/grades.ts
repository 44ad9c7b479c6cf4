/**
 * Carbide grades of the demo manufacturer and the cutting data recommended for them.
 * Grades are named in series by ISO application group (DOMAIN.md): YBC steel (CVD), YBM stainless
 * (PVD/CVD), YBD cast iron (CVD), YBG general/superalloys (PVD), YD uncoated for non-ferrous,
 * YBS for hardened steel. The first digit of the number goes from wear-resistant (0/1) to
 * tough (3), which moves the recommended cutting speed down and feed/depth up.
 */

export type Operation = "turning" | "milling" | "drilling";
export type MaterialGroup = "P" | "M" | "K" | "N" | "S" | "H";

export interface Grade {
  code: string;
  /** ISO groups the grade is recommended for, strongest first, e.g. "PK" */
  groups: string;
  ops: readonly Operation[];
  coating: "CVD" | "PVD" | "uncoated" | "CBN";
}

export const GRADES: readonly Grade[] = [
  { code: "YBC151", groups: "P", ops: ["turning"], coating: "CVD" },
  { code: "YBC152", groups: "PK", ops: ["turning"], coating: "CVD" },
  { code: "YBC201", groups: "P", ops: ["turning"], coating: "CVD" },
  { code: "YBC251", groups: "P", ops: ["turning"], coating: "CVD" },
  { code: "YBC252", groups: "PK", ops: ["turning"], coating: "CVD" },
  { code: "YBC301", groups: "P", ops: ["turning"], coating: "CVD" },
  { code: "YBC302", groups: "PM", ops: ["turning", "milling"], coating: "CVD" },
  { code: "YBC351", groups: "P", ops: ["turning"], coating: "CVD" },
  { code: "YBC352", groups: "P", ops: ["turning", "milling"], coating: "CVD" },
  { code: "YBM151", groups: "M", ops: ["turning"], coating: "CVD" },
  { code: "YBM153", groups: "MS", ops: ["turning"], coating: "PVD" },
  { code: "YBM251", groups: "M", ops: ["turning"], coating: "PVD" },
  { code: "YBM253", groups: "MP", ops: ["turning", "milling"], coating: "PVD" },
  { code: "YBM351", groups: "M", ops: ["turning", "milling"], coating: "PVD" },
  { code: "YBD052", groups: "K", ops: ["turning"], coating: "CVD" },
  { code: "YBD102", groups: "K", ops: ["turning", "milling"], coating: "CVD" },
  { code: "YBD152", groups: "K", ops: ["turning", "milling"], coating: "CVD" },
  { code: "YBD252", groups: "KP", ops: ["milling"], coating: "CVD" },
  { code: "YBG102", groups: "SM", ops: ["turning", "milling"], coating: "PVD" },
  { code: "YBG105", groups: "S", ops: ["turning"], coating: "PVD" },
  { code: "YBG152", groups: "MS", ops: ["turning"], coating: "PVD" },
  { code: "YBG202", groups: "PMS", ops: ["turning", "milling", "drilling"], coating: "PVD" },
  { code: "YBG205", groups: "MS", ops: ["turning", "milling"], coating: "PVD" },
  { code: "YBG212", groups: "SM", ops: ["milling", "drilling"], coating: "PVD" },
  { code: "YBG252", groups: "PM", ops: ["milling"], coating: "PVD" },
  { code: "YBG302", groups: "PMK", ops: ["milling", "drilling"], coating: "PVD" },
  { code: "YD101", groups: "N", ops: ["turning", "milling"], coating: "uncoated" },
  { code: "YD201", groups: "NK", ops: ["turning", "milling", "drilling"], coating: "uncoated" },
  { code: "YBS101", groups: "H", ops: ["turning"], coating: "CBN" },
  { code: "YBS201", groups: "H", ops: ["milling"], coating: "PVD" },
];

const byCode = new Map(GRADES.map((g) => [g.code, g]));

export function grade(code: string): Grade {
  const g = byCode.get(code);
  if (!g) throw new Error(`unknown grade ${code}`);
  return g;
}

/** Grade series used per application; families pick from these lists. */
export const GRADE_SETS = {
  steelFinish: ["YBC151", "YBC152", "YBC201", "YBC251", "YBC252", "YBG102", "YBG152"],
  steelMedium: ["YBC152", "YBC201", "YBC251", "YBC252", "YBC301", "YBC302", "YBG202"],
  steelRough: ["YBC251", "YBC252", "YBC301", "YBC302", "YBC351", "YBC352"],
  stainless: ["YBM151", "YBM153", "YBM251", "YBM253", "YBM351", "YBG202", "YBG205"],
  castIron: ["YBD052", "YBD102", "YBD152", "YBC152", "YBC252"],
  nonFerrous: ["YD101", "YD201"],
  superalloy: ["YBG102", "YBG105", "YBG152", "YBG205"],
  hardened: ["YBS101"],
  millSteel: ["YBG202", "YBG252", "YBG302", "YBC302", "YBC352", "YBM253"],
  millStainless: ["YBM253", "YBM351", "YBG205", "YBG202", "YBG252"],
  millCastIron: ["YBD102", "YBD152", "YBD252", "YBG302"],
  millNonFerrous: ["YD101", "YD201"],
  millSuperalloy: ["YBG212", "YBG205", "YBG102"],
  endMill: ["YBG202", "YBG205", "YBG302", "YD101", "YBS201"],
  drill: ["YBG202", "YBG212", "YBG302", "YD201"],
} as const;

/** Typical ranges per operation and group for coated carbide (DOMAIN.md). f is mm/rev, fz for milling. */
const BASE: Record<Operation, Record<MaterialGroup, readonly [number, number, number, number, number, number]>> = {
  //           vc min, vc max, f min, f max, ap min, ap max
  turning: {
    P: [150, 350, 0.1, 0.5, 0.5, 5],
    M: [120, 250, 0.1, 0.4, 0.5, 4],
    K: [150, 300, 0.1, 0.5, 0.5, 5],
    N: [300, 1500, 0.05, 0.3, 0.5, 4],
    S: [30, 80, 0.05, 0.25, 0.3, 2.5],
    H: [60, 150, 0.05, 0.2, 0.1, 0.5],
  },
  milling: {
    P: [150, 300, 0.08, 0.25, 0.5, 6],
    M: [100, 220, 0.06, 0.2, 0.5, 5],
    K: [150, 280, 0.1, 0.3, 0.5, 6],
    N: [300, 1500, 0.05, 0.2, 0.5, 8],
    S: [25, 60, 0.05, 0.15, 0.3, 3],
    H: [60, 150, 0.03, 0.1, 0.1, 0.5],
  },
  // Drilling has no depth of cut in the turning sense (the radial depth is half the diameter),
  // so ap is stored as 0 and screens show vc and f only.
  drilling: {
    P: [80, 140, 0.1, 0.3, 0, 0],
    M: [50, 90, 0.06, 0.2, 0, 0],
    K: [80, 150, 0.12, 0.35, 0, 0],
    N: [150, 400, 0.1, 0.4, 0, 0],
    S: [20, 45, 0.04, 0.15, 0, 0],
    H: [30, 60, 0.03, 0.1, 0, 0],
  },
};

export interface CuttingDataRow {
  grade: string;
  operation: Operation;
  material_group: MaterialGroup;
  vc_min: number;
  vc_max: number;
  f_min: number;
  f_max: number;
  ap_min: number;
  ap_max: number;
}

const round = (v: number, step: number) => Math.round(v / step) * step;
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * One row per grade × operation × recommended group. A wear-resistant grade (x0x/x1x) gets the
 * upper 70 % of the speed range with lighter feeds; a tough one (x3x) the lower part with heavier
 * feeds and depths. CBN runs hardened steel faster than coated carbide.
 */
export function cuttingData(): CuttingDataRow[] {
  const rows: CuttingDataRow[] = [];
  for (const g of GRADES) {
    const toughness = Number(g.code.replace(/^\D+/, "").charAt(0)) / 3; // 0 (hard) .. 1 (tough)
    for (const op of g.ops) {
      for (const group of g.groups.split("") as MaterialGroup[]) {
        const [vcMin, vcMax, fMin, fMax, apMin, apMax] = BASE[op][group];
        const vcSpan = vcMax - vcMin;
        const cbn = g.coating === "CBN" ? 1.5 : 1;
        const fSpan = fMax - fMin;
        rows.push({
          grade: g.code,
          operation: op,
          material_group: group,
          vc_min: round((vcMin + vcSpan * 0.3 * (1 - toughness)) * cbn, 5),
          vc_max: round((vcMax - vcSpan * 0.3 * toughness) * cbn, 5),
          f_min: round2(fMin + fSpan * 0.2 * toughness),
          f_max: round2(fMax - fSpan * 0.3 * (1 - toughness)),
          ap_min: round2(apMin),
          ap_max: round2(apMax - (apMax - apMin) * 0.3 * (1 - toughness)),
        });
      }
    }
  }
  return rows;
}
