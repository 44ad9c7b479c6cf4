import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { getCart } from "~/modules/cart/cart.server";
import { getCatalogueMenu } from "~/modules/catalogue/menu.server";
import { getChildren } from "~/modules/catalogue/catalogue.server";
import { productSearch } from "~/modules/search/search.server";
import { parseKeyword } from "~/modules/search/normalize";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { getNode, saveNode } from "./catalogue-nodes.server";
import { getProductForEdit, saveProduct, saveStock, type ProductInput } from "./catalogue-products.server";
import { getCustomer, setCustomerPrice, setErpAccount, updateCustomer } from "./customers.server";
import { checkOrderingCode } from "./iso-code";
import { getPriceImportJob, readPriceFile, startPriceImport } from "./price-import.server";

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("s");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const HEAD = ["订货号", "牌价（元）", "可用库存", "交货周期（天）"];

describe("ordering codes as the search expects", () => {
  it("derives an ISO insert's selection fields and refuses a bad designation", () => {
    const ok = checkOrderingCode(" cnmg120408-dm ybc252 ", "turning_insert");
    expect(ok).toMatchObject({ ok: true, code: "CNMG120408-DM YBC252", searchCode: "CNMG120408DMYBC252" });
    expect(ok.ok && ok.iso).toEqual({ shape: "C", clearance: "N", size: "12", noseRadius: "0.8", chipBreaker: "DM", grade: "YBC252", fitKey: "CN12" });
    expect(checkOrderingCode("CNMG12040-DM YBC252", "turning_insert")).toEqual({ ok: false, error: "adminCatalog:product.error.isoInvalid" });
    expect(checkOrderingCode("A-B", "holder")).toEqual({ ok: false, error: "adminCatalog:product.error.codeShort" });
    expect(checkOrderingCode("PCLNR2525M12", "holder")).toMatchObject({ ok: true, iso: null });
    expect(checkOrderingCode("X<script>", "drill")).toEqual({ ok: false, error: "adminCatalog:product.error.codeChars" });
  });
});

