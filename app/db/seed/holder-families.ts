/**
 * Toolholders (ISO 5608 external holders and boring bars, grooving and threading holders) and
 * indexable milling cutters. `PCLNR2525M12`: P lever clamp, C insert shape, L 95° approach,
 * N insert clearance, R hand, 25×25 shank, M = 150 mm, 12 insert size. The fit key
 * (shape + clearance + size, "CN12") is what links a holder to its inserts.
 */
import { clamp, family, tierList, type Family, type ProductSpec } from "./family";

/** coolant options × design versions, for very large catalogues */
export const HOLDER_TIERS = tierList(["", "-JET", "-HP", "-Q"], ["", "-V1", "-V2", "-V3", "-V4", "-V5", "-V6", "-V7", "-V8"]);

const HAND_TEXT = { R: ["右手", "right hand"], L: ["左手", "left hand"], N: ["中置", "neutral"] } as const;
type Hand = keyof typeof HAND_TEXT;
const LENGTH_MM: Record<string, number> = { F: 80, H: 100, K: 125, M: 150, P: 170, Q: 180, R: 200, S: 250, T: 300, U: 350 };

interface Fit {
  shape: string;
  clearance: string;
  size: string;
  ic: number;
}
const fit = (key: string, ic: number): Fit => ({ shape: key[0], clearance: key[1], size: key.slice(2), ic });

const NEGATIVE_FITS = [
  fit("CN09", 9.525),
  fit("CN12", 12.7),
  fit("CN16", 15.875),
  fit("CN19", 19.05),
  fit("DN11", 9.525),
  fit("DN15", 12.7),
  fit("SN09", 9.525),
  fit("SN12", 12.7),
  fit("SN15", 15.875),
  fit("SN19", 19.05),
  fit("TN11", 6.35),
  fit("TN16", 9.525),
  fit("TN22", 12.7),
  fit("VN16", 9.525),
  fit("WN06", 9.525),
  fit("WN08", 12.7),
];
const POSITIVE_FITS = [
  fit("CC06", 6.35),
  fit("CC09", 9.525),
  fit("CC12", 12.7),
  fit("DC07", 6.35),
  fit("DC11", 9.525),
  fit("SC09", 9.525),
  fit("SC12", 12.7),
  fit("TC11", 6.35),
  fit("TC16", 9.525),
  fit("TP11", 6.35),
  fit("TP16", 9.525),
  fit("VC11", 6.35),
  fit("VC16", 9.525),
  fit("VB11", 6.35),
  fit("VB16", 9.525),
  fit("RC08", 8),
  fit("RC10", 10),
  fit("RC12", 12),
  fit("RC16", 16),
  fit("RC20", 20),
];

/** approach letter, entering angle, whether the holder is neutral (N hand only) */
type Approach = [letter: string, angle: number, neutral: boolean];
const EXTERNAL_APPROACHES: Record<string, Approach[]> = {
  C: [
    ["L", 95, false],
    ["B", 75, false],
  ],
  D: [
    ["J", 93, false],
    ["N", 63, true],
  ],
  S: [
    ["K", 75, false],
    ["S", 45, false],
    ["D", 45, true],
  ],
  T: [
    ["G", 91, false],
    ["F", 90, false],
  ],
  V: [
    ["J", 93, false],
    ["V", 72.5, true],
  ],
  W: [["L", 95, false]],
  R: [
    ["D", 45, true],
    ["G", 90, false],
  ],
};
const INTERNAL_APPROACHES: Record<string, Approach[]> = {
  C: [["L", 95, false]],
  D: [
    ["U", 93, false],
    ["Q", 107.5, false],
  ],
  S: [["K", 75, false]],
  T: [["F", 90, false]],
  V: [["Q", 107.5, false]],
  W: [["L", 95, false]],
};
/** clamping system → insert shapes it is made for */
const EXTERNAL_CLAMPS: Record<string, string> = { P: "CDSTW", M: "CDSTVW", D: "CDSW", S: "CDSTVR" };
const CLAMP_PRICE: Record<string, number> = { P: 1, M: 1.1, D: 1.25, S: 0.95 };

