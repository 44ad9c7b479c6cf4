/**
 * Milling insert families (APMT, SEKT, LNMU, RPMT, SPKN/SDMT, ONHU) and the WCMX inserts of
 * indexable drills. Fit keys are shape + clearance + size, like the turning inserts, so the
 * cutter bodies in holder-families.ts find them ("AP16" ↔ APMT1604PDER).
 */
import { GRADE_SETS, grade } from "./grades";
import { clamp, family, fmt, tierList, type Family, type ProductSpec } from "./family";

type Group = "P" | "M" | "K" | "N" | "S";

/** Editions and edge preparations; no L/R here because milling inserts carry the hand in the designation. */
export const MILL_TIERS = tierList(["", "2", "3", "4", "5", "6", "7", "8", "9"], ["", "W", "H", "S", "T", "E", "K", "F", "Q"]);

const GRADES_BY_GROUP: Record<Group, readonly string[]> = {
  P: GRADE_SETS.millSteel,
  M: GRADE_SETS.millStainless,
  K: GRADE_SETS.millCastIron,
  N: GRADE_SETS.millNonFerrous,
  S: GRADE_SETS.millSuperalloy,
};
const BREAKERS: Record<Group, readonly string[]> = {
  P: ["DM", "PM", "PR"],
  M: ["MM", "MF"],
  K: ["KM", "KR"],
  N: ["AL"],
  S: ["SM"],
};

interface MillBase {
  /** designation before the chip-breaker, e.g. APMT1604PDER */
  code: string;
  /** designation of the ground, sharp aluminium version (APKT1604PDFR) */
  alCode?: string;
  fit: string;
  edge: number;
  thickness: number;
  radius: number;
}

interface Series {
  id: string;
  /** level-3 node below which the material nodes hang */
  node: string;
  zh: string;
  en: string;
  groups: readonly Group[];
  bases: MillBase[];
  weight: number;
  kind: "milling_insert";
  pricePerMm: number;
}

/** APMT shoulder milling inserts: 11 and 16 mm edges, corner radii, right and left hand. */
function apBases(): MillBase[] {
  const out: MillBase[] = [];
  const sizes = [
    { size: "11", thick: "35", s: 3.5, radii: ["", "02", "04", "12", "16", "20", "24", "30", "31"] },
    { size: "16", thick: "04", s: 4.76, radii: ["", "02", "04", "12", "16", "20", "24", "30", "31", "32", "40", "50"] },
  ];
  for (const { size, thick, s, radii } of sizes)
    for (const r of radii)
      for (const hand of ["R", "L"])
        out.push({
          code: `APMT${size}${thick}${r}PDE${hand}`,
          alCode: `APKT${size}${thick}${r}PDF${hand}`,
          fit: `AP${size}`,
          edge: Number(size),
          thickness: s,
          radius: r === "" ? 0.8 : Number(r) / 10,
        });
  return out;
}

const mb = (code: string, fit: string, edge: number, thickness: number, radius: number): MillBase => ({ code, fit, edge, thickness, radius });

