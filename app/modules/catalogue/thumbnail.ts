/**
 * Product thumbnails for an image-free shop (docs/decisions/069-thumbnails.md): every product and
 * catalogue tile gets a small schematic picture, chosen here from what a list already reads
 * (the ordering code, the product kind, the catalogue node's code). The pictures themselves are
 * SVG files of the `/thumbnail/<key>` route, the same for everyone and cached for a year.
 *
 * Plain values only: this module is shared by loaders (which pick the key) and components (which
 * build the address).
 */

/** ISO 1832 shape letters (first position of an insert designation) that have a drawing. */
export const INSERT_SHAPES = ["C", "D", "E", "M", "V", "S", "T", "W", "R", "A", "B", "K", "L", "O", "H", "P"] as const;
export type InsertShape = (typeof INSERT_SHAPES)[number];

/** Family silhouettes for what is not an ISO insert, and a neutral one for what cannot be told. */
export const TOOL_SHAPES = ["groove", "thread", "end-mill", "ball-mill", "drill", "indexable-drill", "holder", "boring-bar", "cutter", "generic"] as const;
export type ToolShape = (typeof TOOL_SHAPES)[number];

export type ThumbKey = InsertShape | ToolShape;

export const THUMB_KEYS: readonly ThumbKey[] = [...INSERT_SHAPES, ...TOOL_SHAPES];

/** Raised whenever a picture changes: the addresses change with it, so year-long browser caches never show an old one. */
export const THUMB_VERSION = "1";

export const isThumbKey = (value: string): value is ThumbKey => (THUMB_KEYS as readonly string[]).includes(value);
const isInsertShape = (letter: string | undefined): letter is InsertShape => !!letter && (INSERT_SHAPES as readonly string[]).includes(letter);

/** The picture's address (a versioned, cacheable SVG). */
export const thumbSrc = (key: ThumbKey) => `/thumbnail/${key}?v=${THUMB_VERSION}`;

/**
 * The picture of a product, from its ordering code, kind and catalogue node:
 * - inserts: the ISO shape letter (`CNMG120408` → C, `APMT1604` → A, `ONHU0505` → O); grooving
 *   (`MGMN300`) and lay-down threading inserts (`16ER…`, `22IR…`) their own silhouettes;
 * - solid end mills: ball nose (`4B-…`) or square/corner radius; drills: solid or indexable (`ZD…`);
 * - holders: milling cutters (catalogue MILL), boring bars (ISO 6261 `A25R-…`, `SNR…`) or external holders.
 */
export function productThumb(p: { orderingCode: string; kind: string; catalogueCode?: string | null }): ThumbKey {
  const code = p.orderingCode.trim().toUpperCase();
  const node = (p.catalogueCode ?? "").toUpperCase();
  switch (p.kind) {
    case "turning_insert":
    case "milling_insert": {
      if (/^\d{2}[EI][RL]/.test(code) || node.includes("-THR-")) return "thread";
      if (code.startsWith("MGMN") || node.includes("-GRV-")) return "groove";
      // an ISO designation: shape letter, then the clearance letter
      const letter = code.charAt(0);
      return isInsertShape(letter) && /^[A-Z]$/.test(code.charAt(1)) ? letter : "generic";
    }
    case "end_mill":
      return /^\d+B-/.test(code) ? "ball-mill" : "end-mill";
    case "drill":
      return code.startsWith("ZD") || node.includes("-IDX-") ? "indexable-drill" : "drill";
    case "holder":
      if (node.includes("-MILL-")) return "cutter";
      if (/^[A-Z]\d{2}[A-Z]-/.test(code) || /^SN[RL]/.test(code) || node.includes("-INT-")) return "boring-bar";
      return "holder";
    default:
      return "generic";
  }
}

/**
 * A catalogue tile's representative picture, from the node's code, which reads like its path
 * (`L3-TURN-NEG-C` is turning → negative inserts → C shape; app/db/seed/catalogue.ts). Unknown
 * branches get the neutral picture.
 */
export function nodeThumb(nodeCode: string): ThumbKey {
  const [, a, b, c] = nodeCode.toUpperCase().split("-");
  switch (a) {
    case "TURN":
      if (b === "GRV") return "groove";
      if (b === "THR") return "thread";
      return isInsertShape(c) ? c : "C";
    case "MILL":
      if (b === "INS") {
        const letter = c?.charAt(0);
        return isInsertShape(letter) ? letter : "A";
      }
      return "cutter";
    case "HOLE":
      if (b === "IDX") return c === "INS" ? "W" : "indexable-drill";
      return "drill";
    case "SOLID":
      return b === "BALL" ? "ball-mill" : "end-mill";
    case "HOLD":
      return b === "INT" || c === "INT" ? "boring-bar" : "holder";
    default:
      return "generic";
  }
}
