import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ShopLoginShell } from "~/components/auth/AuthShell";
import { LoginForm } from "~/components/auth/LoginForm";
import { useLoginCaptcha } from "~/components/auth/useLoginCaptcha";
import { loginAction, loginLoader } from "./__login.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.signIn");

/** The shop-style login (spec §2 public route). */
export const loader = ({ request }: LoaderFunctionArgs) => loginLoader(request, "shop");
export const action = ({ request, context }: ActionFunctionArgs) => loginAction(request, context.clientIp);
/** The action's answer carries the verification code of the cookie it set: reloading the page's data would issue another. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;

export default function ShopLogin() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const captchaImage = useLoginCaptcha(data.captchaImage, actionData);
  const { t } = useTranslation("auth");
  return (
    <ShopLoginShell title={t("login.title")}>
      <LoginForm {...data} captchaImage={captchaImage} lastResult={actionData?.result} />
    </ShopLoginShell>
  );
}
