import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { loadOffers, type OfferActor } from "~/modules/cart/offers.server";
import { NotFoundError } from "~/modules/errors";
import { activePromotionItems } from "./promotions.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { checkPromotion, itemLines, parseItemLines, type PromotionInput } from "./admin-rules";
import { endPromotion, getAdminPromotion, listAdminPromotions, savePromotion, setProductFlag } from "./admin.server";

const HOUR = 3_600_000;
const base = (over: Partial<PromotionInput> = {}): PromotionInput => ({
  kind: "sale",
  titleZh: "测试促销",
  titleEn: "Test sale",
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  discountBp: null,
  minQty: null,
  minAmount: null,
  perCustomerLimit: null,
  giftCode: null,
  giftQty: null,
  items: [{ code: "X", promoPrice: 100, flashStock: null }],
  ...over,
});

describe("promotion rules (pure)", () => {
  it("refuses an end before the start, a price of 0, a discount outside 1–99 %, a negative flash stock", () => {
    const now = Date.now();
    expect(checkPromotion(base({ endsAt: new Date(now - 2 * HOUR).toISOString() }))?.error).toBe("adminContent:promo.err.endBeforeStart");
    expect(checkPromotion(base({ items: [{ code: "X", promoPrice: 0, flashStock: null }] }))?.error).toBe("adminContent:promo.err.price");
    expect(checkPromotion(base({ discountBp: 0 }))?.error).toBe("adminContent:promo.err.discount");
    expect(checkPromotion(base({ discountBp: 10_000 }))?.error).toBe("adminContent:promo.err.discount");
    expect(checkPromotion(base({ discountBp: 100 }))).toBeNull();
    expect(checkPromotion(base({ discountBp: 9900 }))).toBeNull();
    expect(checkPromotion(base({ kind: "flash", items: [{ code: "X", promoPrice: 100, flashStock: -1 }] }))?.error).toBe("adminContent:promo.err.flashStock");
    expect(checkPromotion(base({ kind: "flash", items: [{ code: "X", promoPrice: 100, flashStock: 0 }] }))).toBeNull();
    expect(checkPromotion(base({ items: [{ code: "X", promoPrice: null, flashStock: null }] }))?.error).toBe("adminContent:promo.err.noPrice");
    expect(checkPromotion(base({ kind: "new", items: [{ code: "X", promoPrice: null, flashStock: null }] }))).toBeNull();
  });

  it("reads the product lines and writes them back", () => {
    const parsed = parseItemLines("CNMG120408-PM YBC252, 12.50, 30\nABC；-\n\n");
    expect(parsed).toEqual({
      ok: true,
      items: [
        { code: "CNMG120408-PM YBC252", promoPrice: 1250, flashStock: 30 },
        { code: "ABC", promoPrice: null, flashStock: null },
      ],
    });
    expect(parseItemLines("X, 1.234")).toEqual({ ok: false, line: 1 });
    expect(
      itemLines([
        { code: "A", promoPrice: 1250, flashStock: 30 },
        { code: "B", promoPrice: null, flashStock: null },
      ]),
    ).toBe("A, 12.50, 30\nB, -");
  });
});