const SHANK_LENGTHS: Record<string, string[]> = {
  "1010": ["H"],
  "1212": ["F", "H"],
  "1616": ["H", "K"],
  "2020": ["K", "M"],
  "2525": ["M", "P"],
  "3225": ["P"],
  "3232": ["P", "R"],
  "4040": ["R", "S"],
};
const SHANK_PRICE: Record<string, number> = {
  "1010": 30000,
  "1212": 33000,
  "1616": 38000,
  "2020": 45000,
  "2525": 58000,
  "3225": 72000,
  "3232": 85000,
  "4040": 120000,
};

function shanksFor(ic: number): string[] {
  if (ic <= 6.35) return ["1010", "1212", "1616", "2020"];
  if (ic <= 10) return ["1212", "1616", "2020", "2525"];
  if (ic <= 13) return ["2020", "2525", "3225", "3232"];
  return ["2525", "3225", "3232", "4040"];
}

const tierPrice = (tier: string) => (tier.includes("-JET") || tier.includes("-HP") ? 1.3 : tier ? 1.08 : 1);

interface ExternalCombo {
  clampCode: string;
  f: Fit;
  approach: Approach;
  hand: Hand;
  shank: string;
  len: string;
}

function externalCombos(): ExternalCombo[] {
  const out: ExternalCombo[] = [];
  for (const [clampCode, shapes] of Object.entries(EXTERNAL_CLAMPS)) {
    const fits = clampCode === "S" ? POSITIVE_FITS : NEGATIVE_FITS;
    for (const f of fits.filter((x) => shapes.includes(x.shape)))
      for (const approach of EXTERNAL_APPROACHES[f.shape])
        for (const hand of approach[2] ? (["N"] as const) : (["R", "L"] as const))
          for (const shank of shanksFor(f.ic)) for (const len of SHANK_LENGTHS[shank]) out.push({ clampCode, f, approach, hand, shank, len });
  }
  return out;
}

function buildExternal(c: ExternalCombo, tier: string): ProductSpec {
  const [letter, angle] = c.approach;
  const h = Number(c.shank.slice(0, 2));
  const b = Number(c.shank.slice(2));
  return {
    ordering_code: `${c.clampCode}${c.f.shape}${letter}${c.f.clearance}${c.hand}${c.shank}${c.len}${c.f.size}${tier}`,
    catalogue_code: `L4-HOLD-EXT-${c.clampCode}-${c.f.shape}`,
    kind: "holder",
    name_zh: `外圆车刀杆 ${angle}° ${HAND_TEXT[c.hand][0]}`,
    name_en: `External turning holder ${angle}° ${HAND_TEXT[c.hand][1]}`,
    specification: `h×b ${h}×${b} mm, L ${LENGTH_MM[c.len]} mm, κr ${angle}°`,
    ...holderInsert(c.f),
    attributes: {
      clamping: c.clampCode,
      approach_angle: angle,
      hand: c.hand,
      shank_h: h,
      shank_b: b,
      length: LENGTH_MM[c.len],
      coolant: tier.includes("-JET") || tier.includes("-HP"),
    },
    mpq: 1,
    basePrice: clamp(Math.round(SHANK_PRICE[c.shank] * CLAMP_PRICE[c.clampCode] * tierPrice(tier)), 30000, 200000),
  };
}

function holderInsert(f: Fit) {
  return {
    grade: null,
    iso_shape: f.shape,
    iso_size: f.size,
    nose_radius: null,
    chip_breaker: null,
    material_groups: "",
    fit_key: `${f.shape}${f.clearance}${f.size}`,
  };
}

const BARS: [dia: string, lengths: string[]][] = [
  ["08", ["H", "K"]],
  ["10", ["H", "K"]],
  ["12", ["K", "M"]],
  ["16", ["M", "Q", "R"]],
  ["20", ["Q", "R", "S"]],
  ["25", ["R", "S", "T"]],
  ["32", ["S", "T", "U"]],
  ["40", ["T", "U"]],
];
const BAR_MATERIAL = { S: ["钢制", "steel"], A: ["钢制内冷", "steel, through coolant"], E: ["硬质合金", "carbide"] } as const;
type BarMaterial = keyof typeof BAR_MATERIAL;

