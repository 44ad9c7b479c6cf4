/**
 * Turning insert families: ISO 1832 negative and positive inserts, MGMN grooving inserts and
 * threading inserts (DOMAIN.md: shape, clearance, tolerance, type, size, thickness, nose radius,
 * chip-breaker, grade).
 */
import { GRADE_SETS, grade } from "./grades";
import { TURNING_SHAPES, type Application, type TurningShape } from "./catalogue";
import { clamp, family, fmt, tierList, type Family, type ProductSpec } from "./family";

/** Inscribed circle (mm) by shape and size code; round inserts carry their diameter. */
const IC: Record<string, number> = {
  C06: 6.35,
  C09: 9.525,
  C12: 12.7,
  C16: 15.875,
  C19: 19.05,
  D07: 6.35,
  D11: 9.525,
  D15: 12.7,
  S09: 9.525,
  S12: 12.7,
  S15: 15.875,
  S19: 19.05,
  T11: 6.35,
  T16: 9.525,
  T22: 12.7,
  V11: 6.35,
  V16: 9.525,
  W06: 9.525,
  W08: 12.7,
};
const THICKNESS: Record<string, number> = { "02": 2.38, "03": 3.18, T3: 3.97, "04": 4.76, "05": 5.56, "06": 6.35, "07": 7.94 };
const CLEARANCE_DEG: Record<string, number> = { N: 0, B: 5, C: 7, P: 11 };
const CORNER_DEG: Record<TurningShape, number> = { C: 80, D: 55, S: 90, T: 60, V: 35, W: 80, R: 0 };

/** Chip-breaker "editions" and edge preparations that multiply the list for very large catalogues. */
export const INSERT_TIERS = tierList(["", "2", "3", "4", "5", "6", "7", "8", "9"], ["", "W", "H", "S", "T", "E", "K", "L", "R"]);

interface InsertBase {
  shape: TurningShape;
  clearance: string;
  size: string;
  thick: string;
  /** nose radius codes; "MO"/"00" for round inserts */
  radii: readonly string[];
  /** diameter of round inserts */
  dia?: number;
}

const base = (shape: TurningShape, clearance: string, size: string, thick: string, radii: string, dia?: number): InsertBase => ({
  shape,
  clearance,
  size,
  thick,
  radii: radii.split(" "),
  dia,
});

const NEGATIVE_BASES: InsertBase[] = [
  base("C", "N", "09", "03", "04 08"),
  base("C", "N", "12", "04", "02 04 08 12 16"),
  base("C", "N", "16", "06", "04 08 12 16"),
  base("C", "N", "19", "06", "08 12 16 24"),
  base("C", "N", "19", "07", "12 16 24"),
  base("D", "N", "11", "04", "02 04 08"),
  base("D", "N", "15", "04", "02 04 08 12"),
  base("D", "N", "15", "06", "04 08 12 16"),
  base("S", "N", "09", "03", "04 08"),
  base("S", "N", "12", "04", "04 08 12 16"),
  base("S", "N", "15", "06", "08 12 16"),
  base("S", "N", "19", "06", "08 12 16 24"),
  base("S", "N", "19", "07", "12 16 24"),
  base("T", "N", "11", "03", "04 08"),
  base("T", "N", "16", "04", "02 04 08 12"),
  base("T", "N", "22", "04", "04 08 12 16"),
  base("T", "N", "22", "06", "08 12 16"),
  base("V", "N", "16", "04", "02 04 08 12"),
  base("W", "N", "06", "04", "02 04 08"),
  base("W", "N", "08", "04", "04 08 12 16"),
  base("R", "N", "12", "04", "00", 12.7),
  base("R", "N", "15", "06", "00", 15.875),
  base("R", "N", "19", "06", "00", 19.05),
  base("R", "N", "25", "07", "00", 25.4),
];