/** Promotions maintained in the back office (decision 046) and what the cart then applies. */
describe.each(testDatabases())("promotions in the back office on $name", ({ seeded }) => {
  let db: DB;
  const admin = { id: 0, code: "EMP000004", tenantId: 0 };
  let tenantId = 0;
  let otherTenant = 0;
  let actor: OfferActor;
  let product: { id: number; code: string };
  let other: { id: number; code: string };

  withFreshDb(
    () => seeded({ products: 60 }),
    async (fresh) => {
      db = fresh;
      admin.id = (await db.selectFrom("app_user").select("id").where("code", "=", "EMP000004").executeTakeFirstOrThrow()).id;
      tenantId = (await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirstOrThrow()).id;
      otherTenant = (await db.selectFrom("tenant").select("id").where("code", "=", "2000").executeTakeFirstOrThrow()).id;
      admin.tenantId = tenantId;
      const dealer = await db.selectFrom("app_user").select(["id", "customer_id"]).where("code", "=", "XCD000001").executeTakeFirstOrThrow();
      actor = { id: dealer.id, customerId: dealer.customer_id, tenantId, priceAdjustmentBp: 0 };
      // products of the entity's assortment with a price and no running promotion
      const inPromotion = db.selectFrom("promotion_item").select("product_id");
      const rows = await db
        .selectFrom("product as p")
        .innerJoin("stock as s", (j) => j.onRef("s.product_id", "=", "p.id").on("s.tenant_id", "=", tenantId))
        .select(["p.id", "p.ordering_code"])
        .where("p.list_price", ">", 1000)
        .where("p.status", "=", "active")
        .where("p.id", "not in", inPromotion)
        .orderBy("p.id")
        .limit(2)
        .execute();
      [product, other] = rows.map((r) => ({ id: r.id, code: r.ordering_code }));
    },
  );

  it("a flash sale saved here changes the cart's price and limits for the product; ending it takes them back", async () => {
    const before = (await loadOffers(db, actor, [product.id])).get(product.id)!;
    expect(before.promotions).toEqual([]);
    const saved = await savePromotion(db, admin, {
      tenantId,
      id: null,
      promotion: base({
        kind: "flash",
        titleZh: "秒杀测试",
        titleEn: "Flash test",
        perCustomerLimit: 5,
        items: [{ code: product.code.toLowerCase(), promoPrice: 500, flashStock: 20 }],
      }),
    });
    expect(saved.ok).toBe(true);
    const id = saved.ok ? saved.value.id : 0;
    const during = (await loadOffers(db, actor, [product.id])).get(product.id)!;
    expect(during.promotions).toHaveLength(1);
    expect(during.promotions[0]).toMatchObject({ promotionId: id, kind: "flash", unit: 500, perCustomerLimit: 5, flashStock: 20, flashSold: 0 });
    expect((await activePromotionItems(db, tenantId, [product.id])).map((p) => p.promoPrice)).toEqual([500]);

    // an edit shows at once: a new price and limit
    const edited = await savePromotion(db, admin, {
      tenantId,
      id,
      promotion: base({
        kind: "flash",
        titleZh: "秒杀测试",
        titleEn: "Flash test",
        perCustomerLimit: 2,
        items: [{ code: product.code, promoPrice: 400, flashStock: 10 }],
      }),
    });
    expect(edited.ok).toBe(true);
    expect((await loadOffers(db, actor, [product.id])).get(product.id)!.promotions[0]).toMatchObject({ unit: 400, perCustomerLimit: 2, flashStock: 10 });

    expect(await endPromotion(db, admin, { tenantId, id })).toEqual({ ok: true, changed: true });
    expect((await loadOffers(db, actor, [product.id])).get(product.id)!.promotions).toEqual([]);
    expect(await endPromotion(db, admin, { tenantId, id })).toEqual({ ok: true, changed: false });
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "promotion")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "update"]);
  });

  it("refuses products outside the entity, overlapping flash sales of a product, and a second identical promotion", async () => {
    const unknown = await savePromotion(db, admin, {
      tenantId,
      id: null,
      promotion: base({ items: [{ code: "NO-SUCH-CODE", promoPrice: 100, flashStock: null }] }),
    });
    expect(unknown).toMatchObject({ ok: false, error: { key: "adminContent:promo.err.unknownProducts" } });
    // a product the other entity does not carry
    await db.deleteFrom("stock").where("tenant_id", "=", otherTenant).where("product_id", "=", other.id).execute();
    const notCarried = await savePromotion(db, admin, {
      tenantId: otherTenant,
      id: null,
      promotion: base({ items: [{ code: other.code, promoPrice: 100, flashStock: null }] }),
    });
    expect(notCarried).toMatchObject({ ok: false, error: { key: "adminContent:promo.err.unknownProducts" } });

    const t0 = Math.floor(Date.now() / HOUR) * HOUR;
    const flash = (title: string, fromH: number, toH: number) =>
      base({
        kind: "flash",
        titleZh: title,
        titleEn: title,
        startsAt: new Date(t0 + fromH * HOUR).toISOString(),
        endsAt: new Date(t0 + toH * HOUR).toISOString(),
        items: [{ code: other.code, promoPrice: 300, flashStock: 5 }],
      });
    const first = await savePromotion(db, admin, { tenantId, id: null, promotion: flash("A", 10, 20) });
    expect(first.ok).toBe(true);
    expect(await savePromotion(db, admin, { tenantId, id: null, promotion: flash("B", 15, 30) })).toMatchObject({
      ok: false,
      error: { key: "adminContent:promo.err.flashOverlap" },
    });
    expect((await savePromotion(db, admin, { tenantId, id: null, promotion: flash("C", 20, 30) })).ok).toBe(true);
    // a sale of the same product may run at the same time
    expect(
      (
        await savePromotion(db, admin, {
          tenantId,
          id: null,
          promotion: base({
            titleZh: "同时促销",
            startsAt: new Date(Date.now() + 12 * HOUR).toISOString(),
            items: [{ code: other.code, promoPrice: 900, flashStock: null }],
          }),
        })
      ).ok,
    ).toBe(true);
    // the same form posted twice adds one promotion
    expect(await savePromotion(db, admin, { tenantId, id: null, promotion: flash("A", 10, 20) })).toMatchObject({
      ok: false,
      error: { key: "adminContent:promo.err.exists" },
    });
    expect((await listAdminPromotions(db, { tenantId, state: "upcoming" })).rows.filter((r) => r.titleZh === "A")).toHaveLength(1);
  });

  it("another entity's promotion is not found", async () => {
    const theirs = (await listAdminPromotions(db, { tenantId: otherTenant })).rows[0];
    await expect(getAdminPromotion(db, { tenantId, id: theirs.id })).rejects.toBeInstanceOf(NotFoundError);
    await expect(endPromotion(db, admin, { tenantId, id: theirs.id })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      savePromotion(db, admin, { tenantId, id: theirs.id, promotion: base({ items: [{ code: product.code, promoPrice: 100, flashStock: null }] }) }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("new-product settings mark a product new once", async () => {
    expect(await setProductFlag(db, admin, { code: product.code, which: "new", on: true })).toEqual({ ok: true, value: { changed: true } });
    expect(await setProductFlag(db, admin, { code: product.code, which: "new", on: true })).toEqual({ ok: true, value: { changed: false } });
    expect((await db.selectFrom("product").select("is_new").where("id", "=", product.id).executeTakeFirstOrThrow()).is_new).toBe(1);
    expect(await setProductFlag(db, admin, { code: "NOPE", which: "hot", on: true })).toMatchObject({ ok: false });
  });
});
