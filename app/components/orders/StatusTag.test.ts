import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~/modules/orders/status";

/**
 * The status tags' colours (app/styles/shop.css, `.status-<status>`): text on its background
 * must reach WCAG 2 AA's 4.5:1 for normal text (the tags are 13 px).
 */
const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../styles/shop.css"), "utf8");

function rule(selector: string): { background: string; color: string } {
  const m = new RegExp(`^\\${selector} \\{([^}]*)\\}`, "m").exec(css);
  if (!m) throw new Error(`no rule ${selector} in shop.css`);
  const prop = (name: string) => {
    const hex = new RegExp(`(?:^|;)\\s*${name}:\\s*#([0-9a-f]{6}|[0-9a-f]{3})\\b`, "i").exec(m[1])?.[1];
    return hex && `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
  };
  const base = /^\.status\b/.test(selector) && selector !== ".status" ? rule(".status") : undefined;
  const background = prop("background") ?? base?.background;
  const color = prop("color") ?? base?.color;
  if (!background || !color) throw new Error(`${selector} has no #rgb/#rrggbb background and color`);
  return { background, color };
}

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("status tag colours", () => {
  it("computes WCAG contrast (black on white 21:1, #777 on white about 4.48:1)", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it.each([".status", ...ORDER_STATUSES.map((s) => `.status-${s}`)])("%s: text on its background is at least 4.5:1", (selector) => {
    const { background, color } = rule(selector);
    expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
  });
});
