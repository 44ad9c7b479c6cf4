import { escapeHtml } from "~/utils/html";

/**
 * The watermark (spec §9 constants): account code and company code on two lines, line height
 * 25, padding 70, rotated −20°, black, size 18, opacity 0.07, tiles sized so 12 fit across a
 * 1920-pixel-wide window at most. Drawn as a CSS background SVG, so no JavaScript is needed.
 */
export const WATERMARK = { lineHeight: 25, padding: 70, rotate: -20, color: "#000", fontSize: 18, opacity: 0.07, perRow: 12 } as const;

export function watermarkSvg(lines: string[]): string {
  const { lineHeight, padding, rotate, color, fontSize, opacity, perRow } = WATERMARK;
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const textWidth = Math.ceil(longest * fontSize * 0.62);
  const width = Math.max(Math.ceil(1920 / perRow), textWidth + padding);
  const height = lines.length * lineHeight + padding;
  const cx = width / 2;
  const cy = height / 2;
  const top = cy - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((l, i) => `<text x="${cx}" y="${top + i * lineHeight}" text-anchor="middle" dominant-baseline="middle">${escapeHtml(l)}</text>`)
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g transform="rotate(${rotate} ${cx} ${cy})" fill="${color}" fill-opacity="${opacity}" font-size="${fontSize}" font-family="sans-serif">${text}</g></svg>`
  );
}

/** A CSS url() value for the background. */
export function watermarkBackground(lines: string[]): string {
  return `url("data:image/svg+xml;base64,${Buffer.from(watermarkSvg(lines)).toString("base64")}")`;
}
