import { useLocation } from "@remix-run/react";
import { useCachedT } from "~/i18n/useCachedT";

/** Page links (GET, work without JS) keeping the other query parameters; data-nav: see ShopLayout. */
export function Pager({ page, total, pageSize, param = "page" }: { page: number; total: number; pageSize: number; param?: string }) {
  const t = useCachedT("common");
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(p));
    return `${location.pathname}?${params.toString()}`;
  };
  const around = [page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages);
  return (
    <nav className="pager" aria-label={t("paging.label")}>
      {page > 1 ? (
        <a data-nav href={href(page - 1)} rel="prev">
          ‹ {t("paging.prev")}
        </a>
      ) : (
        <span className="pager-off">‹ {t("paging.prev")}</span>
      )}
      {around[0] > 1 ? (
        <>
          <a data-nav href={href(1)}>
            1
          </a>
          {around[0] > 2 ? <span>…</span> : null}
        </>
      ) : null}
      {around.map((p) =>
        p === page ? (
          <span key={p} className="pager-current" aria-current="page">
            {p}
          </span>
        ) : (
          <a key={p} data-nav href={href(p)}>
            {p}
          </a>
        ),
      )}
      {around[around.length - 1] < pages ? (
        <>
          {around[around.length - 1] < pages - 1 ? <span>…</span> : null}
          <a data-nav href={href(pages)}>
            {pages}
          </a>
        </>
      ) : null}
      {page < pages ? (
        <a data-nav href={href(page + 1)} rel="next">
          {t("paging.next")} ›
        </a>
      ) : (
        <span className="pager-off">{t("paging.next")} ›</span>
      )}
      <span className="pager-info">{t("paging.page", { page, pages })}</span>
    </nav>
  );
}
