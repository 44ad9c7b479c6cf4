/**
 * Solid carbide end mills and drills, and indexable drill bodies.
 * End mill codes: `4E-D10.0-L75-C YBG202` = 4 flutes, square end (E), Ø10, overall length 75,
 * corner chamfer (C; S = sharp corner); ball (B) and corner-radius (R) ends carry the radius.
 * Drill codes: `SD5-D8.5-C YBG302` = solid drill, 5×D, Ø8.5, through-coolant (C; N = none).
 */
import { GRADE_SETS, grade } from "./grades";
import { clamp, family, fmt, tierList, type Family, type ProductSpec } from "./family";
import { HOLDER_TIERS } from "./holder-families";

const END_MILL_DIAMETERS = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10, 11, 12, 14, 16, 18, 20];
const LENGTHS = [50, 60, 75, 100, 150];
const CORNER_RADII = [0.2, 0.5, 1, 1.5, 2, 3];
const END_TYPES = {
  E: { node: "SQ", flutes: [2, 3, 4, 6], zh: "平头", en: "square" },
  B: { node: "BALL", flutes: [2, 4], zh: "球头", en: "ball nose" },
  R: { node: "CR", flutes: [3, 4, 6], zh: "圆角", en: "corner radius" },
} as const;
type EndType = keyof typeof END_TYPES;

/** Material node of a solid tool by its grade (coating). */
const GRADE_NODE: Record<string, string> = { YBG202: "G", YBG302: "G", YBG205: "M", YD101: "N", YBS201: "H" };

/** helix × neck × coolant × shank options of end mills */
export const END_MILL_TIERS = tierList(["", "-H45", "-V", "-H55"], ["", "-N"], ["", "-IC"], ["", "-HA"]);

interface EndMillCombo {
  type: EndType;
  flutes: number;
  dia: number;
  len: number;
  variant: string;
  grade: string;
}

function endMillCombos(): EndMillCombo[] {
  const out: EndMillCombo[] = [];
  for (const type of Object.keys(END_TYPES) as EndType[])
    for (const flutes of END_TYPES[type].flutes)
      for (const dia of END_MILL_DIAMETERS) {
        if (flutes === 6 && dia < 6) continue;
        const variants =
          type === "E"
            ? ["C", "S"]
            : type === "B"
              ? [`R${fmt(dia / 2, dia % 1 === 0.5 ? 2 : 1)}`]
              : CORNER_RADII.filter((r) => r <= dia / 4).map((r) => `R${fmt(r, 1)}`);
        for (const len of LENGTHS.filter((l) => l >= 40 + 2 * dia && l <= 50 + 10 * dia))
          for (const variant of variants)
            for (const g of GRADE_SETS.endMill) {
              // Aluminium tools need room for chips (≤3 flutes); hardened-steel tools need a stiff core.
              if (g === "YD101" && flutes > 3) continue;
              if (g === "YBS201" && flutes === 3) continue;
              out.push({ type, flutes, dia, len, variant, grade: g });
            }
      }
  return out;
}

const shankOf = (dia: number) => [4, 6, 8, 10, 12, 14, 16, 18, 20].find((s) => s >= dia) ?? 20;

function buildEndMill(c: EndMillCombo, tier: string): ProductSpec {
  const t = END_TYPES[c.type];
  const cut = Math.max(3, Math.round(c.dia * (c.type === "B" ? 1.5 : 2.5)));
  const helix = tier.includes("-V")
    ? "35°/38°"
    : tier.includes("-H45")
      ? "45°"
      : tier.includes("-H55")
        ? "55°"
        : c.grade === "YD101"
          ? "45°"
          : c.type === "B"
            ? "30°"
            : "35°";
  const g = grade(c.grade);
  const price = 8000 + Math.pow(c.dia / 20, 1.7) * 120000 * (1 + 0.08 * (c.flutes - 2)) * Math.pow(c.len / 75, 0.3) * (tier ? 1.12 : 1);
  return {
    ordering_code: `${c.flutes}${c.type}-D${fmt(c.dia, 1)}-L${c.len}-${c.variant}${tier} ${c.grade}`,
    catalogue_code: `L4-SOLID-${t.node}-${c.flutes}F-${GRADE_NODE[c.grade]}`,
    kind: "end_mill",
    name_zh: `${c.flutes}刃${t.zh}整体硬质合金立铣刀`,
    name_en: `${c.flutes}-flute ${t.en} solid carbide end mill`,
    specification: `D ${fmt(c.dia, 1)} × ap ${cut} × L ${c.len} mm, d ${shankOf(c.dia)} h6, z ${c.flutes}`,
    grade: c.grade,
    iso_shape: null,
    iso_size: null,
    nose_radius: c.type === "E" ? null : c.variant.slice(1),
    chip_breaker: null,
    material_groups: g.groups,
    fit_key: null,
    attributes: {
      diameter: c.dia,
      flutes: c.flutes,
      overall_length: c.len,
      cutting_length: cut,
      shank: shankOf(c.dia),
      helix,
      end: t.en,
      coolant: tier.includes("-IC"),
      coating: g.coating,
    },
    mpq: 1,
    basePrice: clamp(Math.round(price), 8000, 150000),
  };
}

