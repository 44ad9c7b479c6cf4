import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentPage } from "~/components/content/ContentPage";
import { loadContentPage } from "./__content.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminContent"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.research");

export const loader = (args: LoaderFunctionArgs) => loadContentPage(args, "research");

export default function Page() {
  const { items, item } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <ContentPage title={t("content.research")} intro={t("content.researchIntro")} items={items} item={item} basePath="/research" />;
}
