import { z } from "zod";
import { formatDateTime, SHOP_UTC_OFFSET } from "~/i18n/format";

/**
 * System parameters (spec §7 `/basesysparameters`) and the rules of the two the shop reads:
 * `index`, the landing page (a path inside the shop, or empty for "the first page the menu
 * allows"), and `errorPage`, the maintenance window {"startTime","endTime"} (spec §4).
 * Pure, so the parameter screen and the tests share them.
 */
export const LANDING_PAGE = "index";
export const MAINTENANCE_WINDOW = "errorPage";

const isoWithOffset = z.string().datetime({ offset: true });
export const maintenanceWindowSchema = z
  .object({ startTime: isoWithOffset, endTime: isoWithOffset })
  .refine((w) => Date.parse(w.endTime) > Date.parse(w.startTime), { message: "param.windowOrder", path: ["endTime"] });

export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

export function parseMaintenanceWindow(value: string | null | undefined): { start: number; end: number } | null {
  if (!value) return null;
  try {
    const w = maintenanceWindowSchema.parse(JSON.parse(value));
    return { start: Date.parse(w.startTime), end: Date.parse(w.endTime) };
  } catch {
    return null; // a malformed setting must not take the shop down
  }
}

export function isInWindow(window: { start: number; end: number } | null, now: Date): boolean {
  return !!window && now.getTime() >= window.start && now.getTime() < window.end;
}

/** A landing page must be a path of this site: "/x", never "//host" or a full address. */
export function isLandingPath(value: string): boolean {
  return value === "" || (/^\/(?!\/)[^\s\\]*$/.test(value) && value.length <= 300);
}

/** `YYYY-MM-DDTHH:mm` from a datetime-local input, read as China time. */
export function localToIso(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local}${SHOP_UTC_OFFSET}`;
}

/** The other way, for the input's value. */
export function isoToLocal(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  return formatDateTime(new Date(t), "T");
}

/** Checks a parameter's value by its code; null when it is fine, else an i18n key. */
export function checkParameter(code: string, value: string): string | null {
  if (code === LANDING_PAGE) return isLandingPath(value) ? null : "param.landingInvalid";
  if (code === MAINTENANCE_WINDOW) return parseMaintenanceWindow(value) ? null : "param.windowInvalid";
  return null;
}
