import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentPage } from "~/components/content/ContentPage";
import { loadContentPage } from "./__content.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminContent"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.announcements");

export const loader = (args: LoaderFunctionArgs) => loadContentPage(args, "announcement");

export default function Page() {
  const { items, item } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <ContentPage title={t("content.announcements")} intro={t("content.announcementsIntro")} items={items} item={item} basePath="/announcement" />;
}