const POSITIVE_BASES: InsertBase[] = [
  base("C", "C", "06", "02", "01 02 04 08"),
  base("C", "C", "09", "T3", "01 02 04 08"),
  base("C", "C", "12", "04", "04 08 12"),
  base("D", "C", "07", "02", "01 02 04 08"),
  base("D", "C", "11", "T3", "01 02 04 08 12"),
  base("S", "C", "09", "T3", "04 08"),
  base("S", "C", "12", "04", "04 08 12"),
  base("T", "C", "11", "02", "02 04 08"),
  base("T", "C", "16", "T3", "04 08 12"),
  base("T", "P", "11", "02", "02 04 08"),
  base("T", "P", "16", "T3", "04 08"),
  base("V", "C", "11", "03", "01 02 04 08"),
  base("V", "C", "16", "04", "02 04 08 12"),
  base("V", "B", "11", "03", "02 04 08"),
  base("V", "B", "16", "04", "02 04 08 12"),
  base("R", "C", "08", "03", "MO", 8),
  base("R", "C", "10", "T3", "MO", 10),
  base("R", "C", "12", "04", "MO", 12),
  base("R", "C", "16", "06", "MO", 16),
  base("R", "C", "20", "06", "MO", 20),
];

interface ChipBreaker {
  code: string;
  app: Application;
  grades: readonly string[];
}

const cbs = (codes: string, app: Application, grades: readonly string[]): ChipBreaker[] => codes.split(" ").map((code) => ({ code, app, grades }));

const NEGATIVE_CBS: ChipBreaker[] = [
  ...cbs("PF DF EF", "F", GRADE_SETS.steelFinish),
  ...cbs("PM DM EM", "M", GRADE_SETS.steelMedium),
  ...cbs("PR DR HR", "R", GRADE_SETS.steelRough),
  ...cbs("MF MM MR", "SS", GRADE_SETS.stainless),
  ...cbs("KF KM KR", "CI", GRADE_SETS.castIron),
];
const ROUGHING = new Set(["PR", "DR", "HR", "MR", "KR"]);

const POSITIVE_CBS: ChipBreaker[] = [
  ...cbs("HF PF EF", "F", GRADE_SETS.steelFinish),
  ...cbs("HM PM", "M", GRADE_SETS.steelMedium),
  ...cbs("MF MM", "SS", GRADE_SETS.stainless),
  ...cbs("AL", "AL", GRADE_SETS.nonFerrous),
];

interface TurningCombo {
  b: InsertBase;
  radius: string;
  tol: string;
  type: string;
  cb: ChipBreaker;
  grade: string;
}

function turningCombos(bases: readonly InsertBase[], breakers: readonly ChipBreaker[], negative: boolean): TurningCombo[] {
  const out: TurningCombo[] = [];
  for (const b of bases) {
    for (const radius of b.radii) {
      for (const cb of breakers) {
        // Negative inserts come double-sided (G); roughing ones also one-sided (M) for more edge strength.
        // Positive ones are T (countersunk hole, one-sided); aluminium ones are ground (tolerance G).
        const types = negative ? (ROUGHING.has(cb.code) ? ["MG", "MM"] : ["MG"]) : [cb.app === "AL" && b.shape !== "R" ? "GT" : "MT"];
        for (const tt of types) {
          for (const g of cb.grades) out.push({ b, radius, tol: tt[0], type: tt[1], cb, grade: g });
        }
      }
    }
  }
  return out;
}

function icOf(b: InsertBase): number {
  return b.dia ?? IC[b.shape + b.size];
}

/** Price per piece: bigger inserts, PVD and CBN cost more (2,000–8,000 fen). */
function insertPrice(ic: number, gradeCode: string, negative: boolean): number {
  const coating = grade(gradeCode).coating;
  const premium = coating === "PVD" ? 1.12 : coating === "CBN" ? 1.6 : coating === "uncoated" ? 0.95 : 1;
  return clamp(Math.round((1200 + ic * 170) * premium * (negative ? 1 : 0.92)), 2000, 8000);
}

