import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "./ErrorPage";

/**
 * The error boundary of every shop page: a 404 (an unknown product, another customer's order) or
 * a 403 shows inside the shop layout, with its header, search and menu, and a way on.
 */
export function ShopErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const page =
    status === 404
      ? { code: 404, title: t("notFound.title"), text: t("notFound.text") }
      : status === 401 || status === 403
        ? { code: status, title: t("unauthorized.title"), text: t("unauthorized.text") }
        : { code: undefined, title: t("errorPage.title"), text: t("errorPage.text") };
  return (
    <>
      <ErrorPage {...page} />
      <p className="error-ways-on">
        <Link to="/product">{t("menu.allProducts")}</Link>
        <Link to="/order/order">{t("notFound.myOrders")}</Link>
      </p>
    </>
  );
}
