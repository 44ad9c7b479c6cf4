import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import type { AddressInput } from "./schemas.server";
import { fail, ok, type Result } from "~/modules/result";

/**
 * Shipping addresses of a customer (spec §2 /order/addressManage). Every query is scoped by the
 * actor's customer: another customer's address id is not found (404). Exactly one default
 * address whenever the customer has any.
 */
export interface AddressActor {
  customerId: number;
}

export interface Address {
  id: number;
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  line: string;
  postcode: string;
  isDefault: boolean;
}

const toAddress = (r: {
  id: number;
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  line: string;
  postcode: string;
  is_default: number;
}): Address => ({ ...r, isDefault: r.is_default === 1 });

const cols = ["id", "consignee", "phone", "province", "city", "district", "line", "postcode", "is_default"] as const;

/** The default address first, then the newest. */
export async function listAddresses(db: DB, actor: AddressActor): Promise<Address[]> {
  const rows = await db
    .selectFrom("address")
    .select(cols)
    .where("customer_id", "=", actor.customerId)
    .orderBy("is_default", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toAddress);
}

export async function getAddress(db: DB, actor: AddressActor, id: number): Promise<Address> {
  const row = await db.selectFrom("address").select(cols).where("id", "=", id).where("customer_id", "=", actor.customerId).executeTakeFirst();
  if (!row) throw new NotFoundError("address");
  return toAddress(row);
}

export const MAX_ADDRESSES = 50;

export async function createAddress(db: DB, actor: AddressActor, input: Omit<AddressInput, "intent">, now = new Date()): Promise<Result<number>> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("address").select("id").where("customer_id", "=", actor.customerId).execute();
    if (existing.length >= MAX_ADDRESSES) return fail("auth:address.tooMany");
    const makeDefault = input.isDefault || existing.length === 0;
    if (makeDefault) await trx.updateTable("address").set({ is_default: 0 }).where("customer_id", "=", actor.customerId).execute();
    const row = await trx
      .insertInto("address")
      .values({
        customer_id: actor.customerId,
        consignee: input.consignee,
        phone: input.phone,
        province: input.province,
        city: input.city,
        district: input.district,
        line: input.line,
        postcode: input.postcode ?? "",
        is_default: makeDefault ? 1 : 0,
        updated_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return ok(row.id);
  });
}

export async function updateAddress(db: DB, actor: AddressActor, id: number, input: Omit<AddressInput, "intent">, now = new Date()) {
  const current = await getAddress(db, actor, id);
  await db.transaction().execute(async (trx) => {
    if (input.isDefault && !current.isDefault) {
      await trx.updateTable("address").set({ is_default: 0 }).where("customer_id", "=", actor.customerId).execute();
    }
    await trx
      .updateTable("address")
      .set({
        consignee: input.consignee,
        phone: input.phone,
        province: input.province,
        city: input.city,
        district: input.district,
        line: input.line,
        postcode: input.postcode ?? "",
        // The default can move to another address, not be removed by unticking.
        is_default: input.isDefault || current.isDefault ? 1 : 0,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .where("customer_id", "=", actor.customerId)
      .execute();
  });
}

export async function setDefaultAddress(db: DB, actor: AddressActor, id: number) {
  await getAddress(db, actor, id);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("address").set({ is_default: 0 }).where("customer_id", "=", actor.customerId).execute();
    await trx.updateTable("address").set({ is_default: 1 }).where("id", "=", id).where("customer_id", "=", actor.customerId).execute();
  });
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: DB, actor: AddressActor, id: number) {
  const current = await getAddress(db, actor, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("address").where("id", "=", id).where("customer_id", "=", actor.customerId).execute();
    if (current.isDefault) {
      const next = await trx.selectFrom("address").select("id").where("customer_id", "=", actor.customerId).orderBy("id", "desc").executeTakeFirst();
      if (next) await trx.updateTable("address").set({ is_default: 1 }).where("id", "=", next.id).execute();
    }
  });
}
