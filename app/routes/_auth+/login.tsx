import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LoginForm } from "~/components/auth/LoginForm";
import { useLoginCaptcha } from "~/components/auth/useLoginCaptcha";
import { LanguageToggle } from "~/components/layout/LanguageToggle";
import { loginAction, loginLoader } from "./__login.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.signIn");

/** The admin-style login: a card on the dark portal background (spec §2). */
export const loader = ({ request }: LoaderFunctionArgs) => loginLoader(request, "admin");
export const action = ({ request, context }: ActionFunctionArgs) => loginAction(request, context.clientIp);
/** The action's answer carries the verification code of the cookie it set: reloading the page's data would issue another. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;

export default function AdminLogin() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const captchaImage = useLoginCaptcha(data.captchaImage, actionData);
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
        <LoginForm {...data} captchaImage={captchaImage} lastResult={actionData?.result} staff />
        <p className="admin-login-sub">
          <Link to="/shop_login">{t("login.dealersSignInAtShop")}</Link>
        </p>
      </section>
    </main>
  );
}
