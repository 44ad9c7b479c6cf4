import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Previous / next links that keep the other query parameters. */
export function Pager({ page, pageSize, total, query }: { page: number; pageSize: number; total: number; query: string }) {
  const { t } = useTranslation("order");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => `?${query ? `${query}&` : ""}page=${p}`;
  return (
    <nav className="pager" aria-label="pagination">
      <span>{t("orders.total", { n: total })}</span>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t("orders.prev")}
        </Link>
      ) : (
        <span className="muted">{t("orders.prev")}</span>
      )}
      <span>{t("orders.page", { page: Math.min(page, pages), pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t("orders.next")}
        </Link>
      ) : (
        <span className="muted">{t("orders.next")}</span>
      )}
    </nav>
  );
}

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation("order");
  return <span className={`status status-${status}`}>{t(`status.${status}`, { defaultValue: status })}</span>;
}
