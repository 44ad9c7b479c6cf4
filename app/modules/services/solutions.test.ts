import { describe, expect, it } from "vitest";
import { catalogueHref, codeCandidates } from "./solutions.server";

describe("industry solutions: codes named in a text and catalogue links", () => {
  it("finds ordering codes inside Chinese text, not grades or speeds", () => {
    expect(codeCandidates("轮辋精车推荐VCGT160404-AL YD101，线速度 1500 m/min")).toEqual(["VCGT160404AL"]);
    expect(codeCandidates("大型锻件法兰粗车推荐CNMM190616-HR YBC352，配合")).toEqual(["CNMM190616HR"]);
    expect(codeCandidates("进给 0.2 mm/r 或改用 -AM 槽型")).toEqual([]);
  });

  it("links each level to its catalogue page", () => {
    const n = (code: string, level: number) => ({ code, level, parentCode: null, label: code, describe: "", isNonStandard: false });
    expect(catalogueHref([n("L1", 1)])).toBe("/product/productFirst?catalogueCode=L1");
    expect(catalogueHref([n("L1", 1), n("L2", 2)])).toBe("/product/productSecond?catalogueCode=L2&parentCode=L1");
    expect(catalogueHref([n("L1", 1), n("L2", 2), n("L3", 3)])).toBe("/product/productThird?catalogueCode=L3&parentCode=L2");
    expect(catalogueHref([n("L1", 1), n("L2", 2), n("L3", 3), n("L4 X", 4)])).toBe("/product/productThird?catalogueCode=L3&parentCode=L2&leaf=L4%20X");
  });
});
