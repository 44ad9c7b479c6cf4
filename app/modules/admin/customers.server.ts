import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";
import { creditInfo } from "~/modules/orders/submit.server";
import { recordAudit, type Actor } from "./audit.server";
import { cleanOrderingCode } from "./iso-code";

/**
 * Dealers in the back office (/system/customer; decision 045): their terms (credit limit,
 * payment terms, discount, free-shipping threshold, export sales), their master accounts and
 * company entities, the credit in use as the shop computes it (`creditInfo`, the order form's
 * own function), and their price lists per company entity (`customer_price`). The internal party
 * (staff) is never a customer here: its id is a 404. Every change is audited in its transaction.
 */
export const CUSTOMER_PAGE_SIZE = 30;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A dealer's terms, as the list and the dealer's page show them. */
const customerCols = [
  "id",
  "code",
  "name_zh",
  "name_en",
  "credit_limit",
  "payment_terms_days",
  "bill_terms_days",
  "discount_bp",
  "free_shipping_amount",
  "export_sales",
] as const;

export async function listCustomers(db: DB, filter: { q?: string }, page: number) {
  let q = db.selectFrom("customer").where("kind", "=", "dealer");
  const text = filter.q?.trim();
  if (text) {
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`code like ${like(text.toUpperCase())} escape '\\'`,
        sql<boolean>`name_zh like ${like(text)} escape '\\'`,
        sql<boolean>`lower(name_en) like ${like(text.toLowerCase())} escape '\\'`,
      ]),
    );
  }
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as("n")).execute();
  const rows = await q
    .select(customerCols)
    .orderBy("code")
    .limit(CUSTOMER_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * CUSTOMER_PAGE_SIZE)
    .execute();
  return { total: Number(n), rows };
}

async function dealer(db: DB, id: number) {
  const c = await db.selectFrom("customer").select(customerCols).where("id", "=", id).where("kind", "=", "dealer").executeTakeFirst();
  if (!c) throw new NotFoundError("customer");
  return c;
}

/** The dealer's company entities: those any of its users may sign in to. */
async function entitiesOf(db: DB, customerId: number) {
  return db
    .selectFrom("tenant as t")
    .select(["t.id", "t.code", "t.name_zh", "t.name_en", "t.free_shipping_amount", "t.currency"])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("user_tenant as ut")
          .innerJoin("app_user as u", "u.id", "ut.user_id")
          .select("ut.user_id")
          .whereRef("ut.tenant_id", "=", "t.id")
          .where("u.customer_id", "=", customerId),
      ),
    )
    .orderBy("t.code")
    .execute();
}

export async function getCustomer(db: DB, id: number) {
  const customer = await dealer(db, id);
  const [masters, entities] = await Promise.all([
    db
      .selectFrom("app_user")
      .select(["id", "code", "name", "email", "mobile", "erp_account", "status"])
      .where("customer_id", "=", id)
      .where("master_user_id", "is", null)
      .orderBy("code")
      .execute(),
    entitiesOf(db, id),
  ]);
  const credit = await Promise.all(entities.map((t) => creditInfo(db, { customerId: id, tenantId: t.id })));
  return {
    customer,
    masters,
    entities: entities.map((t, i) => ({ ...t, openPayable: credit[i].openPayable, available: credit[i].available })),
  };
}

export interface CustomerInput {
  nameZh: string;
  nameEn: string;
  creditLimit: number;
  /** on account */
  paymentTermsDays: number;
  /** acceptance bill (decision 054) */
  billTermsDays: number;
  discountBp: number;
  freeShippingAmount: number | null;
  exportSales: boolean;
}

export async function updateCustomer(db: DB, actor: Actor, id: number, input: CustomerInput): Promise<{ ok: true }> {
  return db.transaction().execute(async (tx) => {
    const before = await dealer(tx, id);
    const values = {
      name_zh: input.nameZh.trim(),
      name_en: input.nameEn.trim(),
      credit_limit: input.creditLimit,
      payment_terms_days: input.paymentTermsDays,
      bill_terms_days: input.billTermsDays,
      discount_bp: input.discountBp,
      free_shipping_amount: input.freeShippingAmount,
      export_sales: input.exportSales ? 1 : 0,
    };
    await tx.updateTable("customer").set(values).where("id", "=", id).execute();
    await recordAudit(tx, actor, { action: "update", entity: "customer", entityId: before.code, before, after: { ...before, ...values } });
    return { ok: true as const };
  });
}

