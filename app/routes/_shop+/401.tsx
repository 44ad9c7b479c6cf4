import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/ErrorPage";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.status401");

export default function Unauthorized() {
  const { t } = useTranslation();
  return <ErrorPage code={401} title={t("unauthorized.title")} text={t("unauthorized.text")} />;
}
