/** Choices of the admin-style layout, shared by its forms and their server checks (spec §2, §9). */
export const SIZES = ["default", "medium", "small", "mini"] as const;
export type Size = (typeof SIZES)[number];
/** The theme colours offered; the first is the spec's default. All carry white text at 4.5:1 or more. */
export const THEME_COLORS = ["#032C55", "#1F4E79", "#0B5D4B", "#6B2C91", "#8A1C1C", "#374151"] as const;
