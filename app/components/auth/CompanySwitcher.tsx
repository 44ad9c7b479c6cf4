import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TenantOption } from "~/modules/auth/tenants.server";

/**
 * The company (tenant) switch in the header: a native select and a confirm button in a plain
 * form (works without JS). The empty choice confirms to nothing (spec §5).
 */
export function CompanySwitcher({ tenants, currentId }: { tenants: TenantOption[]; currentId: number }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  return (
    <Form method="post" action="/switchTenant" className="inline-form company-switcher" data-testid="company-switcher">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="dataareaid" className="visually-hidden">
        {t("tenant.label")}
      </label>
      <select id="dataareaid" name="dataareaid" defaultValue="" key={currentId}>
        <option value="">{t("tenant.choose")}</option>
        {tenants.map((tn) => (
          <option key={tn.id} value={tn.id} disabled={tn.id === currentId}>
            {tn.showName || tn.name} ({tn.code}){tn.id === currentId ? ` · ${t("tenant.current")}` : ""}
          </option>
        ))}
      </select>
      <button type="submit" className="topbar-button switch-button">
        {t("tenant.switch")}
      </button>
    </Form>
  );
}
