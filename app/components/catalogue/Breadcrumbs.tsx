import { useCachedT } from "~/i18n/useCachedT";

export interface Crumb {
  label: string;
  to?: string;
}

/** Plain links (data-nav: the shop layout navigates them in the app once JavaScript runs). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useCachedT("catalogue");
  return (
    <nav aria-label="breadcrumb">
      <ol className="breadcrumbs">
        <li>
          <a data-nav href="/homePage">
            {t("home")}
          </a>
        </li>
        <li>
          <a data-nav href="/product">
            {t("products")}
          </a>
        </li>
        {items.map((c, i) => (
          <li key={i}>
            {c.to && i < items.length - 1 ? (
              <a data-nav href={c.to}>
                {c.label}
              </a>
            ) : (
              <span aria-current={i === items.length - 1 ? "page" : undefined}>{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