/** Ø1.0–20.0 in 0.1 mm steps, as drills are sold */
const DRILL_DIAMETERS = Array.from({ length: 191 }, (_, i) => Math.round(10 + i) / 10);
const DRILL_DEPTHS = [3, 5, 8, 12, 15, 20];
/** shank form × point angle */
export const DRILL_TIERS = tierList(["", "-HA", "-HE"], ["", "-P118", "-P130", "-P150"]);

interface DrillCombo {
  depth: number;
  dia: number;
  coolant: boolean;
  grade: string;
}

function drillCombos(): DrillCombo[] {
  const out: DrillCombo[] = [];
  for (const depth of DRILL_DEPTHS)
    for (const dia of DRILL_DIAMETERS)
      for (const coolant of [true, false]) {
        // Coolant holes need a body of ≥3 mm; deep holes beyond 12×D need coolant.
        if (coolant && dia < 3) continue;
        if (depth > 12 && (!coolant || dia < 3)) continue;
        for (const g of GRADE_SETS.drill) out.push({ depth, dia, coolant, grade: g });
      }
  return out;
}

function buildDrill(c: DrillCombo, tier: string): ProductSpec {
  const shank = shankOf(c.dia);
  const length = Math.round(c.depth * c.dia + c.dia * 1.5 + (shank <= 6 ? 36 : shank <= 12 ? 45 : 50));
  const point = /-P(\d+)/.exec(tier)?.[1] ?? "140";
  const g = grade(c.grade);
  const price = 10000 + Math.pow(c.dia / 20, 1.5) * 70000 * (1 + c.depth / 25) * (c.coolant ? 1.15 : 1);
  const depthNode = c.depth > 12 ? "DEEP" : `${c.depth}D`;
  return {
    ordering_code: `SD${c.depth}-D${fmt(c.dia, 1)}-${c.coolant ? "C" : "N"}${tier} ${c.grade}`,
    catalogue_code: `L4-HOLE-SD-${depthNode}-${c.coolant ? "IC" : "EC"}`,
    kind: "drill",
    name_zh: `${c.depth}×D${c.coolant ? "内冷" : ""}整体硬质合金钻头`,
    name_en: `${c.depth}×D solid carbide drill${c.coolant ? ", internal coolant" : ""}`,
    specification: `D ${fmt(c.dia, 1)} × L ${length} mm, ${c.depth}×D, d ${shank} h6, ${point}°`,
    grade: c.grade,
    iso_shape: null,
    iso_size: null,
    nose_radius: null,
    chip_breaker: null,
    material_groups: g.groups,
    fit_key: null,
    attributes: { diameter: c.dia, depth_ratio: c.depth, overall_length: length, shank, point_angle: Number(point), coolant: c.coolant, coating: g.coating },
    mpq: 1,
    basePrice: clamp(Math.round(price), 10000, 120000),
  };
}

/** Indexable drill bodies: `ZD3-D20.0-W25-WC04` = 3×D, Ø20, Weldon shank 25, WCMX04 inserts. */
interface BodyCombo {
  depth: number;
  dia: number;
  fit: string;
}
const BODY_RANGES: [string, number, number][] = [
  ["WC03", 13, 17],
  ["WC04", 17.5, 21.5],
  ["WC05", 22, 27],
  ["WC06", 27.5, 34],
];

function bodyCombos(): BodyCombo[] {
  const out: BodyCombo[] = [];
  for (const depth of [2, 3, 4, 5]) for (const [fit, from, to] of BODY_RANGES) for (let dia = from; dia <= to; dia += 0.5) out.push({ depth, dia, fit });
  return out;
}

function buildBody(c: BodyCombo, tier: string): ProductSpec {
  const shank = c.dia < 20 ? 20 : c.dia < 27 ? 25 : 32;
  return {
    ordering_code: `ZD${c.depth}-D${fmt(c.dia, 1)}-W${shank}-${c.fit}${tier}`,
    catalogue_code: `L4-HOLE-IDX-BODY-${c.depth}D`,
    kind: "drill",
    name_zh: `${c.depth}×D可转位浅孔钻`,
    name_en: `${c.depth}×D indexable drill`,
    specification: `D ${fmt(c.dia, 1)} × ${c.depth}×D, Weldon ${shank} mm`,
    grade: null,
    iso_shape: null,
    iso_size: c.fit.slice(2),
    nose_radius: null,
    chip_breaker: null,
    material_groups: "PMK",
    fit_key: c.fit,
    attributes: { diameter: c.dia, depth_ratio: c.depth, shank, coolant: true, inserts: `WCMX${c.fit.slice(2)}` },
    mpq: 1,
    basePrice: clamp(Math.round(42000 + c.dia * 1600 + c.depth * 6000), 30000, 120000),
  };
}

export const END_MILL_FAMILIES: readonly Family[] = [
  family<EndMillCombo>({ id: "end-mill", kind: "end_mill", weight: 1, combos: endMillCombos, tiers: END_MILL_TIERS, build: buildEndMill }),
];

export const DRILL_FAMILIES: readonly Family[] = [
  family<DrillCombo>({ id: "drill-solid", kind: "drill", weight: 0.95, combos: drillCombos, tiers: DRILL_TIERS, build: buildDrill }),
  family<BodyCombo>({ id: "drill-body", kind: "drill", weight: 0.05, combos: bodyCombos, tiers: HOLDER_TIERS, build: buildBody }),
];