function buildTurning(c: TurningCombo, tier: string, negative: boolean): ProductSpec {
  const { b } = c;
  const designation = `${b.shape}${b.clearance}${c.tol}${c.type}${b.size}${b.thick}${c.radius}`;
  const cb = c.cb.code + tier;
  const ic = icOf(b);
  const s = THICKNESS[b.thick];
  const round = b.shape === "R";
  const r = round ? null : fmt(Number(c.radius) / 10, 1);
  const [shapeZh, shapeEn] = TURNING_SHAPES[b.shape];
  const side = negative ? ["负前角", "negative"] : ["正前角", "positive"];
  const grp = grade(c.grade).groups;
  return {
    ordering_code: `${designation}-${cb} ${c.grade}`,
    catalogue_code: `L4-TURN-${negative ? "NEG" : "POS"}-${b.shape}-${c.cb.app}`,
    kind: "turning_insert",
    name_zh: `${shapeZh}${side[0]}车削刀片`,
    name_en: `${shapeEn} ${side[1]} turning insert`,
    specification: round ? `D ${fmt(ic, 2)} × S ${fmt(s, 2)} mm` : `IC ${fmt(ic, 2)} × S ${fmt(s, 2)} × rε ${r} mm`,
    grade: c.grade,
    iso_shape: b.shape,
    iso_size: b.size,
    nose_radius: r,
    chip_breaker: cb,
    material_groups: grp,
    fit_key: `${b.shape}${b.clearance}${b.size}`,
    attributes: {
      ic,
      thickness: s,
      clearance_angle: CLEARANCE_DEG[b.clearance],
      corner_angle: CORNER_DEG[b.shape],
      tolerance: c.tol,
      insert_type: c.type,
      double_sided: c.type === "G",
      coating: grade(c.grade).coating,
      application: c.cb.app,
    },
    mpq: 10,
    basePrice: insertPrice(ic, c.grade, negative),
  };
}

const negative = family<TurningCombo>({
  id: "turn-neg",
  kind: "turning_insert",
  weight: 0.6,
  combos: () => turningCombos(NEGATIVE_BASES, NEGATIVE_CBS, true),
  tiers: INSERT_TIERS,
  build: (c, tier) => buildTurning(c, tier, true),
});

const positive = family<TurningCombo>({
  id: "turn-pos",
  kind: "turning_insert",
  weight: 0.28,
  combos: () => turningCombos(POSITIVE_BASES, POSITIVE_CBS, false),
  tiers: INSERT_TIERS,
  build: (c, tier) => buildTurning(c, tier, false),
});

/** MGMN double-ended grooving inserts: width code 300 = 3.00 mm. */
interface GroovingCombo {
  width: string;
  cb: "M" | "G";
  grade: string;
}
const GROOVE_WIDTHS = ["150", "200", "250", "300", "400", "500", "600"];
const GROOVE_GRADES = ["YBG202", "YBG205", "YBG302", "YBC252", "YBM253", "YD201"];

const grooving = family<GroovingCombo>({
  id: "turn-grv",
  kind: "turning_insert",
  weight: 0.06,
  combos: () => GROOVE_WIDTHS.flatMap((width) => (["M", "G"] as const).flatMap((cb) => GROOVE_GRADES.map((g) => ({ width, cb, grade: g })))),
  tiers: INSERT_TIERS,
  build: (c, tier) => {
    const w = Number(c.width) / 100;
    return {
      ordering_code: `MGMN${c.width}-${c.cb}${tier} ${c.grade}`,
      catalogue_code: `L4-TURN-GRV-MGMN-${c.cb}`,
      kind: "turning_insert",
      name_zh: "MGMN双头切槽刀片",
      name_en: "MGMN double-ended grooving insert",
      specification: `W ${fmt(w, 2)} mm, Tmax ${w < 3 ? 15 : 20} mm`,
      grade: c.grade,
      iso_shape: null,
      iso_size: null,
      nose_radius: fmt(w >= 3 ? 0.4 : 0.2, 1),
      chip_breaker: c.cb + tier,
      material_groups: grade(c.grade).groups,
      fit_key: `MGMN${c.width}`,
      attributes: { width: w, max_depth: w < 3 ? 15 : 20, ground: c.cb === "G", coating: grade(c.grade).coating },
      mpq: 10,
      basePrice: Math.round(2400 + w * 420 + (c.cb === "G" ? 600 : 0)),
    };
  },
});