interface BoringCombo {
  material: BarMaterial;
  dia: string;
  len: string;
  clampCode: "P" | "S";
  f: Fit;
  approach: Approach;
  hand: Hand;
}

function boringCombos(): BoringCombo[] {
  const out: BoringCombo[] = [];
  for (const clampCode of ["P", "S"] as const) {
    const fits =
      clampCode === "P"
        ? NEGATIVE_FITS.filter((f) => "CDSTW".includes(f.shape))
        : POSITIVE_FITS.filter((f) => f.shape !== "R" && !(f.shape === "T" && f.clearance === "P"));
    for (const f of fits) {
      // The bar must be thick enough for the pocket: about 2 × IC, negative inserts at least Ø20.
      const minDia = Math.max(clampCode === "P" ? 20 : 8, Math.round(f.ic * 1.6));
      for (const [dia, lengths] of BARS.filter(([d]) => Number(d) >= minDia && Number(d) <= minDia * 3))
        for (const material of Object.keys(BAR_MATERIAL) as BarMaterial[]) {
          if (material === "E" && Number(dia) > 20) continue;
          for (const len of lengths)
            for (const approach of INTERNAL_APPROACHES[f.shape])
              for (const hand of ["R", "L"] as const) out.push({ material, dia, len, clampCode, f, approach, hand });
        }
    }
  }
  return out;
}

function buildBoring(c: BoringCombo, tier: string): ProductSpec {
  const [letter, angle] = c.approach;
  const d = Number(c.dia);
  const base = 30000 + d * d * 70;
  const materialFactor = c.material === "E" ? 1.9 : c.material === "A" ? 1.15 : 1;
  return {
    ordering_code: `${c.material}${c.dia}${c.len}-${c.clampCode}${c.f.shape}${letter}${c.f.clearance}${c.hand}${c.f.size}${tier}`,
    catalogue_code: `L4-HOLD-INT-${c.clampCode}-${c.f.shape}`,
    kind: "holder",
    name_zh: `内孔镗刀杆 ${angle}° ${HAND_TEXT[c.hand][0]}（${BAR_MATERIAL[c.material][0]}）`,
    name_en: `Boring bar ${angle}° ${HAND_TEXT[c.hand][1]} (${BAR_MATERIAL[c.material][1]})`,
    specification: `d ${d} mm, Dmin ${Math.round(d * 1.25)} mm, L ${LENGTH_MM[c.len]} mm, κr ${angle}°`,
    ...holderInsert(c.f),
    attributes: {
      clamping: c.clampCode,
      approach_angle: angle,
      hand: c.hand,
      bar_diameter: d,
      min_bore: Math.round(d * 1.25),
      length: LENGTH_MM[c.len],
      coolant: c.material !== "S",
      shank_material: BAR_MATERIAL[c.material][1],
    },
    mpq: 1,
    basePrice: clamp(Math.round(base * materialFactor * tierPrice(tier)), 30000, 200000),
  };
}

interface GroovingHolderCombo {
  hand: "R" | "L";
  shank: string;
  width: string;
}
const GROOVE_WIDTH_CODES: [code: string, mm: string][] = [
  ["150", "1.5"],
  ["200", "2"],
  ["250", "2.5"],
  ["300", "3"],
  ["400", "4"],
  ["500", "5"],
  ["600", "6"],
];

function groovingHolderCombos(): GroovingHolderCombo[] {
  const out: GroovingHolderCombo[] = [];
  for (const hand of ["R", "L"] as const)
    for (const shank of ["1212", "1616", "2020", "2525", "3232"])
      for (const [width] of GROOVE_WIDTH_CODES) {
        const w = Number(width) / 100;
        if ((w >= 4 && Number(shank) < 2020) || (w <= 2 && Number(shank) > 2525)) continue;
        out.push({ hand, shank, width });
      }
  return out;
}

