import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { insertTestCatalogue, type TestCatalogue } from "../../../tests/helpers/catalogue-fixtures";
import { parseKeyword, SEARCH_PATTERN, toSearchCode } from "./normalize";
import { likeScanSearch, optimizeSearchIndex, productSearch } from "./search.server";

describe("keyword normalisation", () => {
  it.each([
    ["cnmg 120408", "CNMG120408"],
    ["CNMG-120408", "CNMG120408"],
    ["120408-dm", "120408DM"],
    ["cnmg.120408", "CNMG120408"],
    ["ＣＮＭＧ１２０４０８", "CNMG120408"], // full-width input
    ["CNMG120408-DM YBC252", "CNMG120408DMYBC252"],
  ])("%s → %s", (input, code) => {
    expect(toSearchCode(input)).toBe(code);
    const parsed = parseKeyword(input);
    expect(parsed.ok && parsed.code).toBe(code);
  });

  it.each([
    ["", "search.tooShort"],
    ["ab", "search.tooShort"],
    ["  a b  ", "search.tooShort"],
    ["铣", "search.tooShort"], // one Chinese character
    ["铣a", "search.tooShort"], // two characters, not both Chinese
    [" a  b ", "search.tooShort"],
    ["x".repeat(101), "search.tooLong"],
  ])("rejects %j", (input, error) => {
    const r = parseKeyword(input);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBe(error);
  });

  it("accepts two Chinese characters (铣刀, 菱形 are words) but three of anything else", () => {
    for (const kw of ["铣刀", "菱形", " 铣 刀 ", "abc", "a b c", "CN1"]) expect(parseKeyword(kw).ok, kw).toBe(true);
    const r = parseKeyword("铣刀 硬质合金");
    expect(r.ok && r.terms).toEqual(["铣刀", "硬质合金"]);
    const mixed = parseKeyword("铣刀 ab");
    expect(mixed.ok && mixed.terms).toEqual(["铣刀 ab"]);
  });

  it("the inputs' pattern follows the same rule", () => {
    // the browser anchors the pattern and compiles it with the v flag
    const re = new RegExp(`^(?:${SEARCH_PATTERN})$`, "v");
    for (const kw of ["铣刀", "菱形", " 铣 刀 ", "abc", "a b c", "铣刀片", "铣a b"]) {
      expect(re.test(kw), kw).toBe(true);
      expect(parseKeyword(kw).ok, kw).toBe(true);
    }
    for (const kw of ["铣", "铣a", "ab", " a b ", ""]) {
      expect(re.test(kw), kw).toBe(false);
      expect(parseKeyword(kw).ok, kw).toBe(false);
    }
  });

  it("accepts 3 characters and splits words of 3+ characters", () => {
    expect(parseKeyword("a b c").ok).toBe(true);
    const r = parseKeyword("Turning  insert");
    expect(r.ok && r.terms).toEqual(["turning", "insert"]);
    const short = parseKeyword("cnmg 12");
    expect(short.ok && short.terms).toEqual(["cnmg 12"]);
  });
});

