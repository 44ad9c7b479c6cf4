import type { Kysely } from "kysely";
import { ERP_MENU, ERP_ROLE, menuRow } from "../seed/roles-menus";
import { bumpVersion } from "~/modules/admin/versions.server";

/**
 * The integration API (issue 30, decision 072).
 * - `erp_handover`: an order handed to the ERP by `submitAndGetDataToErp`: when, in which batch, how
 *   often, and whether the ERP acknowledged it. An order not acknowledged is handed over again once
 *   its lease is over; an acknowledged one never again.
 * - `api_idempotency`: the first answer of an ERP call made with a caller's key, per account and
 *   call: the same key again gets that answer and changes nothing.
 * A database seeded before this migration gains the ERP role and its hidden menu node with the
 * function code `erp:order:sync`; a fresh database gets them from the seed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("erp_handover")
    .addColumn("order_id", "integer", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("batch_id", "varchar(40)", (c) => c.notNull())
    .addColumn("handed_at", "varchar(30)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("acknowledged_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("erp_handover_batch_idx").on("erp_handover").columns(["batch_id"]).execute();
  await db.schema
    .createTable("api_idempotency")
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("call", "varchar(80)", (c) => c.notNull())
    .addColumn("idem_key", "varchar(100)", (c) => c.notNull())
    .addColumn("answer", "text")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("api_idempotency_pk", ["user_id", "call", "idem_key"])
    .execute();
  await addErpRole(db);
}

/** The ERP role and its menu node in a database whose roles and menus were seeded already. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function addErpRole(db: Kysely<any>): Promise<void> {
  const seeded = await db.selectFrom("menu").select("id").where("area", "=", "admin").limit(1).executeTakeFirst();
  if (!seeded) return;
  const present = await db.selectFrom("menu").select("id").where("area", "=", "admin").where("name", "=", ERP_MENU.name).executeTakeFirst();
  if (present) return;
  let role = (await db.selectFrom("role").select("id").where("code", "=", ERP_ROLE.code).executeTakeFirst()) as { id: number } | undefined;
  role ??= (await db.insertInto("role").values(ERP_ROLE).returning("id").executeTakeFirstOrThrow()) as { id: number };
  const last = await db
    .selectFrom("menu")
    .select((eb) => eb.fn.max("sort").as("sort"))
    .where("area", "=", "admin")
    .where("parent_id", "is", null)
    .executeTakeFirst();
  const insert = async (def: typeof ERP_MENU, parentId: number | null, sort: number) => {
    const row = await db
      .insertInto("menu")
      .values(menuRow("admin", def, parentId, sort))
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("role_menu")
      .values({ role_id: role.id, menu_id: row.id as number })
      .execute();
    for (const [i, child] of (def.children ?? []).entries()) await insert(child, row.id as number, (i + 1) * 10);
  };
  await insert(ERP_MENU, null, Number(last?.sort ?? 0) + 10);
  await bumpVersion(db, "menu");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_idempotency").ifExists().execute();
  await db.schema.dropTable("erp_handover").ifExists().execute();
}
