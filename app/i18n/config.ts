/** zh is the default and the fallback; en is the second language (spec §9). */
export const supportedLanguages = ["zh", "en"] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = "zh";

/** The codes the legacy client stored for each language (spec §4). */
export const languageCodes: Record<Language, string> = { zh: "zh-hans", en: "en-us" };

/** Namespaces are split by area so that each area owns its own text files. */
export const namespaces = [
  "common",
  "auth",
  "catalogue",
  "order",
  "admin",
  "adminUsers",
  "adminData",
  "adminContent",
  "adminOrders",
  "adminCatalog",
  "feedback",
  "services",
  "support",
  "quotation",
  "bidding",
  "notices",
] as const;

export function toLanguage(value: string | null | undefined): Language {
  if (!value) return defaultLanguage;
  const v = value.toLowerCase();
  if (v === "en" || v.startsWith("en-")) return "en";
  return defaultLanguage;
}

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: defaultLanguage,
  defaultNS: "common",
  ns: [...namespaces],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
