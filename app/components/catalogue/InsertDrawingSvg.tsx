import type { InsertDrawing } from "~/modules/catalogue/drawing";

/** The insert drawing computed on the server (drawing.ts), as inline SVG. */
export function InsertDrawingSvg({ drawing, title, icText }: { drawing: InsertDrawing; title: string; icText: string }) {
  const r = drawing.ic / 2;
  const y = drawing.scale + drawing.ic * 0.12;
  const font = Math.max(1.2, drawing.ic * 0.09);
  return (
    <svg className="insert-drawing" viewBox={drawing.viewBox} role="img" aria-label={title} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <path d={drawing.outline} className="insert-body" />
      <circle cx="0" cy="0" r={r} className="insert-ic" />
      {drawing.holeRadius ? <circle cx="0" cy="0" r={drawing.holeRadius} className="insert-hole" /> : null}
      <line x1={-r} y1={y} x2={r} y2={y} className="insert-dim" />
      <line x1={-r} y1={y - font * 0.5} x2={-r} y2={y + font * 0.5} className="insert-dim" />
      <line x1={r} y1={y - font * 0.5} x2={r} y2={y + font * 0.5} className="insert-dim" />
      <text x="0" y={y + font * 1.3} style={{ fontSize: `${font}px` }} textAnchor="middle" className="insert-label">
        {icText} {drawing.icLabel} mm{drawing.cornerAngle ? ` · ${drawing.cornerAngle}°` : ""}
      </text>
    </svg>
  );
}