/** A master account's ERP account (what orders are sent to the ERP under); only the dealer's own masters. */
export async function setErpAccount(db: DB, actor: Actor, customerId: number, userId: number, erpAccount: string | null): Promise<{ ok: true }> {
  return db.transaction().execute(async (tx) => {
    await dealer(tx, customerId);
    const before = await tx
      .selectFrom("app_user")
      .select(["id", "code", "erp_account"])
      .where("id", "=", userId)
      .where("customer_id", "=", customerId)
      .where("master_user_id", "is", null)
      .executeTakeFirst();
    if (!before) throw new NotFoundError("master account");
    await tx.updateTable("app_user").set({ erp_account: erpAccount, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
    await recordAudit(tx, actor, { action: "update", entity: "app_user", entityId: before.code, before, after: { ...before, erp_account: erpAccount } });
    return { ok: true as const };
  });
}

// ---------- customer price lists ----------

export const PRICE_PAGE_SIZE = 50;

/** The dealer's price list in one of its entities (another entity: 404). */
export async function listCustomerPrices(db: DB, customerId: number, tenantId: number, page: number) {
  await dealer(db, customerId);
  const entities = await entitiesOf(db, customerId);
  if (!entities.some((t) => t.id === tenantId)) throw new NotFoundError("company entity");
  const base = db.selectFrom("customer_price as cp").where("cp.customer_id", "=", customerId).where("cp.tenant_id", "=", tenantId);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<number>().as("n")).execute();
  const rows = await base
    .innerJoin("product as p", "p.id", "cp.product_id")
    // the entity's list price, else the product master's (decision 054)
    .leftJoin("stock as s", (j) => j.onRef("s.product_id", "=", "cp.product_id").onRef("s.tenant_id", "=", "cp.tenant_id"))
    .select(["cp.product_id", "cp.price", "p.ordering_code", "p.name_zh", "p.name_en", (eb) => eb.fn.coalesce("s.list_price", "p.list_price").as("list_price")])
    .orderBy("p.ordering_code")
    .limit(PRICE_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * PRICE_PAGE_SIZE)
    .execute();
  return { total: Number(n), rows, entities };
}

/** Sets (adds or replaces) the dealer's price of a product in an entity; the same post twice has one effect. */
export async function setCustomerPrice(
  db: DB,
  actor: Actor,
  input: { customerId: number; tenantId: number; orderingCode: string; price: number },
): Promise<Result> {
  return db.transaction().execute(async (tx): Promise<Result> => {
    const c = await dealer(tx, input.customerId);
    if (!(await entitiesOf(tx, input.customerId)).some((t) => t.id === input.tenantId)) throw new NotFoundError("company entity");
    const product = await tx
      .selectFrom("product")
      .select(["id", "ordering_code"])
      .where("ordering_code", "=", cleanOrderingCode(input.orderingCode))
      .executeTakeFirst();
    if (!product) return fail("adminCatalog:price.error.unknownCode", undefined, "orderingCode");
    const key = { customer_id: input.customerId, tenant_id: input.tenantId, product_id: product.id };
    const before = await tx
      .selectFrom("customer_price")
      .selectAll()
      .where("customer_id", "=", key.customer_id)
      .where("tenant_id", "=", key.tenant_id)
      .where("product_id", "=", key.product_id)
      .executeTakeFirst();
    await tx
      .insertInto("customer_price")
      .values({ ...key, price: input.price, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["customer_id", "tenant_id", "product_id"]).doUpdateSet({ price: input.price, updated_at: new Date().toISOString() }))
      .execute();
    await recordAudit(tx, actor, {
      action: before ? "update" : "create",
      entity: "customer_price",
      entityId: `${c.code}:${input.tenantId}:${product.ordering_code}`,
      before,
      after: { ...key, price: input.price },
    });
    return ok();
  });
}

export async function deleteCustomerPrice(db: DB, actor: Actor, input: { customerId: number; tenantId: number; productId: number }): Promise<{ ok: true }> {
  return db.transaction().execute(async (tx) => {
    const c = await dealer(tx, input.customerId);
    const before = await tx
      .selectFrom("customer_price")
      .selectAll()
      .where("customer_id", "=", input.customerId)
      .where("tenant_id", "=", input.tenantId)
      .where("product_id", "=", input.productId)
      .executeTakeFirst();
    if (!before) throw new NotFoundError("customer price");
    await tx
      .deleteFrom("customer_price")
      .where("customer_id", "=", input.customerId)
      .where("tenant_id", "=", input.tenantId)
      .where("product_id", "=", input.productId)
      .execute();
    await recordAudit(tx, actor, { action: "delete", entity: "customer_price", entityId: `${c.code}:${input.tenantId}:${input.productId}`, before });
    return { ok: true as const };
  });
}
