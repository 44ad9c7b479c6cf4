import { rhombus, regular, roundedPath, trigon, type Pt } from "./drawing";
import type { InsertShape, ThumbKey, ToolShape } from "./thumbnail";

/**
 * The drawings behind /thumbnail/<key> (docs/decisions/069-thumbnails.md): SVG path data on a
 * 64 × 64 grid. Inserts are seen from above, drawn with the product page's geometry (drawing.ts):
 * corners rounded, the chip-breaker land and the fixing hole; tools are side views turned 40°
 * so they fill the square, with the cutting inserts picked out.
 */
export type Tone = "body" | "shank" | "land" | "hole" | "insert" | "line";
export interface Part {
  d: string;
  tone: Tone;
}

export const GRID = 64;
const C = GRID / 2;
const f = (v: number) => (Math.round(v * 100) / 100).toString();

const polygon = (pts: Pt[]) => `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join(" L")} Z`;
const line = (a: Pt, b: Pt) => `M${f(a[0])} ${f(a[1])} L${f(b[0])} ${f(b[1])}`;
const circle = ([x, y]: Pt, r: number) => `M${f(x + r)} ${f(y)} A${f(r)} ${f(r)} 0 1 1 ${f(x - r)} ${f(y)} A${f(r)} ${f(r)} 0 1 1 ${f(x + r)} ${f(y)} Z`;

