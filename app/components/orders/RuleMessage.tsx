import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/config";
import { ruleValues } from "~/i18n/format";

/** Translates a rule error ({ key: "ns:key", values }) with money values formatted. */
export function useRuleText() {
  const { t, i18n } = useTranslation("order");
  return (e: { key: string; values?: Record<string, string | number> } | null | undefined, currency = "CNY") => {
    if (!e) return "";
    return t(e.key, ruleValues(e.key, e.values, currency, i18n.language as Language));
  };
}
