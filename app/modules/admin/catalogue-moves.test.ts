import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { getCuttingData, getNodePath } from "~/modules/catalogue/catalogue.server";
import { insertTestCatalogue, type TestCatalogue } from "../../../tests/helpers/catalogue-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { moveNode, moveTargets, saveNode } from "./catalogue-nodes.server";
import { deleteCuttingData, saveCuttingData, type CuttingInput } from "./cutting-data-admin.server";
import { readVersion } from "./versions.server";

/** Decision 054: moving catalogue nodes, editing a grade's cutting data. */
describe.each(testDatabases())("node moves and cutting data on $name", ({ url }) => {
  let db: DB;
  let tc: TestCatalogue;
  const admin = { id: 1, code: "EMP000001", tenantId: null };
  const level = async (code: string) =>
    await db.selectFrom("catalogue_node").select(["level", "parent_code"]).where("code", "=", code).executeTakeFirstOrThrow();
  const audits = async (entity: string) => db.selectFrom("audit_log").selectAll().where("entity", "=", entity).orderBy("id").execute();
  withFreshDb(url, async (fresh) => {
    db = fresh;
    tc = await insertTestCatalogue(db);
  });

  it("refuses a move into the node's own subtree, beyond level 4, or changing the level of nodes with products", async () => {
    expect(await moveNode(db, admin, "T0101", "T010101")).toMatchObject({ ok: false, error: { key: "adminCatalog:node.error.cycle" } });
    expect(await moveNode(db, admin, "T01", "T0101")).toMatchObject({ ok: false, error: { key: "adminCatalog:node.error.cycle" } });
    expect(await moveNode(db, admin, "T0102", "T010101")).toMatchObject({ ok: false, error: { key: "adminCatalog:node.error.moveTooDeep" } });
    // T01 has two levels below it: under H01 (level 2) its leaves would be level 5
    expect(await moveNode(db, admin, "T01", "H01")).toMatchObject({ ok: false, error: { key: "adminCatalog:node.error.moveTooDeep" } });
    // T0101's level-4 nodes hold products: they cannot become level 3
    expect(await moveNode(db, admin, "T0101", "H")).toMatchObject({ ok: false, error: { key: "adminCatalog:node.error.productsLevel" } });
    expect(await moveNode(db, admin, "T0101", "NOPE")).toMatchObject({ ok: false, error: { key: "adminCatalog:node.error.parentUnknown" } });
    await expect(moveNode(db, admin, "NOPE", "H")).rejects.toThrow(/not found/);
    expect(await level("T0101")).toEqual({ level: 3, parent_code: "T01" });
    expect(await audits("catalogue_node")).toHaveLength(0);
  });

  it("moves a node with its subtree and products, audited once for a double post, and the shop's tree follows", async () => {
    const version = await readVersion(db, "catalogue");
    expect(await moveNode(db, admin, "T0101", "H01")).toEqual({ ok: true, value: { code: "T0101" } });
    expect(await moveNode(db, admin, "T0101", "H01")).toEqual({ ok: true, value: { code: "T0101" } });
    expect(await level("T0101")).toEqual({ level: 3, parent_code: "H01" });
    expect(await level("T010101")).toEqual({ level: 4, parent_code: "T0101" });
    expect(await readVersion(db, "catalogue")).toBeGreaterThan(version);
    const path = await getNodePath(db, "T010101", "en");
    expect(path?.map((n) => n.code)).toEqual(["H", "H01", "T0101", "T010101"]);
    // the products still hang on their node
    const onNode = await db.selectFrom("product").select("id").where("catalogue_code", "=", "T010101").execute();
    expect(onNode.map((r) => r.id)).toContain(tc.products["CNMG120408-DM YBC252"]);
    const log = await audits("catalogue_node");
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0].before_json!)).toEqual({ parent_code: "T01", level: 3 });
  });

  it("recomputes the levels of a subtree without products, and lists only the allowed parents", async () => {
    const input = { labelZh: "x", labelEn: "x", describeZh: "", describeEn: "", showFlag: true, isNonStandard: false, sort: 9 };
    expect((await saveNode(db, admin, { newCode: "XA", parentCode: null }, input)).ok).toBe(true);
    expect((await saveNode(db, admin, { newCode: "XA1", parentCode: "XA" }, input)).ok).toBe(true);
    expect((await saveNode(db, admin, { newCode: "XA11", parentCode: "XA1" }, input)).ok).toBe(true);
    const targets = await moveTargets(db, "XA");
    // XA has two levels below: only level-1 parents fit; never its own subtree
    expect(targets.parents.every((p) => p.level === 1 && p.code !== "XA")).toBe(true);
    expect(targets.topAllowed).toBe(false);
    expect(await moveNode(db, admin, "XA", "H")).toEqual({ ok: true, value: { code: "XA" } });
    expect(await level("XA")).toEqual({ level: 2, parent_code: "H" });
    expect(await level("XA1")).toEqual({ level: 3, parent_code: "XA" });
    expect(await level("XA11")).toEqual({ level: 4, parent_code: "XA1" });
    expect((await moveTargets(db, "XA1")).topAllowed).toBe(true);
    expect(await moveNode(db, admin, "XA1", null)).toEqual({ ok: true, value: { code: "XA1" } });
    expect(await level("XA1")).toEqual({ level: 1, parent_code: null });
    expect(await level("XA11")).toEqual({ level: 2, parent_code: "XA1" });
  });

  it("validates cutting data ranges; a double post leaves one row; delete removes it", async () => {
    const insert = tc.products["CNMG120408-DM YBC252"];
    const good: CuttingInput = { group: "M", vcMin: 120, vcMax: 220, fMin: 0.15, fMax: 0.35, apMin: 0.5, apMax: 3 };
    expect(await saveCuttingData(db, admin, insert, { ...good, vcMin: 300 })).toEqual({
      ok: false,
      error: { key: "adminCatalog:cutting.error.minMax", field: "vcMax" },
    });
    expect(await saveCuttingData(db, admin, insert, { ...good, vcMax: 5000 })).toEqual({
      ok: false,
      error: { key: "adminCatalog:cutting.error.vcRange", field: "vcMax" },
    });
    expect(await saveCuttingData(db, admin, insert, { ...good, fMin: 0 })).toEqual({
      ok: false,
      error: { key: "adminCatalog:cutting.error.fRange", field: "fMin" },
    });
    expect(await saveCuttingData(db, admin, insert, { ...good, apMax: 80 })).toEqual({
      ok: false,
      error: { key: "adminCatalog:cutting.error.apRange", field: "apMax" },
    });
    expect(await saveCuttingData(db, admin, tc.products["PCLNR2525M12"], good)).toEqual({ ok: false, error: { key: "adminCatalog:cutting.error.noGrade" } });
    await expect(saveCuttingData(db, admin, 999_999, good)).rejects.toThrow(/not found/);
    const rows = () => db.selectFrom("cutting_data").selectAll().where("grade", "=", "YBC252").where("material_group", "=", "M").execute();
    expect(await rows()).toHaveLength(0);
    for (let i = 0; i < 2; i++) expect(await saveCuttingData(db, admin, insert, good)).toEqual({ ok: true });
    expect(await rows()).toHaveLength(1);
    const shown = await getCuttingData(db, { grade: "YBC252", kind: "turning_insert" });
    expect(shown.rows.find((r) => r.group === "M")).toEqual({ group: "M", recommended: true, vc: [120, 220], f: [0.15, 0.35], ap: [0.5, 3] });
    expect(await saveCuttingData(db, admin, insert, { ...good, vcMax: 250 })).toEqual({ ok: true });
    expect((await rows())[0].vc_max).toBe(250);
    expect(await deleteCuttingData(db, admin, insert, "M")).toEqual({ ok: true });
    expect(await deleteCuttingData(db, admin, insert, "M")).toEqual({ ok: true });
    expect(await rows()).toHaveLength(0);
    expect((await audits("cutting_data")).map((a) => a.action)).toEqual(["create", "update", "update", "delete"]);
  });
});
