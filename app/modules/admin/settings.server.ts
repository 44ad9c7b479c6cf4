import type { DB } from "~/db/db.server";

/** The settings panel of the admin-style layout (spec §3 "Settings"), kept per user. */
export interface StaffSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** Spec §3/§9: theme colour #032C55, tags view on, fixed header off, sidebar logo on. */
export const DEFAULT_SETTINGS: StaffSettings = { themeColor: "#032C55", tagsView: true, fixedHeader: false, sidebarLogo: true };

export { THEME_COLORS } from "./layout";

export async function getStaffSettings(db: DB, userId: number): Promise<StaffSettings> {
  const row = await db.selectFrom("staff_setting").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return { themeColor: row.theme_color, tagsView: row.tags_view === 1, fixedHeader: row.fixed_header === 1, sidebarLogo: row.sidebar_logo === 1 };
}

export async function saveStaffSettings(db: DB, userId: number, s: StaffSettings): Promise<void> {
  const values = { theme_color: s.themeColor, tags_view: s.tagsView ? 1 : 0, fixed_header: s.fixedHeader ? 1 : 0, sidebar_logo: s.sidebarLogo ? 1 : 0 };
  await db
    .insertInto("staff_setting")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}