describe.each(testDatabases())("search on $name", ({ url }) => {
  let db: DB;
  let tc: TestCatalogue;
  const code = (id: number) => Object.entries(tc.products).find(([, v]) => v === id)?.[0];
  const find = async (kw: string, page?: { offset?: number; limit?: number }) => {
    const q = parseKeyword(kw);
    if (!q.ok) throw new Error(q.error);
    const r = await productSearch(db).search(q, page);
    return { ...r, codes: r.ids.map(code) };
  };

  withFreshDb(url, async (fresh) => {
    db = fresh;
    tc = await insertTestCatalogue(db);
  });

  it.each(["cnmg 120408", "CNMG-120408", "120408-dm", "CNMG120408-DM YBC252", "cnmg120408dm"])("%s finds CNMG120408-DM YBC252", async (kw) => {
    const r = await find(kw);
    expect(r.codes).toContain("CNMG120408-DM YBC252");
  });

  it("reads a NUL or another control character in the keyword as a space (FTS5 refused it: a 500)", async () => {
    expect((await find("\u0000CNMG120408-DM YBC252")).codes).toContain("CNMG120408-DM YBC252");
    expect((await find("cnmg\u0000120408")).codes).toContain("CNMG120408-DM YBC252");
  });

  it("ranks the exact code first, then code prefixes, then other code matches", async () => {
    const exact = await find("cnmg120408-dm ybc252");
    expect(exact.codes[0]).toBe("CNMG120408-DM YBC252");
    const r = await find("CNMG 120408");
    // prefix matches (by code), then the code that only contains it
    expect(r.codes).toEqual(["CNMG120408-DM YBC252", "CNMG120408-PM YBC152", "XCNMG120408 SPECIAL"]);
    expect(r.total).toBe(3);
    expect(r.capped).toBe(false);
  });

  it("finds Chinese and English names and specifications, all words", async () => {
    expect((await find("铸铁车削")).codes).toEqual(["WNMG080408-KM YBD152"]);
    expect((await find("cast iron")).codes).toEqual(["WNMG080408-KM YBD152"]);
    expect((await find("stainless TURNING")).codes).toEqual(["TNMG160408-MM YBM251"]);
    expect((await find("外圆车刀杆")).codes).toEqual(["PCLNR2525M12"]);
    expect((await find("25×25 L150")).codes).toEqual(["PCLNR2525M12"]);
    const all = await find("数控车削刀片");
    expect(all.total).toBe(5);
  });

  it("finds two-character Chinese words, which a trigram index cannot (issue 29)", async () => {
    expect((await find("刀杆")).codes).toEqual(["PCLNR2525M12"]);
    expect((await find("铸铁")).codes).toEqual(["WNMG080408-KM YBD152"]);
    // two short words, and a short word with a long one
    expect((await find("铸铁 刀片")).codes).toEqual(["WNMG080408-KM YBD152"]);
    expect((await find("不锈钢 车削")).codes).toEqual(["TNMG160408-MM YBM251"]);
    expect((await find("车削 stainless")).codes).toEqual(["TNMG160408-MM YBM251"]);
    expect((await find("铣刀")).ids).toEqual([]);
  });

  it("pages through ranked results with a total", async () => {
    const first = await find("Turning insert", { limit: 3 });
    const second = await find("Turning insert", { offset: 3, limit: 3 });
    expect(first.ids).toHaveLength(3);
    expect(first.total).toBe(7);
    expect(new Set([...first.ids, ...second.ids]).size).toBe(6);
  });

  it("finds nothing for an unknown code", async () => {
    expect(await find("ZZZ999")).toEqual({ ids: [], total: 0, capped: false, codes: [] });
  });

  it("keeps the index in step with product inserts, updates and deletes", async () => {
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto("product")
      .values({
        ordering_code: "VBMT160404-HF YBG202",
        search_code: "VBMT160404HFYBG202",
        catalogue_code: "T010101",
        kind: "turning_insert",
        name_zh: "精车刀片",
        name_en: "Finishing insert",
        specification: "VBMT",
        material_groups: "P",
        attributes: "{}",
        unit: "pc",
        mpq: 10,
        moq: 10,
        list_price: 100,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await find("vbmt 1604")).ids).toEqual([id]);
    await db.updateTable("product").set({ name_en: "Wiper insert" }).where("id", "=", id).execute();
    expect((await find("wiper")).ids).toEqual([id]);
    expect((await find("finishing insert")).ids).toEqual([]);
    await db.deleteFrom("product").where("id", "=", id).execute();
    expect((await find("vbmt 1604")).ids).toEqual([]);
  });

  it("gives the same answers after the index is optimised, and still follows changes", async () => {
    const before = await Promise.all(["cnmg 120408", "Turning insert", "数控车削刀片"].map((kw) => find(kw)));
    await optimizeSearchIndex(db);
    const after = await Promise.all(["cnmg 120408", "Turning insert", "数控车削刀片"].map((kw) => find(kw)));
    expect(after).toEqual(before);
    await db.updateTable("product").set({ name_en: "Heavy roughing insert" }).where("ordering_code", "=", "CNMG120408-DM YBC252").execute();
    expect((await find("heavy roughing")).codes).toEqual(["CNMG120408-DM YBC252"]);
  });

  it("treats LIKE wildcards and FTS syntax in keywords as text", async () => {
    expect((await find('%%% "OR" *')).ids).toEqual([]);
    expect((await find("a_b_c")).ids).toEqual([]);
  });

  it("the LIKE baseline finds the same product", async () => {
    const q = parseKeyword("cnmg 120408");
    if (!q.ok) throw new Error();
    expect((await likeScanSearch(db, q)).map(code)).toContain("CNMG120408-DM YBC252");
  });
});
