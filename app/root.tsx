import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorPage } from "~/components/ErrorPage";
import type { Language } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalSessionUser } from "~/utils/session.server";
import { inMaintenance } from "~/modules/site/maintenance.server";
import { getSiteConfig } from "~/modules/site/site.server";
import { getDb } from "~/db/index.server";
import shopStyles from "~/styles/shop.css";
import { useNonce } from "~/utils/nonce";
import { pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "", "");

export async function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  if (path !== "/errorPage" && (await inMaintenance(getDb()))) throw redirect("/errorPage");
  const user = await getOptionalSessionUser(request);
  const lang = await getLanguage(request, user?.language);
  // only what the document needs (the page background of CRMCPXX accounts), not the whole account
  return { lang, site: getSiteConfig(), partiesId: user?.partiesId ?? null };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang: Language = data?.lang ?? "zh";
  const nonce = useNonce();
  useChangeLanguage(lang);
  // <html data-hydrated>: the page's forms now go through JavaScript (end-to-end tests of what
  // only JavaScript does wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="emotion-insertion-point" content="" />
        <Meta />
        <Links />
      </head>
      {/* Accounts of partiesId CRMCPXX get their own background (spec §6). */}
      <body className={data?.partiesId === "CRMCPXX" ? "crmcp" : undefined}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage code={404} title={t("notFound.title")} text={t("notFound.text")} />;
  }
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 401)) {
    return <ErrorPage code={error.status} title={t("unauthorized.title")} text={t("unauthorized.text")} />;
  }
  return <ErrorPage title={t("errorPage.title")} text={t("errorPage.text")} />;
}
