import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/ErrorPage";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.maintenance");

/** Where every navigation goes during a maintenance window (spec §4 "Maintenance"). */
export default function Maintenance() {
  const { t } = useTranslation();
  return <ErrorPage title={t("errorPage.title")} text={t("errorPage.maintenance")} />;
}
