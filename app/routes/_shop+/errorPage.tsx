import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/ErrorPage";
import { formatDateTime } from "~/i18n/format";
import { currentMaintenance } from "~/modules/admin/parameters.server";
import { getDb } from "~/db/index.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.maintenance");

/** The end of the current window in China time, or null outside one (the page then only says maintenance). */
export async function loader() {
  const window = await currentMaintenance(getDb());
  return { until: window ? formatDateTime(new Date(window.end)) : null };
}

/** Where every navigation goes during a maintenance window (spec §4 "Maintenance"), in the visitor's language. */
export default function Maintenance() {
  const { until } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <ErrorPage title={t("errorPage.maintenanceTitle")} text={until ? t("errorPage.maintenanceUntil", { until }) : t("errorPage.maintenance")} />;
}
