import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";

export interface TenantOption {
  id: number;
  code: string;
  name: string;
  showName: string;
}

/** The company entities (tenants) this user may work in (spec §3 "Company entity"). */
const userTenantRows = (db: DB, userId: number) =>
  db
    .selectFrom("user_tenant as ut")
    .innerJoin("tenant as t", "t.id", "ut.tenant_id")
    .select(["t.id", "t.code", "t.name_zh", "t.name_en", "t.show_name_zh", "t.show_name_en"])
    .where("ut.user_id", "=", userId)
    .orderBy("t.id")
    .execute();

export async function listUserTenants(db: DB, userId: number, lang: Language): Promise<TenantOption[]> {
  const rows = await userTenantRows(db, userId);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: lang === "en" ? r.name_en : r.name_zh,
    showName: lang === "en" ? r.show_name_en : r.show_name_zh,
  }));
}

/** True when the user may work in this tenant. */
export async function userHasTenant(db: DB, userId: number, tenantId: number): Promise<boolean> {
  const row = await db.selectFrom("user_tenant").select("tenant_id").where("user_id", "=", userId).where("tenant_id", "=", tenantId).executeTakeFirst();
  return !!row;
}
