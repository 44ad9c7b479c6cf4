import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/config";
import { formatMoney } from "~/i18n/format";

/** Translates a rule error ({ key: "ns:key", values }) with money values formatted. */
export function useRuleText() {
  const { t, i18n } = useTranslation("order");
  return (e: { key: string; values?: Record<string, string | number> } | null | undefined, currency = "CNY") => {
    if (!e) return "";
    const values: Record<string, string | number> = { ...(e.values ?? {}) };
    if (/credit|Amount/i.test(e.key)) {
      for (const k of ["available", "min"]) {
        if (typeof values[k] === "number") values[k] = formatMoney(values[k] as number, currency, i18n.language as Language);
      }
    }
    return t(e.key, values);
  };
}
