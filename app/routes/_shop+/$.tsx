import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/ErrorPage";

/** Any unknown path: the not-found page, inside the shop layout, with status 404. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return <ErrorPage code={404} title={t("notFound.title")} text={t("notFound.text")} />;
}

export default function NotFound() {
  return null;
}
