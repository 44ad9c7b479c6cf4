import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/ErrorPage";

export const meta: MetaFunction = () => [{ title: "401" }];

export default function Unauthorized() {
  const { t } = useTranslation();
  return <ErrorPage code={401} title={t("unauthorized.title")} text={t("unauthorized.text")} />;
}
