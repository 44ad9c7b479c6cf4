/**
 * A schematic top view of an indexable insert from its ISO 1832 data (shape letter, size,
 * nose radius), as SVG path data computed on the server (docs/decisions/025-insert-drawing.md).
 */
export interface InsertDrawing {
  viewBox: string;
  outline: string;
  holeRadius: number | null;
  ic: number; // inscribed circle in mm
  icLabel: string;
  shape: string;
  cornerAngle: number | null;
  scale: number;
}

/** IC in mm by shape and size code (DOMAIN.md). */
const IC: Record<string, Record<string, number>> = {
  C: { "06": 6.35, "09": 9.525, "12": 12.7, "16": 15.875, "19": 19.05 },
  D: { "07": 6.35, "11": 9.525, "15": 12.7 },
  S: { "09": 9.525, "12": 12.7, "15": 15.875, "19": 19.05 },
  T: { "11": 6.35, "16": 9.525, "22": 12.7 },
  V: { "11": 6.35, "16": 9.525 },
  W: { "06": 9.525, "08": 12.7 },
};
const ANGLE: Record<string, number> = { C: 80, D: 55, S: 90, T: 60, V: 35, W: 80 };

export type Pt = [number, number];

export function rhombus(ic: number, angleDeg: number): Pt[] {
  const a = (angleDeg * Math.PI) / 180;
  const side = ic / Math.sin(a);
  const p = side * Math.cos(a / 2); // half the long diagonal
  const q = side * Math.sin(a / 2); // half the short diagonal
  return [
    [p, 0],
    [0, q],
    [-p, 0],
    [0, -q],
  ];
}

export function regular(n: number, circumradius: number, start: number): Pt[] {
  return Array.from({ length: n }, (_, i) => {
    const t = start + (i * 2 * Math.PI) / n;
    return [circumradius * Math.cos(t), circumradius * Math.sin(t)] as Pt;
  });
}

/** The trigon (W): 3 main 80° corners, 3 obtuse 160° corners between them. */
export function trigon(ic: number): Pt[] {
  const r = ic / 2;
  const pts: Pt[] = [];
  for (let i = 0; i < 6; i++) {
    const t = -Math.PI / 2 + (i * Math.PI) / 3;
    const radius = i % 2 === 0 ? r * 1.47 : r * 1.04;
    pts.push([radius * Math.cos(t), radius * Math.sin(t)]);
  }
  return pts;
}

/** A closed path with every corner rounded by radius r (clamped to what the corner allows). */
export function roundedPath(pts: Pt[], r: number): string {
  const n = pts.length;
  const fmt = (v: number) => v.toFixed(3);
  let d = "";
  for (let i = 0; i < n; i++) {
    const prev = pts[(i - 1 + n) % n];
    const cur = pts[i];
    const next = pts[(i + 1) % n];
    const v1: Pt = [prev[0] - cur[0], prev[1] - cur[1]];
    const v2: Pt = [next[0] - cur[0], next[1] - cur[1]];
    const l1 = Math.hypot(...v1);
    const l2 = Math.hypot(...v2);
    const angle = Math.acos((v1[0] * v2[0] + v1[1] * v2[1]) / (l1 * l2));
    const t = Math.min(r / Math.tan(angle / 2), l1 * 0.45, l2 * 0.45);
    const rr = t * Math.tan(angle / 2);
    const a: Pt = [cur[0] + (v1[0] / l1) * t, cur[1] + (v1[1] / l1) * t];
    const b: Pt = [cur[0] + (v2[0] / l2) * t, cur[1] + (v2[1] / l2) * t];
    const sweep = v1[0] * v2[1] - v1[1] * v2[0] < 0 ? 1 : 0;
    d += `${i === 0 ? "M" : "L"}${fmt(a[0])} ${fmt(a[1])} A${fmt(rr)} ${fmt(rr)} 0 0 ${sweep} ${fmt(b[0])} ${fmt(b[1])} `;
  }
  return d + "Z";
}

/**
 * The drawing for an insert, or null when the product is not an insert with a known shape.
 * Coordinates are in mm, centred on the insert; the view box leaves room for the IC label.
 */
export function insertDrawing(input: {
  shape: string | null;
  size: string | null;
  noseRadius: string | null;
  kind: string;
  orderingCode: string;
}): InsertDrawing | null {
  if (!input.kind.endsWith("insert") || !input.shape) return null;
  const shape = input.shape.toUpperCase();
  const radius = Math.max(0.05, Number(input.noseRadius) || 0.4);
  let ic: number;
  let pts: Pt[] | null;
  if (shape === "R") {
    ic = Number(input.size) || 12;
    pts = null;
  } else {
    ic = IC[shape]?.[input.size ?? ""] ?? 12.7;
    if (shape === "S") pts = regular(4, (ic / 2) * Math.SQRT2, Math.PI / 4);
    else if (shape === "T") pts = regular(3, ic, -Math.PI / 2);
    else if (shape === "W") pts = trigon(ic);
    else if (ANGLE[shape]) pts = rhombus(ic, ANGLE[shape]);
    else return null;
  }
  const outline = pts ? roundedPath(pts, radius) : `M${ic / 2} 0 A${ic / 2} ${ic / 2} 0 1 1 ${-ic / 2} 0 A${ic / 2} ${ic / 2} 0 1 1 ${ic / 2} 0 Z`;
  const extent = pts ? Math.max(...pts.map(([x, y]) => Math.max(Math.abs(x), Math.abs(y)))) : ic / 2;
  const pad = extent * 0.12 + 1;
  const half = extent + pad;
  // a hole for pressed inserts with a fixing hole (4th letter G, M, T, A); none for W-type (flat, no hole) codes
  const typeLetter = input.orderingCode.charAt(3).toUpperCase();
  const holeRadius = "GMTAH".includes(typeLetter) ? ic * 0.2 : null;
  return {
    viewBox: `${(-half).toFixed(2)} ${(-half).toFixed(2)} ${(2 * half).toFixed(2)} ${(2 * half + ic * 0.25).toFixed(2)}`,
    outline,
    holeRadius,
    ic,
    icLabel: ic.toFixed(3).replace(/0+$/, "").replace(/\.$/, ""),
    shape,
    cornerAngle: ANGLE[shape] ?? null,
    scale: half,
  };
}
