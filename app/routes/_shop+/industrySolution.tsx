import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentPage } from "~/components/content/ContentPage";
import { loadContentPage } from "./__content.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminContent"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.industrySolutions");

export const loader = (args: LoaderFunctionArgs) => loadContentPage(args, "solution");

export default function Page() {
  const { items, item } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <ContentPage title={t("content.solutions")} intro={t("content.solutionsIntro")} items={items} item={item} basePath="/industrySolution" />;
}
