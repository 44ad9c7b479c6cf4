import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The back-office layout route; its data (the breadcrumb) is there when a child route fails. */
export const ADMIN_LAYOUT_ID = "routes/system+/_layout";

type Kind = "notFound" | "forbidden" | "error";

function useErrorKind(): { kind: Kind; code?: number } {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return { kind: "notFound", code: 404 };
  if (status === 401 || status === 403) return { kind: "forbidden", code: status };
  return { kind: "error" };
}

function ErrorText({ kind, code }: { kind: Kind; code?: number }) {
  const { t } = useTranslation("admin");
  return (
    <>
      {code ? (
        <p className="admin-error-code" aria-hidden="true">
          {code}
        </p>
      ) : null}
      <h1>{t(`errors.${kind}.title`)}</h1>
      <p>{t(`errors.${kind}.text`)}</p>
    </>
  );
}

/**
 * The error boundary of every back-office page (exported by each route under system+/): a 404
 * (an unknown id), a 403 (a function code the role lacks) or a 500 shows inside the admin layout,
 * whose sidebar and top bar stay, with a way on: the list the page belongs to (the last
 * breadcrumb item above the page) and the dashboard.
 */
export function AdminErrorBoundary() {
  const { kind, code } = useErrorKind();
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const layout = useRouteLoaderData(ADMIN_LAYOUT_ID) as { breadcrumb?: { title: string; href: string | null }[] } | undefined;
  const list = layout?.breadcrumb?.findLast((i) => i.href && i.href !== pathname && i.href !== "/system");
  return (
    <div className="admin-page admin-error" data-testid="error-page">
      <ErrorText kind={kind} code={code} />
      <p className="admin-error-ways">
        {list?.href ? (
          <Link to={list.href} className="btn" data-testid="error-back-to-list">
            {t("errors.backTo", { title: list.title })}
          </Link>
        ) : null}
        <Link to="/system" className={list?.href ? undefined : "btn"} data-testid="error-to-dashboard">
          {t("errors.dashboard")}
        </Link>
      </p>
    </div>
  );
}

/**
 * The error boundary of the back-office layout itself (its loader failed, so there is no sidebar):
 * the same message on a plain page, with the way to the sign-in page and to the shop.
 */
export function AdminLayoutErrorBoundary() {
  const { kind, code } = useErrorKind();
  const { t } = useTranslation("admin");
  return (
    <main id="main" className="admin-main admin-error-outside">
      <div className="admin-page admin-error" data-testid="error-page">
        <ErrorText kind={kind} code={code} />
        <p className="admin-error-ways">
          <Link to="/system" className="btn">
            {t("errors.dashboard")}
          </Link>
          <Link to="/login">{t("errors.signIn")}</Link>
          <Link to="/homePage">{t("errors.shop")}</Link>
        </p>
      </div>
    </main>
  );
}