function buildGroovingHolder(c: GroovingHolderCombo, tier: string): ProductSpec {
  const mm = GROOVE_WIDTH_CODES.find(([code]) => code === c.width)?.[1] ?? "3";
  const h = Number(c.shank.slice(0, 2));
  return {
    ordering_code: `MGEH${c.hand}${c.shank}-${mm}${tier}`,
    catalogue_code: `L4-HOLD-GRV-EXT-${c.hand}`,
    kind: "holder",
    name_zh: `外圆切槽刀杆 ${HAND_TEXT[c.hand][0]}`,
    name_en: `External grooving holder, ${HAND_TEXT[c.hand][1]}`,
    specification: `h×b ${h}×${h} mm, W ${mm} mm`,
    grade: null,
    iso_shape: null,
    iso_size: null,
    nose_radius: null,
    chip_breaker: null,
    material_groups: "",
    fit_key: `MGMN${c.width}`,
    attributes: { hand: c.hand, shank_h: h, groove_width: Number(mm), max_depth: Number(mm) < 3 ? 15 : 20 },
    mpq: 1,
    basePrice: clamp(Math.round((30000 + h * 900) * tierPrice(tier)), 30000, 200000),
  };
}

interface ThreadHolderCombo {
  side: "E" | "I";
  hand: "R" | "L";
  body: string;
  size: "16" | "22";
}
const THREAD_BODIES: [side: "E" | "I", body: string, sizes: ("16" | "22")[]][] = [
  ["E", "1616H", ["16"]],
  ["E", "2020K", ["16"]],
  ["E", "2525M", ["16", "22"]],
  ["E", "3232P", ["16", "22"]],
  ["I", "0016Q", ["16"]],
  ["I", "0020R", ["16"]],
  ["I", "0025S", ["16", "22"]],
  ["I", "0032T", ["22"]],
  ["I", "0040T", ["22"]],
];

function threadHolderCombos(): ThreadHolderCombo[] {
  const out: ThreadHolderCombo[] = [];
  for (const [side, body, sizes] of THREAD_BODIES) for (const size of sizes) for (const hand of ["R", "L"] as const) out.push({ side, hand, body, size });
  return out;
}

function buildThreadHolder(c: ThreadHolderCombo, tier: string): ProductSpec {
  const external = c.side === "E";
  const dims = external ? `h×b ${c.body.slice(0, 2)}×${c.body.slice(2, 4)} mm` : `d ${Number(c.body.slice(0, 4))} mm`;
  return {
    ordering_code: `S${external ? "E" : "N"}${c.hand}${c.body}${c.size}${tier}`,
    catalogue_code: `L4-HOLD-THR-${external ? "EXT" : "INT"}-${c.size}`,
    kind: "holder",
    name_zh: `${external ? "外螺纹刀杆" : "内螺纹刀杆"} ${HAND_TEXT[c.hand][0]}`,
    name_en: `${external ? "External threading holder" : "Internal threading bar"}, ${HAND_TEXT[c.hand][1]}`,
    specification: `${dims}, L ${LENGTH_MM[c.body.slice(-1)]} mm, insert ${c.size}`,
    grade: null,
    iso_shape: null,
    iso_size: c.size,
    nose_radius: null,
    chip_breaker: null,
    material_groups: "",
    fit_key: `${c.size}${c.side}${c.hand}`,
    attributes: { hand: c.hand, external, length: LENGTH_MM[c.body.slice(-1)], insert_size: Number(c.size) },
    mpq: 1,
    basePrice: clamp(Math.round((c.size === "16" ? 36000 : 52000) * (external ? 1 : 1.4) * tierPrice(tier)), 30000, 200000),
  };
}

