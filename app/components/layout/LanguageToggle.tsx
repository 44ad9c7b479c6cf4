import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useCachedT } from "~/i18n/useCachedT";

/** A plain form POST that sets the language and returns to this page (works without JS). */
export function LanguageToggle() {
  const { i18n } = useTranslation();
  const t = useCachedT("common");
  const location = useLocation();
  const next = i18n.language === "en" ? "zh" : "en";
  return (
    <Form method="post" action="/language" className="inline-form" reloadDocument={false}>
      <input type="hidden" name="lng" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="topbar-button" lang={next} aria-label={`${t("language.label")}: ${t("language.switchTo")}`}>
        {t("language.switchTo")}
      </button>
    </Form>
  );
}
