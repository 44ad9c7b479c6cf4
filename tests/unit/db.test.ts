import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { databaseAnswers } from "~/db/db.server";
import { isPostgres } from "~/db/dialect.server";
import { migrateToLatest } from "~/db/migrate.server";
import { freshDb, testDatabases } from "../helpers/db";

describe.each(testDatabases())("data layer on $name", ({ url }) => {
  let db: DB;
  beforeAll(async () => {
    db = await freshDb(await url());
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("answers the health check and re-running migrations changes nothing", async () => {
    expect(await databaseAnswers(db)).toBe(true);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("stores money as integers and reads large amounts back as numbers", async () => {
    const tenant = await db
      .insertInto("tenant")
      .values({
        code: "1000",
        name_zh: "株洲刀具",
        name_en: "ZZ Tools",
        show_name_zh: "株洲",
        show_name_en: "ZZ",
        currency: "CNY",
        tax_rate_bp: 1300,
        free_shipping_amount: 200_000,
        shipping_fee: 2_000,
      })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    const customer = await db
      .insertInto("customer")
      .values({ code: "C1", name_zh: "甲", name_en: "A", credit_limit: 9_000_000_000, payment_terms_days: 30, discount_bp: 500 })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
    const row = await db.selectFrom("customer").select(["credit_limit"]).where("id", "=", customer.id).executeTakeFirstOrThrow();
    expect(row.credit_limit).toBe(9_000_000_000);
    expect(customer.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(tenant.id).toBeGreaterThan(0);
  });

  it("refuses a second product with the same ordering code", async () => {
    const product = {
      ordering_code: "CNMG120408-DM YBC252",
      search_code: "CNMG120408DMYBC252",
      catalogue_code: "L4",
      kind: "turning_insert",
      name_zh: "车削刀片",
      name_en: "Turning insert",
      specification: "IC 12.70",
      material_groups: "PK",
      attributes: "{}",
      unit: "pc",
      mpq: 10,
      moq: 10,
      updated_at: new Date().toISOString(),
    };
    await db.insertInto("product").values(product).execute();
    await expect(db.insertInto("product").values(product).execute()).rejects.toThrow();
  });

  it("never lets stock go below zero, even when asked to", async () => {
    const tenant = await db.selectFrom("tenant").select("id").executeTakeFirstOrThrow();
    const product = await db.selectFrom("product").select("id").executeTakeFirstOrThrow();
    await db.insertInto("stock").values({ tenant_id: tenant.id, product_id: product.id, available: 5, lead_time_days: 7 }).execute();
    // the conditional update the order code uses: takes 3, then refuses the next 3
    const take = (n: number) =>
      db
        .updateTable("stock")
        .set((eb) => ({ available: eb("available", "-", n) }))
        .where("tenant_id", "=", tenant.id)
        .where("product_id", "=", product.id)
        .where("available", ">=", n)
        .executeTakeFirst();
    expect(Number((await take(3)).numUpdatedRows)).toBe(1);
    expect(Number((await take(3)).numUpdatedRows)).toBe(0);
    // and the check constraint stops a careless unconditional update
    await expect(
      db
        .updateTable("stock")
        .set({ available: sql`available - 10` })
        .where("product_id", "=", product.id)
        .execute(),
    ).rejects.toThrow();
    const stock = await db.selectFrom("stock").select("available").executeTakeFirstOrThrow();
    expect(stock.available).toBe(2);
  });

  it("enforces foreign keys", async () => {
    await expect(db.insertInto("favourite").values({ user_id: 999_999, product_id: 999_999 }).execute()).rejects.toThrow();
  });

  it("reads rows as objects named by their columns: aliases, repeated names, streams, returning", async () => {
    const rows = await sql<Record<string, unknown>>`select 1 as "a", 'x' as "b", null as "c", 'y' || 'z' as "a2", 'first' as "dup", 'second' as "dup"`.execute(
      db,
    );
    expect(rows.rows).toEqual([{ a: 1, b: "x", c: null, a2: "yz", dup: "second" }]);
    const inserted = await db
      .insertInto("tenant")
      .values({
        code: "2000",
        name_zh: "二号",
        name_en: "Two",
        show_name_zh: "二",
        show_name_en: "Two",
        currency: "CNY",
        tax_rate_bp: 1300,
        free_shipping_amount: 0,
        shipping_fee: 0,
      })
      .returning(["id", "code"])
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: expect.any(Number), code: "2000" });
    if (!isPostgres(db)) {
      // streamed rows (the SQLite driver iterates the statement)
      const streamed: { code: string }[] = [];
      for await (const row of db.selectFrom("tenant").select(["code", "name_en"]).orderBy("code").stream()) streamed.push(row);
      expect(streamed.map((r) => r.code)).toEqual(["1000", "2000"]);
      expect(Object.keys(streamed[0])).toEqual(["code", "name_en"]);
    }
    // the same statement again while nothing iterates it, and a column that must not become a prototype
    expect((await db.selectFrom("tenant").select(["code", "name_en"]).orderBy("code").execute()).length).toBe(2);
    const proto = await sql<Record<string, unknown>>`select 7 as "__proto__"`.execute(db);
    expect(Object.getPrototypeOf(proto.rows[0])).toBe(Object.prototype);
  });
});
