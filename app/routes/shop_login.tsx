import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ShopLoginShell } from "~/components/auth/AuthShell";
import { LoginForm } from "~/components/auth/LoginForm";
import { loginAction, loginLoader, loginShouldRevalidate } from "./__login.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "登录", "Sign in");

/** The shop-style login (spec §2 public route). */
export const loader = ({ request }: LoaderFunctionArgs) => loginLoader(request, "shop");
export const action = ({ request, context }: ActionFunctionArgs) => loginAction(request, context.clientIp);
export const shouldRevalidate = loginShouldRevalidate;

export default function ShopLogin() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  return (
    <ShopLoginShell title={t("login.title")}>
      <LoginForm {...data} captchaImage={actionData ? actionData.captchaImage : data.captchaImage} lastResult={actionData?.result} />
    </ShopLoginShell>
  );
}
