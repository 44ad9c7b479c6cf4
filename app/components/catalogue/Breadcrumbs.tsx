import { Link } from "@remix-run/react";
import { useCachedT } from "~/i18n/useCachedT";

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useCachedT("catalogue");
  return (
    <nav aria-label="breadcrumb">
      <ol className="breadcrumbs">
        <li><Link to="/homePage">{t("home")}</Link></li>
        <li><Link to="/product">{t("products")}</Link></li>
        {items.map((c, i) => (
          <li key={i}>{c.to && i < items.length - 1 ? <Link to={c.to}>{c.label}</Link> : <span aria-current={i === items.length - 1 ? "page" : undefined}>{c.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
