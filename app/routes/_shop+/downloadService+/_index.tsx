import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentPage } from "~/components/content/ContentPage";
import { loadContentPage } from "../__content.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "下载服务", "Downloads");

export const loader = (args: LoaderFunctionArgs) => loadContentPage(args, "download");

export default function Page() {
  const { items, item } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <ContentPage title={t("content.downloads")} intro={t("content.downloadsIntro")} items={items} item={item} basePath="/downloadService" />;
}
