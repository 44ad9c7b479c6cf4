import { describe, expect, it } from "vitest";
import { catalogueNodes } from "~/db/seed/catalogue";
import { generateProducts } from "~/db/seed/products";
import { thumbnailArt } from "./thumbnail-art.server";
import { isThumbKey, nodeThumb, productThumb, THUMB_KEYS, thumbSrc } from "./thumbnail";

describe("productThumb: the picture told from the ordering code, kind and node", () => {
  it.each([
    ["CNMG120408-DM YBC252", "turning_insert", "L4-TURN-NEG-C-M", "C"],
    ["DNMG150604-PM YBC251", "turning_insert", "L4-TURN-NEG-D-F", "D"],
    ["SNMM190608-DR YBC352", "turning_insert", "L4-TURN-NEG-S-R", "S"],
    ["TCMT16T308-HM YBC252", "turning_insert", "L4-TURN-POS-T-M", "T"],
    ["VBMT160412-MM YBM253", "turning_insert", "L4-TURN-POS-V-M", "V"],
    ["WNMG060408-EF YBC201", "turning_insert", "L4-TURN-NEG-W-F", "W"],
    ["RCMT10T3MO-MF YBG205", "turning_insert", "L4-TURN-POS-R-F", "R"],
    ["cnmg 120408", "turning_insert", null, "C"],
    ["MGMN300-G YBG302", "turning_insert", "L4-TURN-GRV-MGMN-G", "groove"],
    ["22ER4.0ISO YBG202", "turning_insert", "L4-TURN-THR-EXT-ISO", "thread"],
    ["16IR10UN YBM253", "turning_insert", null, "thread"],
    ["APMT1604PDER-PM YBC302", "milling_insert", "L4-MILL-INS-AP-P", "A"],
    ["SEKT1204AFTN-MM YBM253", "milling_insert", "L4-MILL-INS-SE-M", "S"],
    ["LNMU0303ZER-KR YBG302", "milling_insert", "L4-MILL-INS-LN-K", "L"],
    ["RPMT1204MO-PR YBC302", "milling_insert", "L4-MILL-INS-RP-P", "R"],
    ["ONHU0505ANEN-PR YBG302", "milling_insert", "L4-MILL-INS-ON-P", "O"],
    ["WCMX06T308-KR YBG302", "milling_insert", "L4-HOLE-IDX-INS-K", "W"],
    ["XYZ-123", "turning_insert", null, "generic"],
    ["4E-D10.0-L75-C YBG205", "end_mill", "L4-SOLID-SQ-4F-G", "end-mill"],
    ["3R-D4.0-L50-R1.0 YD101", "end_mill", "L4-SOLID-CR-3F-G", "end-mill"],
    ["2B-D5.5-L75-R2.75 YBG202", "end_mill", "L4-SOLID-BALL-2F-G", "ball-mill"],
    ["SD5-D6.8-C YD201", "drill", "L4-HOLE-SD-5D-IC", "drill"],
    ["ZD2-D24.0-W25-WC05", "drill", "L4-HOLE-IDX-BODY-2D", "indexable-drill"],
    ["PCLNR2525M12", "holder", "L4-HOLD-EXT-P-C", "holder"],
    ["MGEHL2525-3", "holder", "L4-HOLD-GRV-EXT-L", "holder"],
    ["SER2525M16", "holder", "L4-HOLD-THR-EXT-16", "holder"],
    ["A25R-PTFNR11", "holder", "L4-HOLD-INT-P-T", "boring-bar"],
    ["SNR0016Q16", "holder", null, "boring-bar"],
    ["FMA01-160-A40-ON05-10", "holder", "L4-MILL-CUT-FACE-ARBOR", "cutter"],
    ["ANYTHING", "fixture", null, "generic"],
  ])("%s (%s, %s) → %s", (orderingCode, kind, catalogueCode, key) => {
    expect(productThumb({ orderingCode, kind, catalogueCode })).toBe(key);
  });

  it("gives every product of the demo catalogue a picture of its own family, none the neutral one", () => {
    const keys = new Set<string>();
    for (const p of generateProducts(3000, 7, new Date("2026-11-27T00:00:00Z"))) {
      const key = productThumb({ orderingCode: p.ordering_code, kind: p.kind, catalogueCode: p.catalogue_code });
      expect(key, p.ordering_code).not.toBe("generic");
      keys.add(key);
    }
    expect([...keys].sort()).toEqual(
      [
        "A",
        "C",
        "D",
        "L",
        "O",
        "R",
        "S",
        "T",
        "V",
        "W",
        "ball-mill",
        "boring-bar",
        "cutter",
        "drill",
        "end-mill",
        "groove",
        "holder",
        "indexable-drill",
        "thread",
      ].sort(),
    );
  });
});

describe("nodeThumb: a catalogue tile's representative picture", () => {
  it.each([
    ["L1-TURN", "C"],
    ["L2-TURN-NEG", "C"],
    ["L3-TURN-POS-V", "V"],
    ["L4-TURN-NEG-W-F", "W"],
    ["L2-TURN-GRV", "groove"],
    ["L3-TURN-THR-EXT", "thread"],
    ["L1-MILL", "cutter"],
    ["L2-MILL-INS", "A"],
    ["L3-MILL-INS-ON", "O"],
    ["L3-MILL-CUT-FACE", "cutter"],
    ["L1-HOLE", "drill"],
    ["L2-HOLE-IDX", "indexable-drill"],
    ["L3-HOLE-IDX-INS", "W"],
    ["L1-SOLID", "end-mill"],
    ["L2-SOLID-BALL", "ball-mill"],
    ["L1-HOLD", "holder"],
    ["L2-HOLD-INT", "boring-bar"],
    ["L3-HOLD-THR-INT", "boring-bar"],
    ["L1-NS", "generic"],
    ["", "generic"],
  ])("%s → %s", (code, key) => expect(nodeThumb(code)).toBe(key));

  it("gives every shown node of the demo catalogue above the non-standard branch a family picture", () => {
    for (const n of catalogueNodes().filter((n) => n.show_flag === 1 && n.level < 4 && !n.is_non_standard)) {
      expect(nodeThumb(n.code), n.code).not.toBe("generic");
    }
  });
});

describe("the pictures", () => {
  it("are addressed by key and version, and only known keys are keys", () => {
    expect(thumbSrc("C")).toBe("/thumbnail/C?v=1");
    expect(isThumbKey("end-mill")).toBe(true);
    for (const bad of ["c", "X", "../C", "<script>", ""]) expect(isThumbKey(bad)).toBe(false);
  });

  it.each(THUMB_KEYS)("%s is drawn with finite coordinates inside the 64 × 64 grid", (key) => {
    const parts = thumbnailArt(key);
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) {
      expect(part.d).not.toMatch(/NaN|Infinity/);
      // every coordinate pair after M and L (arc radii and flags are not positions)
      for (const [, x, y] of part.d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)) {
        expect(Number(x)).toBeGreaterThanOrEqual(0);
        expect(Number(x)).toBeLessThanOrEqual(64);
        expect(Number(y)).toBeGreaterThanOrEqual(0);
        expect(Number(y)).toBeLessThanOrEqual(64);
      }
    }
  });
});
