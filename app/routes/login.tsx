import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LoginForm } from "~/components/auth/LoginForm";
import { LanguageToggle } from "~/components/layout/LanguageToggle";
import { loginAction, loginLoader, loginShouldRevalidate } from "./__login.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "登录", "Sign in");

/** The admin-style login: a card on the dark portal background (spec §2). */
export const loader = ({ request }: LoaderFunctionArgs) => loginLoader(request, "admin");
export const action = ({ request, context }: ActionFunctionArgs) => loginAction(request, context.clientIp);
export const shouldRevalidate = loginShouldRevalidate;

export default function AdminLogin() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation("common");
  return (
    <main id="main" className="admin-login">
      <div className="admin-login-lang">
        <LanguageToggle />
      </div>
      <section className="admin-login-card" aria-labelledby="login-title">
        <h1 id="login-title">{tc("portalTitle")}</h1>
        <p className="admin-login-sub">{t("login.adminSubtitle")}</p>
        <LoginForm {...data} captchaImage={actionData ? actionData.captchaImage : data.captchaImage} lastResult={actionData?.result} />
      </section>
    </main>
  );
}
