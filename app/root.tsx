import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorPage } from "~/components/ErrorPage";
import type { Language } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18n.server";
import { PageTexts } from "~/i18n/page-texts";
import { getOptionalSessionUser } from "~/utils/session.server";
import { inMaintenance } from "~/modules/admin/parameters.server";
import { grantedFunctionCodes, shopRoles } from "~/modules/admin/menus.server";
import { CRMCPXX } from "~/modules/auth/login.server";
import { isOpenToSelectionOnly, openDuringMaintenance } from "~/modules/auth/access";
import { getSiteConfig } from "~/modules/site/site.server";
import { getDb } from "~/db/index.server";
import shopStyles from "~/styles/shop.css";
import thumbnailStyles from "~/styles/thumbnail.css";
import { useNonce } from "~/utils/nonce";
import { pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: thumbnailStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "");

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const path = new URL(request.url).pathname;
  const user = await getOptionalSessionUser(request, db);
  if (!openDuringMaintenance(path, user) && (await inMaintenance(db))) throw redirect("/errorPage");
  if (user?.partiesId === CRMCPXX && !isOpenToSelectionOnly(path)) throw redirect("/selectionCategory");
  const lang = await getLanguage(request, user?.language);
  // only what the document needs (the page background of CRMCPXX accounts, the function codes
  // that show or hide elements), not the whole account
  const roles = user?.isStaff ? user.roles : shopRoles(user?.roles ?? null);
  const funcCodes = user ? user.funcCodes : await grantedFunctionCodes(db, roles);
  return { lang, site: getSiteConfig(), partiesId: user?.partiesId ?? null, roles, funcCodes: [...funcCodes] };
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
        <PageTexts />
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