/** Indexable milling cutters: `EMP01-050-A22-AP16-04` = series, Ø50, arbor 22, APMT16 inserts, 4 teeth. */
interface CutterCombo {
  type: "SHOULDER" | "FACE" | "FEED" | "COPY";
  mount: "ARBOR" | "SHANK";
  dia: number;
  fit: string;
  teeth: number;
}
const CUTTERS = {
  SHOULDER: { series: "EMP01", zh: "直角肩铣刀", en: "Shoulder mill", fits: { AP11: [16, 63], AP16: [25, 160] } },
  FACE: { series: "FMA01", zh: "面铣刀", en: "Face mill", fits: { SE12: [50, 200], SE13: [63, 200], SP12: [63, 200], ON05: [50, 160] } },
  FEED: { series: "EXN03", zh: "高进给铣刀", en: "High-feed mill", fits: { LN03: [20, 63], LN05: [40, 100] } },
  COPY: { series: "EMR01", zh: "仿形铣刀", en: "Copy mill", fits: { RP08: [16, 40], RP10: [20, 63], RP12: [25, 80], RP16: [40, 100] } },
} as const;
const ARBOR_DIAS = [40, 50, 63, 80, 100, 125, 160, 200];
const SHANK_DIAS = [16, 20, 25, 32];
const ARBOR: Record<number, string> = { 40: "A16", 50: "A22", 63: "A22", 80: "A27", 100: "A32", 125: "A40", 160: "A40", 200: "A60" };

function cutterCombos(): CutterCombo[] {
  const out: CutterCombo[] = [];
  for (const type of Object.keys(CUTTERS) as CutterCombo["type"][])
    for (const [fitKey, [min, max]] of Object.entries(CUTTERS[type].fits) as [string, readonly [number, number]][])
      for (const mount of ["ARBOR", "SHANK"] as const) {
        if (type === "FACE" && mount === "SHANK") continue; // face mills are shell mills only
        for (const dia of (mount === "ARBOR" ? ARBOR_DIAS : SHANK_DIAS).filter((d) => d >= min && d <= max)) {
          // coarse, normal and fine pitch
          const pitches = new Set([16, 12, 9].map((k) => Math.max(2, Math.round(dia / k))));
          for (const teeth of pitches) out.push({ type, mount, dia, fit: fitKey, teeth });
        }
      }
  return out;
}

function buildCutter(c: CutterCombo, tier: string): ProductSpec {
  const t = CUTTERS[c.type];
  const mount = c.mount === "ARBOR" ? ARBOR[c.dia] : `C${c.dia}`;
  const shell = c.mount === "ARBOR";
  return {
    ordering_code: `${t.series}-${String(c.dia).padStart(3, "0")}-${mount}-${c.fit}-${String(c.teeth).padStart(2, "0")}${tier}`,
    catalogue_code: `L4-MILL-CUT-${c.type}-${c.mount}`,
    kind: "holder",
    name_zh: `${t.zh}（${shell ? "套式" : "柄式"}）`,
    name_en: `${t.en} (${shell ? "shell" : "shank"} type)`,
    specification: `Dc ${c.dia} mm, z ${c.teeth}, ${shell ? `arbor ${mount.slice(1)} mm` : `shank ${c.dia} mm`}`,
    grade: null,
    iso_shape: c.fit[0],
    iso_size: c.fit.slice(2),
    nose_radius: null,
    chip_breaker: null,
    material_groups: "",
    fit_key: c.fit,
    attributes: { diameter: c.dia, teeth: c.teeth, mount: shell ? "arbor" : "shank", connection: mount, inserts: c.fit, internal_coolant: true },
    mpq: 1,
    basePrice: clamp(Math.round((45000 + c.dia * 800 + c.teeth * 2500) * tierPrice(tier)), 30000, 200000),
  };
}

export const HOLDER_FAMILIES: readonly Family[] = [
  family<ExternalCombo>({ id: "hold-ext", kind: "holder", weight: 0.45, combos: externalCombos, tiers: HOLDER_TIERS, build: buildExternal }),
  family<BoringCombo>({ id: "hold-int", kind: "holder", weight: 0.3, combos: boringCombos, tiers: HOLDER_TIERS, build: buildBoring }),
  family<GroovingHolderCombo>({ id: "hold-grv", kind: "holder", weight: 0.06, combos: groovingHolderCombos, tiers: HOLDER_TIERS, build: buildGroovingHolder }),
  family<ThreadHolderCombo>({ id: "hold-thr", kind: "holder", weight: 0.04, combos: threadHolderCombos, tiers: HOLDER_TIERS, build: buildThreadHolder }),
  family<CutterCombo>({ id: "mill-cut", kind: "holder", weight: 0.15, combos: cutterCombos, tiers: HOLDER_TIERS, build: buildCutter }),
];