/** Threading inserts: 16ER1.5ISO = size 16, external, right hand, pitch 1.5 mm, ISO 60° profile. */
interface ThreadCombo {
  size: "16" | "22";
  side: "E" | "I";
  hand: "R" | "L";
  profile: "ISO" | "UN" | "W";
  pitch: string;
  grade: string;
}
const PITCHES: Record<"16" | "22", Record<"ISO" | "UN" | "W", string[]>> = {
  "16": {
    ISO: ["0.5", "0.75", "1.0", "1.25", "1.5", "1.75", "2.0", "2.5", "3.0"],
    UN: ["24", "20", "18", "16", "14", "13", "12", "11", "10", "8"],
    W: ["28", "19", "14", "11", "10", "8"],
  },
  "22": { ISO: ["3.5", "4.0", "4.5", "5.0"], UN: ["7", "6", "5"], W: ["6", "5", "4.5"] },
};
const THREAD_GRADES = ["YBG202", "YBG205", "YBC252", "YBM253"];
const PROFILE_TEXT = { ISO: ["公制60°", "ISO metric 60°"], UN: ["美制统一螺纹", "UN 60°"], W: ["英制惠氏55°", "Whitworth 55°"] } as const;

const threading = family<ThreadCombo>({
  id: "turn-thr",
  kind: "turning_insert",
  weight: 0.06,
  combos: () => {
    const out: ThreadCombo[] = [];
    for (const size of ["16", "22"] as const)
      for (const side of ["E", "I"] as const)
        for (const hand of ["R", "L"] as const)
          for (const profile of ["ISO", "UN", "W"] as const)
            for (const pitch of PITCHES[size][profile]) for (const g of THREAD_GRADES) out.push({ size, side, hand, profile, pitch, grade: g });
    return out;
  },
  tiers: INSERT_TIERS,
  build: (c, tier) => {
    const external = c.side === "E";
    const pitchText = c.profile === "ISO" ? `P ${c.pitch} mm` : `${c.pitch} TPI`;
    return {
      ordering_code: `${c.size}${c.side}${c.hand}${c.pitch}${c.profile}${tier ? `-${tier}` : ""} ${c.grade}`,
      catalogue_code: `L4-TURN-THR-${external ? "EXT" : "INT"}-${c.profile}`,
      kind: "turning_insert",
      name_zh: `${external ? "外" : "内"}螺纹车削刀片（${PROFILE_TEXT[c.profile][0]}）`,
      name_en: `${external ? "External" : "Internal"} threading insert (${PROFILE_TEXT[c.profile][1]})`,
      specification: `${pitchText}, ${c.profile === "W" ? "55°" : "60°"}, IC ${c.size === "16" ? "9.525" : "12.70"} mm`,
      grade: c.grade,
      iso_shape: null,
      iso_size: c.size,
      nose_radius: null,
      chip_breaker: tier || null,
      material_groups: grade(c.grade).groups,
      fit_key: `${c.size}${c.side}${c.hand}`,
      attributes: { profile: c.profile, pitch: c.pitch, hand: c.hand, external, full_profile: true },
      mpq: 10,
      basePrice: c.size === "16" ? 3600 : 5200,
    };
  },
});

export const TURNING_FAMILIES: readonly Family[] = [negative, positive, grooving, threading];
