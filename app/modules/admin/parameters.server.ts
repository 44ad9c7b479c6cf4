import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { recordAudit, type Actor } from "./audit.server";
import { checkParameter, isInWindow, LANDING_PAGE, MAINTENANCE_WINDOW, parseMaintenanceWindow } from "./parameters";
import { bumpVersion, versionedCache } from "./versions.server";
import { fail, ok, type Result } from "~/modules/result";

export interface ParameterRow {
  code: string;
  value: string;
  description: string;
}

/** All parameters, cached until one changes (every page asks whether the shop is in maintenance). */
const getParameters = versionedCache("sys_parameter", async (db): Promise<Map<string, ParameterRow>> => {
  const rows = await db.selectFrom("sys_parameter").select(["code", "value", "description"]).orderBy("code").execute();
  return new Map(rows.map((r) => [r.code, r]));
});

export async function listParameters(db: DB): Promise<ParameterRow[]> {
  return [...(await getParameters(db)).values()];
}

export async function getParameter(db: DB, code: string): Promise<ParameterRow> {
  const row = (await getParameters(db)).get(code);
  if (!row) throw new NotFoundError("parameter");
  return row;
}

/** The landing page parameter, or null when it is not set. */
export async function landingParameter(db: DB): Promise<string | null> {
  return (await getParameters(db)).get(LANDING_PAGE)?.value || null;
}

/** Whether the server time lies inside the maintenance window (spec §4). */
export async function inMaintenance(db: DB, now = new Date()): Promise<boolean> {
  return isInWindow(parseMaintenanceWindow((await getParameters(db)).get(MAINTENANCE_WINDOW)?.value), now);
}

/** The maintenance window when now lies inside it (the maintenance page says until when), else null. */
export async function currentMaintenance(db: DB, now = new Date()): Promise<{ start: number; end: number } | null> {
  const window = parseMaintenanceWindow((await getParameters(db)).get(MAINTENANCE_WINDOW)?.value);
  return isInWindow(window, now) ? window : null;
}

/** Adds (isNew) or updates a parameter by code; the value is checked by its code's rule. */
export async function saveParameter(db: DB, actor: Actor, input: ParameterRow & { isNew: boolean }): Promise<Result> {
  const invalid = checkParameter(input.code, input.value);
  if (invalid) return fail(`admin:${invalid}`);
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom("sys_parameter").selectAll().where("code", "=", input.code).executeTakeFirst();
    if (input.isNew && before) return fail("admin:param.codeTaken");
    if (!input.isNew && !before) throw new NotFoundError("parameter");
    const row = { code: input.code, value: input.value, description: input.description };
    if (before) await tx.updateTable("sys_parameter").set(row).where("code", "=", input.code).execute();
    else await tx.insertInto("sys_parameter").values(row).execute();
    await recordAudit(tx, actor, { action: before ? "update" : "create", entity: "sys_parameter", entityId: input.code, before, after: row });
    await bumpVersion(tx, "sys_parameter");
    return ok();
  });
}