const SERIES: Series[] = [
  {
    id: "mill-ap",
    node: "L3-MILL-INS-AP",
    zh: "APMT直角肩铣刀片",
    en: "APMT shoulder milling insert",
    groups: ["P", "M", "K", "N"],
    bases: apBases(),
    weight: 0.45,
    kind: "milling_insert",
    pricePerMm: 230,
  },
  {
    id: "mill-se",
    node: "L3-MILL-INS-SE",
    zh: "SEKT 45°面铣刀片",
    en: "SEKT 45° face milling insert",
    groups: ["P", "M", "K"],
    weight: 0.13,
    kind: "milling_insert",
    pricePerMm: 260,
    bases: [
      mb("SEKT1204AFTN", "SE12", 12.7, 4.76, 1.5),
      mb("SEKT1204AFEN", "SE12", 12.7, 4.76, 1.5),
      mb("SEKN1203AFTN", "SE12", 12.7, 3.18, 1.5),
      mb("SEKN1203AFEN", "SE12", 12.7, 3.18, 1.5),
      mb("SEMT13T3AGSN", "SE13", 13.4, 3.97, 2.0),
      mb("SEMT1204AFSN", "SE12", 12.7, 4.76, 1.5),
      mb("SEET1204AFTN", "SE12", 12.7, 4.76, 1.5),
      mb("SEEN1203AFTN", "SE12", 12.7, 3.18, 1.5),
      mb("SEKR1203AFTN", "SE12", 12.7, 3.18, 1.5),
    ],
  },
  {
    id: "mill-ln",
    node: "L3-MILL-INS-LN",
    zh: "LNMU高进给铣刀片",
    en: "LNMU high-feed milling insert",
    groups: ["P", "M", "K", "S"],
    weight: 0.1,
    kind: "milling_insert",
    pricePerMm: 520,
    bases: [
      mb("LNMU0303ZER", "LN03", 6.5, 3.18, 0.8),
      mb("LNMU0303ZEL", "LN03", 6.5, 3.18, 0.8),
      mb("LNMU0504ZER", "LN05", 9.5, 4.76, 1.2),
      mb("LNMU0504ZEL", "LN05", 9.5, 4.76, 1.2),
      mb("LNMX0303ZER", "LN03", 6.5, 3.18, 0.8),
    ],
  },
  {
    id: "mill-rp",
    node: "L3-MILL-INS-RP",
    zh: "RPMT圆形仿形铣刀片",
    en: "RPMT round copy milling insert",
    groups: ["P", "M", "K", "S"],
    weight: 0.1,
    kind: "milling_insert",
    pricePerMm: 330,
    bases: [
      mb("RPMT0802MO", "RP08", 8, 2.38, 4),
      mb("RPMT1003MO", "RP10", 10, 3.18, 5),
      mb("RPMT10T3MO", "RP10", 10, 3.97, 5),
      mb("RPMT1204MO", "RP12", 12, 4.76, 6),
      mb("RPMT1606MO", "RP16", 16, 6.35, 8),
    ],
  },
  {
    id: "mill-sp",
    node: "L3-MILL-INS-SP",
    zh: "SPKN/SDMT方形面铣刀片",
    en: "SPKN/SDMT square face milling insert",
    groups: ["P", "M", "K"],
    weight: 0.1,
    kind: "milling_insert",
    pricePerMm: 250,
    bases: [
      mb("SPKN1203EDR", "SP12", 12.7, 3.18, 0.8),
      mb("SPKN1203EDL", "SP12", 12.7, 3.18, 0.8),
      mb("SPKN1504EDR", "SP15", 15.875, 4.76, 0.8),
      mb("SPKN1504EDL", "SP15", 15.875, 4.76, 0.8),
      mb("SPMT120408", "SP12", 12.7, 4.76, 0.8),
      mb("SPMT09T308", "SP09", 9.525, 3.97, 0.8),
      mb("SDMT09T308", "SD09", 9.525, 3.97, 0.8),
      mb("SDMT120508", "SD12", 12.7, 5.56, 0.8),
      mb("SDMT1204AEN", "SD12", 12.7, 4.76, 1.5),
    ],
  },
  {
    id: "mill-on",
    node: "L3-MILL-INS-ON",
    zh: "ONHU八角面铣刀片",
    en: "ONHU octagonal face milling insert",
    groups: ["P", "M", "K"],
    weight: 0.06,
    kind: "milling_insert",
    pricePerMm: 480,
    bases: [
      mb("ONHU0505ANEN", "ON05", 5.5, 5.56, 1.0),
      mb("ONHU0605ANEN", "ON06", 6.5, 5.56, 1.0),
      mb("ONMU050520ANTN", "ON05", 5.5, 5.56, 2.0),
      mb("ONMU050510ANTN", "ON05", 5.5, 5.56, 1.0),
    ],
  },
  {
    id: "drill-wc",
    node: "L3-HOLE-IDX-INS",
    zh: "WCMX可转位钻头刀片",
    en: "WCMX indexable drill insert",
    groups: ["P", "M", "K"],
    weight: 0.06,
    kind: "milling_insert",
    pricePerMm: 560,
    bases: [
      mb("WCMX030208", "WC03", 3.8, 2.38, 0.8),
      mb("WCMX040208", "WC04", 4.3, 2.38, 0.8),
      mb("WCMX050308", "WC05", 5.4, 3.18, 0.8),
      mb("WCMX06T308", "WC06", 6.5, 3.97, 0.8),
    ],
  },
];

interface MillCombo {
  series: Series;
  b: MillBase;
  group: Group;
  cb: string;
  grade: string;
}

function combos(series: Series): MillCombo[] {
  const out: MillCombo[] = [];
  for (const b of series.bases)
    for (const group of series.groups) for (const cb of BREAKERS[group]) for (const g of GRADES_BY_GROUP[group]) out.push({ series, b, group, cb, grade: g });
  return out;
}

function build(c: MillCombo, tier: string): ProductSpec {
  const designation = c.cb === "AL" && c.b.alCode ? c.b.alCode : c.b.code;
  const cb = c.cb + tier;
  const g = grade(c.grade);
  return {
    ordering_code: `${designation}-${cb} ${c.grade}`,
    catalogue_code: `${c.series.node.replace(/^L3/, "L4")}-${c.group}`,
    kind: c.series.kind,
    name_zh: c.series.zh,
    name_en: c.series.en,
    specification: `l ${fmt(c.b.edge, 1)} × S ${fmt(c.b.thickness, 2)} × rε ${fmt(c.b.radius, 1)} mm`,
    grade: c.grade,
    iso_shape: designation.charAt(0),
    iso_size: c.b.fit.slice(2),
    nose_radius: fmt(c.b.radius, 1),
    chip_breaker: cb,
    material_groups: g.groups,
    fit_key: c.b.fit,
    attributes: {
      edge_length: c.b.edge,
      thickness: c.b.thickness,
      coating: g.coating,
      application: c.group,
      edges: c.b.code.startsWith("ON") ? 16 : c.b.code.startsWith("LN") ? 4 : 2,
    },
    mpq: 10,
    basePrice: clamp(Math.round(1800 + c.b.edge * c.series.pricePerMm * (g.coating === "PVD" ? 1.1 : 1)), 3000, 7000),
  };
}

export const MILLING_FAMILIES: readonly Family[] = SERIES.map((s) =>
  family<MillCombo>({ id: s.id, kind: s.kind, weight: s.weight, combos: () => combos(s), tiers: MILL_TIERS, build }),
);