/** Moves points drawn around (0, 0): scaled, turned by `deg` (clockwise on screen for positive), then centred on `at`. */
function place(pts: Pt[], { scale = 1, deg = 0, at = [C, C] as Pt } = {}): Pt[] {
  const t = (deg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  return pts.map(([x, y]) => [at[0] + scale * (x * cos - y * sin), at[1] + scale * (x * sin + y * cos)]);
}

// ---- inserts, inscribed circle 1 before scaling ----

function parallelogram(long: number, angleDeg: number): Pt[] {
  const off = 1 / Math.tan((angleDeg * Math.PI) / 180);
  return [
    [-long / 2 - off / 2, 0.5],
    [long / 2 - off / 2, 0.5],
    [long / 2 + off / 2, -0.5],
    [-long / 2 + off / 2, -0.5],
  ];
}

const apothem = (n: number) => 0.5 / Math.cos(Math.PI / n);

/** The outline of an insert of inscribed circle 1, or null for the round one. */
function insertOutline(shape: InsertShape): Pt[] | null {
  switch (shape) {
    case "C":
      return rhombus(1, 80);
    case "D":
      return rhombus(1, 55);
    case "E":
      return rhombus(1, 75);
    case "M":
      return rhombus(1, 86);
    case "V":
      return rhombus(1, 35);
    case "S":
      return regular(4, apothem(4), Math.PI / 4);
    case "T":
      return regular(3, 1, -Math.PI / 2);
    case "W":
      return trigon(1);
    case "H":
      return regular(6, apothem(6), 0);
    case "O":
      return regular(8, apothem(8), Math.PI / 8);
    case "P":
      return regular(5, apothem(5), -Math.PI / 2);
    case "A":
      return parallelogram(1.6, 85);
    case "B":
      return parallelogram(1.5, 82);
    case "K":
      return parallelogram(1.7, 55);
    case "L":
      return [
        [-0.85, -0.5],
        [0.85, -0.5],
        [0.85, 0.5],
        [-0.85, 0.5],
      ];
    case "R":
      return null;
  }
}

function insertArt(shape: InsertShape): Part[] {
  const outline = insertOutline(shape);
  const half = 27; // the drawing's largest extent from the centre, in grid units
  if (!outline) {
    return [
      { d: circle([C, C], half * 0.9), tone: "body" },
      { d: circle([C, C], half * 0.68), tone: "land" },
      { d: circle([C, C], half * 0.3), tone: "hole" },
    ];
  }
  // W's outline is drawn around its three main corners, the others around the inscribed circle
  const turn = shape === "V" || shape === "D" ? -30 : 0;
  const extent = Math.max(...place(outline, { deg: turn, at: [0, 0] }).map(([x, y]) => Math.max(Math.abs(x), Math.abs(y))));
  const scale = half / extent;
  const ic = scale; // the inscribed circle, in grid units
  const body = place(outline, { scale, deg: turn });
  const land = place(outline, { scale: scale * 0.74, deg: turn });
  return [
    { d: roundedPath(body, ic * 0.07), tone: "body" },
    { d: roundedPath(land, ic * 0.05), tone: "land" },
    { d: circle([C, C], Math.min(ic * 0.2, 7)), tone: "hole" },
  ];
}

// ---- tools: side views along the x axis around (0, 0), then turned ----

const turned = (pts: Pt[]) => place(pts, { deg: -40, scale: 0.95 });
const tool = (parts: [Pt[], Tone][]): Part[] => parts.map(([pts, tone]) => ({ d: polygon(turned(pts)), tone }));
const turnedLine = (a: Pt, b: Pt) => {
  const [p, q] = turned([a, b]);
  return line(p, q);
};
const rect = (x1: number, y1: number, x2: number, y2: number): Pt[] => [
  [x1, y1],
  [x2, y1],
  [x2, y2],
  [x1, y2],
];

function endMill(ball: boolean): Part[] {
  const shank: Pt[] = [
    [-33, -5],
    [-31, -7],
    [0, -7],
    [0, 7],
    [-31, 7],
    [-33, 5],
  ];
  const flutesPts: Pt[] = ball
    ? [[0, -7], ...Array.from({ length: 9 }, (_, i): Pt => [26 + 7 * Math.sin((i * Math.PI) / 8), -7 * Math.cos((i * Math.PI) / 8)]), [0, 7]]
    : rect(0, -7, 33, 7);
  const helix = [2, 9, 16, 23].map((x) => turnedLine([x, -7], [x + 7, 7]));
  return [...tool([[shank, "shank"]]), { d: roundedPath(turned(flutesPts), 0.8), tone: "body" }, ...helix.map((d) => ({ d, tone: "line" as const }))];
}

function drill(): Part[] {
  const tip: Pt[] = [
    [-2, -6],
    [24, -6],
    [33, 0],
    [24, 6],
    [-2, 6],
  ];
  return [
    ...tool([
      [rect(-33, -7, -2, 7), "shank"],
      [tip, "body"],
    ]),
    ...[0, 8, 16].map((x) => ({ d: turnedLine([x, -6], [x + 9, 6]), tone: "line" as const })),
  ];
}

function indexableDrill(): Part[] {
  return [
    ...tool([
      [rect(-33, -7, -13, 7), "shank"],
      [rect(-13, -10, -8, 10), "shank"],
      [rect(-8, -6, 28, 6), "body"],
      [rect(-6, -1.6, 24, 1.6), "line"],
      [rect(24, -6.5, 31, -1), "insert"],
      [rect(23, 1, 30, 6.5), "insert"],
    ]),
  ];
}

function holder(): Part[] {
  // an external turning holder from above: square shank, head, the insert at the corner
  const body: Pt[] = [
    [3, 30],
    [44, 30],
    [52, 20],
    [61, 20],
    [61, 43],
    [3, 43],
  ];
  const insert = place(rhombus(12, 80), { deg: -40, at: [54, 25] });
  return [
    { d: polygon(body), tone: "shank" },
    { d: line([44, 30], [44, 43]), tone: "line" },
    { d: roundedPath(insert, 0.8), tone: "insert" },
    { d: circle([54, 25], 1.6), tone: "hole" },
  ];
}

function boringBar(): Part[] {
  const bar: Pt[] = [
    [3, 29],
    [50, 29],
    [56, 24],
    [61, 24],
    [61, 39],
    [3, 39],
  ];
  const insert = place(regular(3, 7, -Math.PI / 2), { deg: 15, at: [56, 27] });
  return [
    { d: polygon(bar), tone: "shank" },
    { d: line([6, 32], [48, 32]), tone: "line" },
    { d: roundedPath(insert, 0.7), tone: "insert" },
  ];
}

function cutter(): Part[] {
  // a milling cutter face on: body, six inserts round the rim, the arbor bore with its keyway
  const inserts = Array.from({ length: 6 }, (_, i) => {
    const a = (i * 60 - 90) * (Math.PI / 180);
    const at: Pt = [C + 21 * Math.cos(a), C + 21 * Math.sin(a)];
    return { d: roundedPath(place(rect(-5, -3.5, 5, 3.5), { deg: i * 60 + 20, at }), 0.8), tone: "insert" as const };
  });
  return [
    { d: circle([C, C], 24), tone: "shank" },
    { d: circle([C, C], 14), tone: "line" },
    ...inserts,
    { d: circle([C, C], 7), tone: "hole" },
    { d: polygon(rect(C - 2, C - 9, C + 2, C - 6.5)), tone: "hole" },
  ];
}

function grooveInsert(): Part[] {
  const pts: Pt[] = [
    [-30, -7],
    [-20, -7],
    [-17, -5],
    [17, -5],
    [20, -7],
    [30, -7],
    [30, 7],
    [20, 7],
    [17, 5],
    [-17, 5],
    [-20, 7],
    [-30, 7],
  ];
  return [
    { d: roundedPath(turned(pts), 0.8), tone: "body" },
    { d: turnedLine([-15, 0], [15, 0]), tone: "line" },
  ];
}

function threadInsert(): Part[] {
  // a lay-down threading insert: a triangle whose corners are the thread profile's teeth
  const corners = regular(3, 27, -Math.PI / 2);
  const centre: Pt = [0, 0];
  const pts: Pt[] = [];
  corners.forEach((p, i) => {
    const prev = corners[(i + 2) % 3];
    const next = corners[(i + 1) % 3];
    const along = (q: Pt, d: number): Pt => {
      const l = Math.hypot(q[0] - p[0], q[1] - p[1]);
      return [p[0] + ((q[0] - p[0]) / l) * d, p[1] + ((q[1] - p[1]) / l) * d];
    };
    const inward = (q: Pt, h: number): Pt => {
      const l = Math.hypot(centre[0] - q[0], centre[1] - q[1]);
      return [q[0] + ((centre[0] - q[0]) / l) * h, q[1] + ((centre[1] - q[1]) / l) * h];
    };
    const a = along(prev, 11);
    const b = along(next, 11);
    pts.push(a, inward(along(prev, 8), 3.5), p, inward(along(next, 8), 3.5), b);
  });
  return [
    { d: roundedPath(place(pts, { at: [C, C + 4] }), 0.4), tone: "body" },
    { d: circle([C, C + 4], 5), tone: "hole" },
  ];
}

function generic(): Part[] {
  // a box seen from a corner: what cannot be told from its code
  const hex = place(regular(6, 22, -Math.PI / 2));
  return [
    { d: polygon(hex), tone: "shank" },
    { d: [1, 3, 5].map((i) => line([C, C], hex[i])).join(" "), tone: "line" },
  ];
}

const TOOLS: Record<ToolShape, () => Part[]> = {
  groove: grooveInsert,
  thread: threadInsert,
  "end-mill": () => endMill(false),
  "ball-mill": () => endMill(true),
  drill,
  "indexable-drill": indexableDrill,
  holder,
  "boring-bar": boringBar,
  cutter,
  generic,
};

/** The parts of a picture, back to front. */
export function thumbnailArt(key: ThumbKey): Part[] {
  return key in TOOLS ? TOOLS[key as ToolShape]() : insertArt(key as InsertShape);
}
