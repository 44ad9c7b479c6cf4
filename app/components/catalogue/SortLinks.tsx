import { useLocation } from "@remix-run/react";
import { SORTS, type ProductSort } from "~/modules/catalogue/sorts";
import { useCachedT } from "~/i18n/useCachedT";

export function SortLinks({ sort }: { sort: ProductSort }) {
  const t = useCachedT("catalogue");
  const location = useLocation();
  const href = (s: ProductSort) => {
    const params = new URLSearchParams(location.search);
    params.set("sort", s);
    params.delete("page");
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav className="sort-links" aria-label={t("sort.label")}>
      <span>{t("sort.label")}:</span>
      {SORTS.map((s) =>
        s === sort ? (
          <span key={s} className="sort-current" aria-current="true">
            {t(`sort.${s}`)}
          </span>
        ) : (
          <a key={s} data-nav href={href(s)} rel="nofollow">
            {t(`sort.${s}`)}
          </a>
        ),
      )}
    </nav>
  );
}