describe.each(testDatabases())("customers, prices and the catalogue on $name", ({ seeded }) => {
  let db: DB;
  const admin = { id: 0, code: "EMP000001", tenantId: null };
  const one = async (code: string) => db.selectFrom("product").selectAll().where("ordering_code", "=", code).executeTakeFirstOrThrow();
  const tenant = async (code: string) => (await db.selectFrom("tenant").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const audits = async (entity: string) => db.selectFrom("audit_log").selectAll().where("entity", "=", entity).orderBy("id").execute();
  const input = (p: Awaited<ReturnType<typeof one>>, change: Partial<ProductInput> = {}): ProductInput => ({
    orderingCode: p.ordering_code,
    kind: p.kind,
    catalogueCode: p.catalogue_code,
    nameZh: p.name_zh,
    nameEn: p.name_en,
    specification: p.specification,
    grade: p.grade,
    materialGroups: p.material_groups,
    fitKey: p.fit_key,
    attributes: p.attributes,
    unit: p.unit,
    mpq: p.mpq,
    moq: p.moq,
    listPrice: p.list_price,
    status: p.status as "active",
    ...change,
  });

  withFreshDb(
    () => seeded({ products: 80 }),
    async (fresh) => {
      db = fresh;
      admin.id = (await db.selectFrom("app_user").select("id").where("code", "=", "EMP000001").executeTakeFirstOrThrow()).id;
    },
  );

  it("edits a dealer's terms with an audit entry, and shows the shop's credit in use", async () => {
    const c = await db.selectFrom("customer").select(["id", "code"]).where("code", "=", "C10001").executeTakeFirstOrThrow();
    const before = await getCustomer(db, c.id);
    expect(before.entities.length).toBeGreaterThan(0);
    expect(before.masters.map((m) => m.code)).toContain("XCD000001");
    const e = before.entities[0];
    expect(e.available).toBe(Math.max(0, before.customer.credit_limit - e.openPayable));
    await updateCustomer(db, admin, c.id, {
      nameZh: "新名称",
      nameEn: "New name",
      creditLimit: 123_456_00,
      paymentTermsDays: 60,
      billTermsDays: 90,
      discountBp: 750,
      freeShippingAmount: 50_000,
      exportSales: true,
    });
    const after = await getCustomer(db, c.id);
    expect(after.customer).toMatchObject({
      name_zh: "新名称",
      credit_limit: 12_345_600,
      payment_terms_days: 60,
      bill_terms_days: 90,
      discount_bp: 750,
      free_shipping_amount: 50_000,
      export_sales: 1,
    });
    expect(after.entities[0].available).toBe(Math.max(0, 12_345_600 - e.openPayable));
    // the cart's free-shipping threshold is the dealer's own now, the entity's again when cleared
    const u = await db.selectFrom("app_user").select("id").where("code", "=", "XCD000001").executeTakeFirstOrThrow();
    const actor = { id: u.id, customerId: c.id, tenantId: e.id, currency: "CNY", canOrder: true, canSeePrice: true, canSeeStock: true, priceAdjustmentBp: 0 };
    expect((await getCart(db, actor)).tenant.free_shipping_amount).toBe(50_000);
    await updateCustomer(db, admin, c.id, {
      nameZh: "新名称",
      nameEn: "New name",
      creditLimit: 123_456_00,
      paymentTermsDays: 60,
      billTermsDays: 90,
      discountBp: 750,
      freeShippingAmount: null,
      exportSales: true,
    });
    const entityThreshold = (await db.selectFrom("tenant").select("free_shipping_amount").where("id", "=", e.id).executeTakeFirstOrThrow())
      .free_shipping_amount;
    expect((await getCart(db, actor)).tenant.free_shipping_amount).toBe(entityThreshold);
    const log = await audits("customer");
    expect(log.at(-1)).toMatchObject({ action: "update", entity_id: "C10001", user_code: "EMP000001" });
    expect(JSON.parse(log.at(-2)!.before_json!)).toMatchObject({ credit_limit: before.customer.credit_limit });
    expect(JSON.parse(log.at(-1)!.after_json!)).toMatchObject({ free_shipping_amount: null });
    expect(JSON.parse(log.at(-1)!.after_json!)).toMatchObject({ credit_limit: 12_345_600 });
    // a master's ERP account; another dealer's master is a 404
    const master = before.masters.find((m) => m.code === "XCD000001")!;
    await setErpAccount(db, admin, c.id, master.id, "ERP-10001");
    expect((await getCustomer(db, c.id)).masters.find((m) => m.code === "XCD000001")?.erp_account).toBe("ERP-10001");
    const other = await db.selectFrom("app_user").select("id").where("code", "=", "DPC000001").executeTakeFirstOrThrow();
    await expect(setErpAccount(db, admin, c.id, other.id, "X")).rejects.toThrow(/not found/);
    // the internal party is not a customer here
    const staff = await db.selectFrom("customer").select("id").where("kind", "=", "internal").executeTakeFirstOrThrow();
    await expect(getCustomer(db, staff.id)).rejects.toThrow(/not found/);
  });

  it("sets a customer price once for a double post, and refuses another entity", async () => {
    const c = await db.selectFrom("customer").select("id").where("code", "=", "C10001").executeTakeFirstOrThrow();
    const t = (await getCustomer(db, c.id)).entities[0].id;
    const p = await one("CNMG120408-DM YBC252");
    for (let i = 0; i < 2; i++)
      expect(await setCustomerPrice(db, admin, { customerId: c.id, tenantId: t, orderingCode: "cnmg120408-dm ybc252", price: 3000 })).toEqual({
        ok: true,
        value: undefined,
      });
    const rows = await db
      .selectFrom("customer_price")
      .selectAll()
      .where("customer_id", "=", c.id)
      .where("product_id", "=", p.id)
      .where("tenant_id", "=", t)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].price).toBe(3000);
    expect(await setCustomerPrice(db, admin, { customerId: c.id, tenantId: t, orderingCode: "NOPE-123", price: 3000 })).toMatchObject({
      ok: false,
      error: { key: "adminCatalog:price.error.unknownCode", field: "orderingCode" },
    });
    await expect(setCustomerPrice(db, admin, { customerId: c.id, tenantId: 99_999, orderingCode: p.ordering_code, price: 1 })).rejects.toThrow(/not found/);
  });

  it("refuses a bad ISO code with a message, saves a good edit, and the shop's search finds it at once", async () => {
    const p = await one("CNMG120408-DM YBC252");
    const bad = await saveProduct(db, admin, p.id, input(p, { orderingCode: "CNMG1204-DM YBC252" }));
    expect(bad).toEqual({ ok: false, error: { key: "adminCatalog:product.error.isoInvalid", field: "orderingCode" } });
    expect(await saveProduct(db, admin, p.id, input(p, { moq: 15 }))).toMatchObject({ ok: false, error: { key: "adminCatalog:product.error.moqMpq" } });
    expect(await saveProduct(db, admin, p.id, input(p, { attributes: "[1]" }))).toMatchObject({
      ok: false,
      error: { key: "adminCatalog:product.error.attributes" },
    });
    const other = await db.selectFrom("product").select("ordering_code").where("id", "!=", p.id).executeTakeFirstOrThrow();
    expect(await saveProduct(db, admin, p.id, input(p, { orderingCode: other.ordering_code.toLowerCase() }))).toMatchObject({
      ok: false,
      error: { key: "adminCatalog:product.error.codeTaken" },
    });
    expect((await one("CNMG120408-DM YBC252")).name_en).toBe(p.name_en); // nothing changed

    expect(await saveProduct(db, admin, p.id, input(p, { nameEn: "Zephyrite finishing insert", nameZh: "精车刀片泽菲" }))).toMatchObject({
      ok: true,
      value: { id: p.id, orderingCode: p.ordering_code },
    });
    const search = productSearch(db);
    const q = parseKeyword("zephyrite");
    expect(q.ok && (await search.search(q)).ids).toEqual([p.id]);
    const zh = parseKeyword("刀片泽菲");
    expect(zh.ok && (await search.search(zh)).ids).toEqual([p.id]);
    // a new code: the code stages find it, the old code no longer
    expect(await saveProduct(db, admin, p.id, input({ ...p, name_en: "Zephyrite finishing insert" }, { orderingCode: "CNMG120412-DM YBC252" }))).toMatchObject({
      ok: true,
    });
    const saved = await one("CNMG120412-DM YBC252");
    expect(saved).toMatchObject({ search_code: "CNMG120412DMYBC252", nose_radius: "1.2", fit_key: "CN12", iso_shape: "C" });
    const byCode = parseKeyword("cnmg 120412-dm");
    expect(byCode.ok && (await search.search(byCode)).ids[0]).toBe(p.id);
    expect((await audits("product")).length).toBeGreaterThanOrEqual(2);
    // back, for the later tests
    await saveProduct(db, admin, p.id, input(saved, { orderingCode: p.ordering_code }));
  });

  it("adds a product the search finds at once; a taken or bad code is refused", async () => {
    const p = await one("CNMG120408-DM YBC252");
    const fresh = input(p, { orderingCode: "DNMG150612-PR YBC352", nameEn: "Brand-new roughing insert", grade: null });
    expect(await saveProduct(db, admin, null, { ...fresh, orderingCode: p.ordering_code })).toMatchObject({
      ok: false,
      error: { key: "adminCatalog:product.error.codeTaken" },
    });
    expect(await saveProduct(db, admin, null, { ...fresh, orderingCode: "DNMG15061-PR" })).toMatchObject({
      ok: false,
      error: { key: "adminCatalog:product.error.isoInvalid" },
    });
    const made = await saveProduct(db, admin, null, fresh);
    expect(made).toMatchObject({ ok: true, value: { orderingCode: "DNMG150612-PR YBC352" } });
    expect(await one("DNMG150612-PR YBC352")).toMatchObject({
      iso_shape: "D",
      iso_size: "15",
      nose_radius: "1.2",
      chip_breaker: "PR",
      grade: "YBC352",
      fit_key: "DN15",
      status: "active",
    });
    const q = parseKeyword("dnmg 150612-pr ybc352");
    expect(q.ok && (await productSearch(db).search(q)).ids[0]).toBe(made.ok ? made.value.id : 0);
    expect((await audits("product")).at(-1)).toMatchObject({ action: "create" });
  });

  it("edits a node with validation; the shop's cached tree shows it at once", async () => {
    const lang = "en";
    const l1 = await getChildren(db, null, lang);
    await getCatalogueMenu(db, lang); // warm the caches
    const node = await getNode(db, l1[0].code);
    expect(
      await saveNode(
        db,
        admin,
        { code: node.code },
        { labelZh: "", labelEn: "x", describeZh: "", describeEn: "", showFlag: true, isNonStandard: false, sort: 1 },
      ),
    ).toMatchObject({
      ok: false,
      error: { key: "adminCatalog:node.error.labelRequired" },
    });
    expect(
      await saveNode(
        db,
        admin,
        { code: node.code },
        { labelZh: "车削", labelEn: "Turning (edited)", describeZh: "", describeEn: "", showFlag: true, isNonStandard: false, sort: node.sort },
      ),
    ).toEqual({ ok: true, value: { code: node.code } });
    expect((await getChildren(db, null, lang))[0].label).toBe("Turning (edited)");
    expect((await getCatalogueMenu(db, lang)).find((n) => n.code === node.code)?.label).toBe("Turning (edited)");
    const leaf = await db.selectFrom("catalogue_node").select("code").where("level", "=", 4).executeTakeFirstOrThrow();
    expect(
      await saveNode(
        db,
        admin,
        { newCode: "L5-X", parentCode: leaf.code },
        { labelZh: "x", labelEn: "x", describeZh: "", describeEn: "", showFlag: true, isNonStandard: false, sort: 1 },
      ),
    ).toMatchObject({
      ok: false,
      error: { key: "adminCatalog:node.error.tooDeep" },
    });
    expect(
      await saveNode(
        db,
        admin,
        { newCode: node.code, parentCode: null },
        { labelZh: "x", labelEn: "x", describeZh: "", describeEn: "", showFlag: true, isNonStandard: false, sort: 1 },
      ),
    ).toMatchObject({
      error: { key: "adminCatalog:node.error.codeTaken" },
    });
  });

  it("saves a product's stock in an entity", async () => {
    const p = await one("PCLNR2525M12");
    const t = await tenant("2000");
    expect(await saveStock(db, admin, { productId: p.id, tenantId: t, available: 77, leadTimeDays: 9, listPrice: null })).toEqual({ ok: true });
    const edit = await getProductForEdit(db, p.id);
    expect(edit.stock.find((s) => s.tenant.id === t)?.row).toMatchObject({ available: 77, lead_time_days: 9 });
  });

  it("a bad price file is refused whole with its row and column, and changes nothing", async () => {
    const t = await tenant("1000");
    const a = await one("CNMG120408-DM YBC252");
    const b = await one("PCLNR2525M12");
    const stockBefore = await db.selectFrom("stock").selectAll().where("tenant_id", "=", t).orderBy("product_id").execute();
    const bad = await xlsx([HEAD, [a.ordering_code, 40, 100, 5], [b.ordering_code, "12,5", 3, 7]]);
    const read = await readPriceFile(bad);
    expect(read).toEqual({ ok: false, error: { key: "adminCatalog:import.error.priceInvalid", values: { row: 3, column: "B", header: "牌价（元）" } } });
    const job = await startPriceImport(db, admin, { tenantId: t, fileName: "bad.xlsx", buf: bad }, { wait: true });
    expect(job.ok).toBe(true);
    const j = await getPriceImportJob(db, job.ok ? job.jobId : 0);
    expect(j).toMatchObject({ status: "failed", error: { key: "adminCatalog:import.error.priceInvalid", values: { row: 3, column: "B" } } });
    const unknown = await xlsx([HEAD, [a.ordering_code, 40, 100, 5], ["NOPE-0001", 1, 1, 1]]);
    const j2 = await startPriceImport(db, admin, { tenantId: t, fileName: "unknown.xlsx", buf: unknown }, { wait: true });
    expect(await getPriceImportJob(db, j2.ok ? j2.jobId : 0)).toMatchObject({
      status: "failed",
      error: { key: "adminCatalog:import.error.codeUnknown", values: { row: 3, column: "A", code: "NOPE-0001" } },
    });
    expect((await one(a.ordering_code)).list_price).toBe(a.list_price);
    expect(await db.selectFrom("stock").selectAll().where("tenant_id", "=", t).orderBy("product_id").execute()).toEqual(stockBefore);
    expect(
      await readPriceFile(
        await xlsx([
          ["订货号", "数量"],
          ["X", 1],
        ]),
      ),
    ).toMatchObject({ ok: false, error: { key: "adminCatalog:import.error.missingColumns" } });
    expect(await readPriceFile(Buffer.from("not a spreadsheet"))).toMatchObject({ ok: false, error: { key: "adminCatalog:import.error.onlyExcel" } });
    expect(await readPriceFile(await xlsx([HEAD, [a.ordering_code, 1, 1, 1], [a.ordering_code.toLowerCase(), 1, 1, 1]]))).toMatchObject({
      ok: false,
      error: { key: "adminCatalog:import.error.codeTwice", values: { row: 3, first: 2 } },
    });
  });

  it("a good price file updates the entity's list prices and stock, not another entity's; the search finds the products with their new price", async () => {
    const t = await tenant("2000");
    const a = await one("CNMG120408-DM YBC252");
    const b = await one("PCLNR2525M12");
    const entityA = await tenant("1000");
    const otherBefore = await db
      .selectFrom("stock")
      .select(["product_id", "list_price", "available"])
      .where("tenant_id", "=", entityA)
      .orderBy("product_id")
      .execute();
    const good = await xlsx([
      ["Ordering code", "List price (CNY)", "Available stock", "Lead time (days)"],
      [a.ordering_code, 41.5, 250, 4],
      [b.ordering_code, "499", 0, 21],
    ]);
    const job = await startPriceImport(db, admin, { tenantId: t, fileName: "good.xlsx", buf: good }, { wait: true });
    const j = await getPriceImportJob(db, job.ok ? job.jobId : 0);
    expect(j).toMatchObject({ status: "done", total: 2, done: 2, rows: 2, tenant_code: "2000" });
    // the entity's list prices (decision 054); the product master's and entity 1000's stay
    expect((await one(a.ordering_code)).list_price).toBe(a.list_price);
    const stock = await db
      .selectFrom("stock")
      .select(["product_id", "available", "lead_time_days"])
      .where("tenant_id", "=", t)
      .where("product_id", "in", [a.id, b.id])
      .orderBy("product_id")
      .execute();
    expect(stock).toEqual([
      { product_id: Math.min(a.id, b.id), available: a.id < b.id ? 250 : 0, lead_time_days: a.id < b.id ? 4 : 21 },
      { product_id: Math.max(a.id, b.id), available: a.id < b.id ? 0 : 250, lead_time_days: a.id < b.id ? 21 : 4 },
    ]);
    const q = parseKeyword("CNMG120408");
    const found = q.ok ? (await productSearch(db).search(q)).ids : [];
    expect(found).toContain(a.id);
    const prices = await db
      .selectFrom("stock")
      .select(["product_id", "list_price"])
      .where("tenant_id", "=", t)
      .where("product_id", "in", [a.id, b.id])
      .execute();
    expect(new Map(prices.map((r) => [r.product_id, r.list_price]))).toEqual(
      new Map([
        [a.id, 4150],
        [b.id, 49900],
      ]),
    );
    expect(
      await db.selectFrom("stock").select(["product_id", "list_price", "available"]).where("tenant_id", "=", entityA).orderBy("product_id").execute(),
    ).toEqual(otherBefore);
    expect((await audits("price_import")).at(-1)).toMatchObject({ user_code: "EMP000001" });
  });
});
