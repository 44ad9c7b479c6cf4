import { Link } from "@remix-run/react";
import { useCachedT } from "~/i18n/useCachedT";

/** The shop's mark and name, linking home (header and login pages). */
export function BrandLink() {
  const t = useCachedT("common");
  return (
    <Link to="/homePage" className="brand">
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
        <polygon points="18,2 34,18 18,34 2,18" fill="#032C55" />
        <circle cx="18" cy="18" r="5" fill="#fff" />
      </svg>
      <span>
        <strong>{t("portalTitle")}</strong>
        <small>{t("shopName")}</small>
      </span>
    </Link>
  );
}
