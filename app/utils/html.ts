const SPECIAL = /[&<>"']/;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text for HTML/SVG element content and quoted attribute values, where markup is written as a
 * string rather than by React: the watermark SVG, which is a CSS background image.
 */
export function escapeHtml(value: string): string {
  return SPECIAL.test(value) ? value.replace(/[&<>"']/g, (c) => ENTITIES[c]) : value;
}
