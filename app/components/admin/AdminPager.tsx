import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The page links of a back-office list (GET links, no JavaScript needed): previous, "page x of y",
 * next. `keep` are the list's filter values, carried along; empty ones are left out of the address.
 */
export function AdminPager({ page, pages, keep }: { page: number; pages: number; keep: Record<string, string | null | undefined> }) {
  const { t } = useTranslation("adminContent");
  if (pages <= 1) return null;
  const query = (p: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(keep)) if (value) params.set(name, value);
    params.set("page", String(p));
    return params.toString();
  };
  return (
    <nav className="admin-pager" aria-label={t("common.pages")}>
      {page > 1 ? <Link to={`?${query(page - 1)}`}>{t("common.previous")}</Link> : null}
      <span>{t("common.pageOf", { page, pages })}</span>
      {page < pages ? <Link to={`?${query(page + 1)}`}>{t("common.next")}</Link> : null}
    </nav>
  );
}
