import type { DB } from "~/db/db.server";

/**
 * The audit log: every change made in the back office, who made it, when, on which record, and
 * the record before and after (as JSON). Written in the same transaction as the change; there is
 * no function to edit or delete an entry.
 */
export interface Actor {
  id: number;
  code: string;
  tenantId: number | null;
}

export interface AuditEntry {
  action: "create" | "update" | "delete" | "grant" | "lock" | "unlock" | "reset" | "initialise";
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: DB, actor: Actor, entry: AuditEntry, now = new Date()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      created_at: now.toISOString(),
      user_id: actor.id,
      user_code: actor.code,
      tenant_id: actor.tenantId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export interface AuditFilter {
  entity?: string;
  userCode?: string;
  entityId?: string;
  /** YYYY-MM-DD, inclusive */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 50;

export async function listAudit(db: DB, filter: AuditFilter, page: number) {
  let q = db.selectFrom("audit_log");
  if (filter.entity) q = q.where("entity", "=", filter.entity);
  if (filter.userCode) q = q.where("user_code", "=", filter.userCode.toUpperCase());
  if (filter.entityId) q = q.where("entity_id", "=", filter.entityId);
  if (filter.from) q = q.where("created_at", ">=", `${filter.from}T00:00:00`);
  if (filter.to) q = q.where("created_at", "<=", `${filter.to}T23:59:59.999Z`);
  const [{ total }] = await q.select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await q
    .selectAll()
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return { total: Number(total), rows };
}

export async function auditEntities(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("entity").distinct().orderBy("entity").execute();
  return rows.map((r) => r.entity);
}
